/**
 * A small, safe Markdown reader for the site's own content files (src/content/*.md).
 *
 * It understands what long-form pages need and nothing more: a front-matter block of
 * `key: value` lines, ATX headings (`#` to `####`), paragraphs, bulleted and numbered
 * lists, block quotes, horizontal rules, and inline **bold**, *italic*, `code` and
 * [links](/path). Raw HTML is never interpreted: everything becomes text nodes that
 * React escapes, and link targets are limited to safe schemes (see `safeHref`).
 */

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4; text: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; paragraphs: Inline[][] }
  | { type: 'rule' };

export type FrontMatter = Record<string, string>;

export type MarkdownDocument = { meta: FrontMatter; blocks: Block[] };

const HEADING = /^(#{1,4})\s+(.+?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const CONTINUATION = /^\s{2,}\S/;

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
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;

  const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';
  const startsBlock = (line: string) =>
    HEADING.test(line) || BULLET.test(line) || NUMBERED.test(line) || QUOTE.test(line) || RULE.test(line);

  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isBlank(line)) {
      index += 1;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      index += 1;
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const text = heading[2] ?? '';
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4;
      blocks.push({ type: 'heading', level, text: plainText(parseInline(text)), children: parseInline(text) });
      index += 1;
      continue;
    }

    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index] ?? '')) {
        quoted.push(QUOTE.exec(lines[index] ?? '')?.[1] ?? '');
        index += 1;
      }
      const paragraphs = quoted
        .join('\n')
        .split(/\n\s*\n/)
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => parseInline(joinLines(part.split('\n'))));
      blocks.push({ type: 'quote', paragraphs });
      continue;
    }

    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !bullet;
      const pattern = ordered ? NUMBERED : BULLET;
      const start = ordered ? Number(numbered?.[1] ?? 1) : 1;
      const items: string[][] = [];
      while (index < lines.length) {
        const current = lines[index] ?? '';
        const item = pattern.exec(current);
        if (item) {
          items.push([(ordered ? item[2] : item[1]) ?? '']);
          index += 1;
        } else if (CONTINUATION.test(current) && items.length > 0) {
          items[items.length - 1]?.push(current.trim());
          index += 1;
        } else if (isBlank(current) && pattern.test(lines[index + 1] ?? '')) {
          index += 1; // a loose list: blank lines between items
        } else {
          break;
        }
      }
      blocks.push({ type: 'list', ordered, start, items: items.map((parts) => parseInline(joinLines(parts))) });
      continue;
    }

    const paragraph: string[] = [];
    while (
      index < lines.length &&
      !isBlank(lines[index]) &&
      (paragraph.length === 0 || !startsBlock(lines[index] ?? ''))
    ) {
      paragraph.push(lines[index] ?? '');
      index += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(joinLines(paragraph)) });
  }
  return blocks;
}

/** Joins soft-wrapped lines with a space (a hard break is not needed on these pages). */
function joinLines(lines: string[]): string {
  return lines
    .map((line) => line.trim())
    .join(' ')
    .trim();
}

const ESCAPABLE = /[\\`*_[\]()#+\-.!>]/;

/** Parses the inline syntax of one paragraph, list item or heading. */
export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let buffer = '';
  let index = 0;

  const flush = () => {
    if (buffer) nodes.push({ type: 'text', value: buffer });
    buffer = '';
  };

  while (index < text.length) {
    const char = text[index] ?? '';
    const next = text[index + 1] ?? '';

    if (char === '\\' && ESCAPABLE.test(next)) {
      buffer += next;
      index += 2;
      continue;
    }

    if (char === '`') {
      const end = text.indexOf('`', index + 1);
      if (end > index + 1) {
        flush();
        nodes.push({ type: 'code', value: text.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }

    if (char === '[') {
      const link = readLink(text, index);
      if (link) {
        flush();
        const children = parseInline(link.label);
        const href = safeHref(link.href);
        if (href) nodes.push({ type: 'link', href, children });
        else nodes.push(...children);
        index = link.end;
        continue;
      }
    }

    if (char === '*' && next === '*') {
      const end = findClosing(text, '**', index + 2);
      if (end > index + 2) {
        flush();
        nodes.push({ type: 'strong', children: parseInline(text.slice(index + 2, end)) });
        index = end + 2;
        continue;
      }
    }

    if ((char === '*' || char === '_') && next !== char && next !== ' ' && next !== '') {
      const leftFlanking = char === '*' || index === 0 || !/[\p{L}\p{N}]/u.test(text[index - 1] ?? '');
      const end = leftFlanking ? findEmphasisEnd(text, char, index + 1) : -1;
      if (end > index + 1) {
        flush();
        nodes.push({ type: 'em', children: parseInline(text.slice(index + 1, end)) });
        index = end + 1;
        continue;
      }
    }

    buffer += char;
    index += 1;
  }
  flush();
  return nodes;
}

/** `[label](href)` starting at `start`, with nested brackets in the label allowed. */
function readLink(text: string, start: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let index = start;
  for (; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') {
      index += 1;
    } else if (char === '[') {
      depth += 1;
    } else if (char === ']') {
      depth -= 1;
      if (depth === 0) break;
    }
  }
  if (depth !== 0 || text[index + 1] !== '(') return null;
  const close = text.indexOf(')', index + 2);
  if (close < 0) return null;
  const href = text.slice(index + 2, close).trim();
  if (!href || /\s/.test(href)) return null;
  return { label: text.slice(start + 1, index), href, end: close + 1 };
}

function findClosing(text: string, marker: string, from: number): number {
  let index = text.indexOf(marker, from);
  while (index > 0 && text[index - 1] === '\\') index = text.indexOf(marker, index + 1);
  return index;
}

/** The closing `*` or `_` of an emphasis: not doubled, not preceded by a space. */
function findEmphasisEnd(text: string, marker: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char !== marker) continue;
    if (text[index + 1] === marker) {
      index += 1;
      continue;
    }
    if (text[index - 1] === ' ') continue;
    if (marker === '_' && /[\p{L}\p{N}]/u.test(text[index + 1] ?? '')) continue;
    return index;
  }
  return -1;
}

/**
 * Only same-site paths, in-page anchors, https/http and mailto links are kept; anything
 * else (javascript:, data:, protocol-relative `//host`) is dropped and its text kept.
 */
export function safeHref(href: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (href.startsWith('#')) return href;
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  return null;
}

/** The text of inline nodes, without markup. */
export function plainText(nodes: Inline[]): string {
  return nodes
    .map((node) => (node.type === 'text' || node.type === 'code' ? node.value : plainText(node.children)))
    .join('');
}

/** A URL fragment for a heading: lower case, ASCII letters and digits joined by hyphens. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}
