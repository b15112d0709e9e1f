import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './compile-markdown';
import { formatLongDate, readLongDocument } from './document';

describe('readLongDocument', () => {
  it('splits the intro from numbered sections with unique ids', () => {
    const doc = readLongDocument(
      parseMarkdown(
        [
          '---',
          'title: T',
          '---',
          'Intro.',
          '## 1. Refunds',
          'A.',
          '### Sub',
          'B.',
          '## 2. Refunds',
          '## Contact',
        ].join('\n'),
      ),
    );
    expect(doc.meta.title).toBe('T');
    expect(doc.intro).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: 'Intro.' }] }]);
    expect(doc.sections.map(({ id, number, title }) => ({ id, number, title }))).toEqual([
      { id: 'refunds', number: '1', title: 'Refunds' },
      { id: 'refunds-2', number: '2', title: 'Refunds' },
      { id: 'contact', number: null, title: 'Contact' },
    ]);
    expect(doc.sections[0]?.heading).toEqual([{ type: 'text', value: 'Refunds' }]);
    expect(doc.sections[0]?.blocks.map((block) => block.type)).toEqual(['paragraph', 'heading', 'paragraph']);
  });
});

describe('readLongDocument: explicit ids', () => {
  it('takes a section id from a trailing {#id} (translations keep the English ids) and hides it', () => {
    const doc = readLongDocument(
      parseMarkdown(['## 1. الأطراف {#parties}', 'نص.', '## لماذا **طرب** {#why-tarab}', '## 2. بلا معرّف'].join('\n')),
    );
    expect(doc.sections.map(({ id, number, title }) => ({ id, number, title }))).toEqual([
      { id: 'parties', number: '1', title: 'الأطراف' },
      { id: 'why-tarab', number: null, title: 'لماذا طرب' },
      { id: 'section', number: '2', title: 'بلا معرّف' },
    ]);
    expect(doc.sections[0]?.heading).toEqual([{ type: 'text', value: 'الأطراف' }]);
    expect(doc.sections[1]?.heading).toEqual([
      { type: 'text', value: 'لماذا ' },
      { type: 'strong', children: [{ type: 'text', value: 'طرب' }] },
    ]);
  });
});

describe('formatLongDate', () => {
  it('writes a calendar day in words, whatever the time zone', () => {
    expect(formatLongDate('2024-06-24')).toBe('24 June 2024');
    expect(formatLongDate('2020-10-29')).toBe('29 October 2020');
    expect(formatLongDate('soon')).toBe('soon');
  });
});
