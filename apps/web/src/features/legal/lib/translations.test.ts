import { describe, expect, it } from 'vitest';
import { readLongDocument } from './document';
import type { Block, Inline, MarkdownDocument } from './markdown';

/** Every content file, compiled as the pages get it (the Vite plugin of compile-markdown.ts). */
const load = (files: Record<string, { default: MarkdownDocument }>) =>
  Object.fromEntries(Object.entries(files).map(([path, file]) => [path.replace(/^.*\/|\.md$/g, ''), file.default]));
const english = load(import.meta.glob<{ default: MarkdownDocument }>('../../../content/*.md', { eager: true }));
const arabic = load(import.meta.glob<{ default: MarkdownDocument }>('../../../content/ar/*.md', { eager: true }));
const names = Object.keys(english).sort();

/** The links of some blocks, in order (a translation links where the English text does). */
function hrefs(blocks: Block[]): string[] {
  const inline = (nodes: Inline[]): string[] =>
    nodes.flatMap((node) =>
      node.type === 'link' ? [node.href, ...inline(node.children)] : 'children' in node ? inline(node.children) : [],
    );
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
        return inline(block.children);
      case 'list':
        return block.items.flatMap(inline);
      case 'quote':
        return block.paragraphs.flatMap(inline);
      case 'rule':
        return [];
    }
  });
}

/** Inline code (cookie names, file names, URLs): the same in every language. */
const codes = (doc: MarkdownDocument) =>
  [...JSON.stringify(doc.blocks).matchAll(/"type":"code","value":"([^"]*)"/g)].map((m) => m[1]);

describe('Arabic content (src/content/ar)', () => {
  it('translates every English content file, and nothing else', () => {
    expect(names).toEqual([
      'about-us',
      'copyright',
      'faqs',
      'privacy-policy',
      'sales-agreement',
      'terms-of-use',
      'tuning-files',
    ]);
    expect(Object.keys(arabic).sort()).toEqual(names);
  });

  describe.each(names)('%s', (name) => {
    const en = english[name]!;
    const ar = arabic[name] ?? { meta: {}, blocks: [] };
    const enDoc = readLongDocument(en);
    const arDoc = readLongDocument(ar);

    it('translates the same English version: `updated` and `version` match (update both together)', () => {
      expect(ar.meta['updated']).toBe(en.meta['updated']);
      expect(ar.meta['version']).toBe(en.meta['version']);
    });

    it('has the same front matter keys, the text ones in Arabic and the links unchanged', () => {
      expect(Object.keys(ar.meta).sort()).toEqual(Object.keys(en.meta).sort());
      for (const [key, value] of Object.entries(en.meta)) {
        if (key.endsWith('_href') || key === 'updated' || key === 'version') expect(ar.meta[key]).toBe(value);
        else expect(ar.meta[key], key).toMatch(/[\u0600-\u06ff]/);
      }
    });

    it('has the same sections, numbers and ids (deep links and the index work in both languages)', () => {
      expect(arDoc.sections.map(({ id, number }) => ({ id, number }))).toEqual(
        enDoc.sections.map(({ id, number }) => ({ id, number })),
      );
      // Titles in Arabic, unless a product's name (Surge XT); never a stray `{#id}`.
      arDoc.sections.forEach((section, index) => {
        expect(section.title).not.toMatch(/[{}]/);
        if (section.title !== enDoc.sections[index]!.title) expect(section.title).toMatch(/[\u0600-\u06ff]/);
      });
    });

    it('keeps every link, and every inline code (names, files, URLs), as the English text has them', () => {
      expect(hrefs(arDoc.intro)).toEqual(hrefs(enDoc.intro));
      arDoc.sections.forEach((section, index) => {
        expect(hrefs(section.blocks), section.id).toEqual(hrefs(enDoc.sections[index]!.blocks));
      });
      expect(codes(ar)).toEqual(codes(en));
    });

    it('has the same shape: its blocks are of the same kinds, its lists as long', () => {
      const shape = (blocks: Block[]) =>
        blocks.map((block) => (block.type === 'list' ? `list:${block.items.length}` : block.type));
      expect(shape(arDoc.intro)).toEqual(shape(enDoc.intro));
      arDoc.sections.forEach((section, index) => {
        expect(shape(section.blocks), section.id).toEqual(shape(enDoc.sections[index]!.blocks));
      });
    });
  });

  it('states the rules of spec §9 in the Arabic terms and sales agreement, with the same numbers', () => {
    const text = (name: string) => JSON.stringify(arabic[name]?.blocks);
    for (const rule of [
      'خلال 14 يومًا تقويميًا من تاريخ الشراء أو من تاريخ تجديد الاشتراك',
      'إلا إذا لم يُنزَّل أو يُنشأ أي شيء',
      'قبل 14 يومًا على الأقل من تاريخ الفوترة التالي',
      'غير قابلة للتحويل ولا للاسترداد',
      'دولة إسرائيل',
      'المحاكم المختصة في تل أبيب',
    ]) {
      expect(text('terms-of-use')).toContain(rule);
      expect(text('sales-agreement')).toContain(rule);
    }
    expect(text('terms-of-use')).toContain('لا تُسترد أي مبالغ للحسابات التجريبية.');
    expect(text('sales-agreement')).toContain('18 عامًا على الأقل');
    expect(text('sales-agreement')).toContain('خلال 5 أيام');
    expect(text('privacy-policy')).toContain('نحن لا نطّلع أبدًا على رقم بطاقتك');
  });
});
