/**
 * The document tree of the site's own content files (src/content/*.md), compiled at build time
 * by `compile-markdown.ts` (markdown-it): a front-matter block of `key: value` lines, headings
 * (`#` to `####`), paragraphs, bulleted and numbered lists, block quotes, horizontal rules, and
 * inline bold, italic, `code` and links. React renders it as text nodes (never innerHTML), and
 * link targets are limited to safe schemes (see `safeHref`).
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
