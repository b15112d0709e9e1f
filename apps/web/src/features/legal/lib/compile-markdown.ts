/**
 * Build-time Markdown for the site's own content files (src/content/*.md), read by markdown-it
 * (docs/decisions/026). `vite.config.ts` and `vitest.config.ts` import each `*.md` file as its
 * compiled document (`markdownDocuments()` below): the browser gets data, never a parser.
 *
 * The document is the block and inline tree of `./markdown` (what long-form pages need: headings,
 * paragraphs, lists, quotes, rules; bold, italic, code and links), rendered by React as text nodes.
 * Raw HTML is never interpreted (markdown-it's `html: false` keeps it as text), link targets are
 * limited to safe schemes (`safeHref`), and any other construct (tables, code blocks, images) fails
 * the build rather than silently dropping text.
 */
import fs from 'node:fs/promises';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { Plugin } from 'vite';
import { safeHref, plainText, type Block, type FrontMatter, type Inline, type MarkdownDocument } from './markdown';

const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false });
// Every target reaches safeHref, which keeps the link's text and drops an unsafe target.
markdown.validateLink = () => true;

/** Splits a leading `---` block of `key: value` lines from the body. */
export function readFrontMatter(source: string): { meta: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta: FrontMatter = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const separator = line.indexOf(':');
    if (separator <= 0 || line.trimStart().startsWith('#')) continue;
    const key = line.slice(0, separator).trim();
    const value = line
      .slice(separator + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
    if (key) meta[key] = value;
  }
  return { meta, body: text.slice(match[0].length) };
}

/** Parses a whole Markdown file (front matter included). */
export function parseMarkdown(source: string): MarkdownDocument {
  const { meta, body } = readFrontMatter(source);
  return { meta, blocks: parseBlocks(body) };
}

export function parseBlocks(body: string): Block[] {
  return toBlocks(markdown.parse(body, {}));
}

export function parseInline(text: string): Inline[] {
  const [inline] = markdown.parseInline(text, {});
  return toInline(inline?.children ?? []);
}

const unsupported = (token: Token): Error =>
  new Error(`Markdown construct not supported on content pages: ${token.type} (line ${(token.map?.[0] ?? 0) + 1})`);

/** The inline children of the tokens between an `_open` token at `start` and its `_close`. */
function inlineUntilClose(tokens: Token[], start: number, close: string): { nodes: Inline[][]; end: number } {
  const nodes: Inline[][] = [];
  let index = start + 1;
  for (; index < tokens.length && tokens[index]!.type !== close; index += 1) {
    const token = tokens[index]!;
    if (token.type === 'inline') nodes.push(toInline(token.children ?? []));
    else if (token.type !== 'paragraph_open' && token.type !== 'paragraph_close') throw unsupported(token);
  }
  return { nodes, end: index };
}

function toBlocks(tokens: Token[]): Block[] {
  const blocks: Block[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    switch (token.type) {
      case 'heading_open': {
        const children = toInline(tokens[index + 1]?.children ?? []);
        const level = Math.min(4, Number(token.tag.slice(1))) as 1 | 2 | 3 | 4;
        blocks.push({ type: 'heading', level, text: plainText(children), children });
        index += 2;
        break;
      }
      case 'paragraph_open': {
        blocks.push({ type: 'paragraph', children: toInline(tokens[index + 1]?.children ?? []) });
        index += 2;
        break;
      }
      case 'blockquote_open': {
        const { nodes, end } = inlineUntilClose(tokens, index, 'blockquote_close');
        blocks.push({ type: 'quote', paragraphs: nodes });
        index = end;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
        const items: Inline[][] = [];
        index += 1;
        for (; index < tokens.length && tokens[index]!.type !== close; index += 1) {
          if (tokens[index]!.type !== 'list_item_open') throw unsupported(tokens[index]!);
          const { nodes, end } = inlineUntilClose(tokens, index, 'list_item_close');
          // An item's paragraphs read as one run of text (the pages have one paragraph per item).
          items.push(mergeText(nodes.flatMap((paragraph, i) => (i === 0 ? paragraph : [space, ...paragraph]))));
          index = end;
        }
        blocks.push({ type: 'list', ordered, start: ordered ? Number(token.attrGet('start') ?? 1) : 1, items });
        break;
      }
      case 'hr':
        blocks.push({ type: 'rule' });
        break;
      default:
        throw unsupported(token);
    }
  }
  return blocks;
}

const space: Inline = { type: 'text', value: ' ' };

/** Adjacent text nodes become one (markdown-it splits text at escapes and soft breaks). */
function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else if (node.type === 'text') out.push({ ...node });
    else out.push(node);
  }
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

function toInline(tokens: Token[]): Inline[] {
  const root: Inline[] = [];
  const stack: Array<{ close: string; nodes: Inline[]; build: (children: Inline[]) => Inline[] }> = [];
  const current = () => stack[stack.length - 1]?.nodes ?? root;
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        current().push({ type: 'text', value: token.content });
        break;
      case 'softbreak':
      case 'hardbreak':
        current().push(space);
        break;
      case 'code_inline':
        current().push({ type: 'code', value: token.content });
        break;
      case 'strong_open':
        stack.push({ close: 'strong_close', nodes: [], build: (children) => [{ type: 'strong', children }] });
        break;
      case 'em_open':
        stack.push({ close: 'em_close', nodes: [], build: (children) => [{ type: 'em', children }] });
        break;
      case 'link_open': {
        const href = safeHref(token.attrGet('href') ?? '');
        stack.push({
          close: 'link_close',
          nodes: [],
          build: (children) => (href ? [{ type: 'link', href, children }] : children),
        });
        break;
      }
      case 'strong_close':
      case 'em_close':
      case 'link_close': {
        const open = stack.pop();
        if (!open || open.close !== token.type) throw unsupported(token);
        current().push(...open.build(mergeText(open.nodes)));
        break;
      }
      default:
        throw unsupported(token);
    }
  }
  return mergeText(root);
}

/**
 * The Vite plugin: `import doc from '@/content/terms-of-use.md'` gives the compiled
 * `MarkdownDocument` as JSON (`?raw` imports are left to Vite).
 */
export function markdownDocuments(): Plugin {
  return {
    name: 'tarab:markdown-documents',
    async load(id) {
      if (!id.endsWith('.md')) return null;
      const source = await fs.readFile(id, 'utf8');
      return `export default ${JSON.stringify(parseMarkdown(source))};`;
    },
  };
}
