import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline, parseMarkdown, readFrontMatter } from './compile-markdown';
import { plainText, safeHref, slugify } from './markdown';

describe('readFrontMatter', () => {
  it('splits key: value lines from the body and unquotes values', () => {
    const { meta, body } = readFrontMatter('---\ntitle: Terms of Use\ndescription: "A: b"\n---\n\nHello');
    expect(meta).toEqual({ title: 'Terms of Use', description: 'A: b' });
    expect(body.trim()).toBe('Hello');
  });

  it('leaves a file without front matter alone', () => {
    expect(readFrontMatter('# Hi\r\ntext')).toEqual({ meta: {}, body: '# Hi\ntext' });
  });
});

describe('parseBlocks', () => {
  it('reads headings, paragraphs joined across lines, lists, quotes and rules', () => {
    const blocks = parseBlocks(
      [
        '## 1. Acceptance',
        'First line',
        'second line.',
        '',
        '- one',
        '- two',
        '  continued',
        '',
        '3. third',
        '4. fourth',
        '',
        '> **Note:** quoted',
        '',
        '---',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, text: '1. Acceptance', children: [{ type: 'text', value: '1. Acceptance' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'First line second line.' }] },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[{ type: 'text', value: 'one' }], [{ type: 'text', value: 'two continued' }]],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [[{ type: 'text', value: 'third' }], [{ type: 'text', value: 'fourth' }]],
      },
      {
        type: 'quote',
        paragraphs: [
          [
            { type: 'strong', children: [{ type: 'text', value: 'Note:' }] },
            { type: 'text', value: ' quoted' },
          ],
        ],
      },
      { type: 'rule' },
    ]);
  });

  it('ends a paragraph where a list starts', () => {
    const blocks = parseBlocks('Within the licence, you may:\n- edit\n- loop');
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'list']);
  });
});

describe('parseInline', () => {
  it('reads bold, italic, code and links, nested', () => {
    expect(parseInline('a **bold [link](/copyright)** *it* _em_ `authToken`')).toEqual([
      { type: 'text', value: 'a ' },
      {
        type: 'strong',
        children: [
          { type: 'text', value: 'bold ' },
          { type: 'link', href: '/copyright', children: [{ type: 'text', value: 'link' }] },
        ],
      },
      { type: 'text', value: ' ' },
      { type: 'em', children: [{ type: 'text', value: 'it' }] },
      { type: 'text', value: ' ' },
      { type: 'em', children: [{ type: 'text', value: 'em' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'authToken' },
    ]);
  });

  it('keeps unmatched markers, snake_case words and escapes as text', () => {
    expect(plainText(parseInline('5 * 3 and 2*'))).toBe('5 * 3 and 2*');
    expect(parseInline('a snake_case_word')).toEqual([{ type: 'text', value: 'a snake_case_word' }]);
    expect(parseInline('\\*not italic\\*')).toEqual([{ type: 'text', value: '*not italic*' }]);
  });

  it('drops unsafe link targets but keeps their text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', value: 'click' }]);
    expect(parseInline('[x](//evil.example)')).toEqual([{ type: 'text', value: 'x' }]);
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ type: 'text', value: '<script>alert(1)</script>' }]);
  });
});

describe('helpers', () => {
  it('allows only same-site paths, anchors, http(s) and mailto', () => {
    expect(safeHref('/pricing')).toBe('/pricing');
    expect(safeHref('#refunds')).toBe('#refunds');
    expect(safeHref('mailto:support@tarab.test')).toBe('mailto:support@tarab.test');
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
  });

  it('makes URL fragments from headings', () => {
    expect(slugify('Right of withdrawal and refunds')).toBe('right-of-withdrawal-and-refunds');
    expect(slugify("Buyer's obligations")).toBe('buyers-obligations');
    expect(slugify('Café & Maqām')).toBe('cafe-maqam');
    expect(slugify('***')).toBe('section');
  });

  it('fails the build on a construct the pages do not render, rather than dropping its text', () => {
    expect(() => parseBlocks('| a | b |\n| - | - |\n| 1 | 2 |\n\n```\ncode\n```')).toThrow(/not supported/);
    expect(() => parseInline('![cover](/a.png)')).toThrow(/not supported/);
  });

  it('parses a whole file', () => {
    const { meta, blocks } = parseMarkdown('---\ntitle: T\n---\nText');
    expect(meta.title).toBe('T');
    expect(blocks).toHaveLength(1);
  });
});
