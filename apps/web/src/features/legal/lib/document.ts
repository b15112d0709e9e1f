import { slugify, type Block, type FrontMatter, type Inline, type MarkdownDocument } from './markdown';
import { dateFormat } from '@/lib/format';

/** One `## N. Title` section of a long document, with the blocks up to the next one. */
type DocumentSection = {
  id: string;
  /** The number written in the heading (`## 11. Refunds` → "11"), or null if none. */
  number: string | null;
  title: string;
  heading: Inline[];
  blocks: Block[];
};

export type LongDocument = {
  meta: FrontMatter;
  /** The blocks before the first section (a short introduction). */
  intro: Block[];
  sections: DocumentSection[];
};

const NUMBERED_TITLE = /^(\d+(?:\.\d+)*)\.?\s+(.*)$/;
/**
 * An explicit fragment id at the end of a heading (`## 1. الأطراف {#parties}`): a translation keeps
 * the English document's ids, so deep links and the index work the same in every language.
 */
const EXPLICIT_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;

/**
 * Splits a compiled content file into an introduction and its `##` sections. Each section
 * gets a stable, unique fragment id made from its title (`#refunds`), for the side index and
 * for deep links.
 */
export function readLongDocument({ meta, blocks }: MarkdownDocument): LongDocument {
  const intro: Block[] = [];
  const sections: DocumentSection[] = [];
  const usedIds = new Set<string>();

  for (const block of blocks) {
    if (block.type === 'heading' && block.level === 2) {
      const explicit = EXPLICIT_ID.exec(block.text);
      const text = explicit ? block.text.slice(0, explicit.index) : block.text;
      const children = explicit ? stripEnd(block.children, block.text.length - text.length) : block.children;
      const numbered = NUMBERED_TITLE.exec(text);
      const title = numbered ? (numbered[2] ?? '') : text;
      const base = explicit?.[1] ?? slugify(title);
      let id = base;
      for (let suffix = 2; usedIds.has(id); suffix += 1) id = `${base}-${suffix}`;
      usedIds.add(id);
      sections.push({
        id,
        number: numbered ? (numbered[1] ?? null) : null,
        title,
        heading: stripNumber(children, numbered ? text.length - title.length : 0),
        blocks: [],
      });
    } else if (block.type === 'heading' && block.level === 1) {
      // The page's h1 comes from the front matter; a stray `#` heading is ignored.
    } else {
      const current = sections[sections.length - 1];
      if (current) current.blocks.push(block);
      else intro.push(block);
    }
  }
  return { meta, intro, sections };
}

/** Removes the first `count` characters (the "11. " prefix) from a heading's inline nodes. */
function stripNumber(nodes: Inline[], count: number): Inline[] {
  if (count <= 0) return nodes;
  const [first, ...rest] = nodes;
  if (first?.type !== 'text') return nodes;
  const value = first.value.slice(count);
  return value ? [{ type: 'text', value }, ...rest] : rest;
}

/** Removes the last `count` characters (an explicit ` {#id}`) from a heading's inline nodes. */
function stripEnd(nodes: Inline[], count: number): Inline[] {
  const last = nodes[nodes.length - 1];
  if (count <= 0 || last?.type !== 'text') return nodes;
  const value = last.value.slice(0, Math.max(0, last.value.length - count));
  return value ? [...nodes.slice(0, -1), { type: 'text', value }] : nodes.slice(0, -1);
}

/** "2024-06-24" → "24 June 2024" (the date is read as a calendar day, not a moment). */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(date);
}
