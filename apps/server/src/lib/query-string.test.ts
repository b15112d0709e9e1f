import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.js';

describe('parseQueryString', () => {
  it('reads bracket arrays, indexed arrays and repeated keys as arrays', () => {
    expect({ ...parseQueryString('genre[]=3&genre[]=5&mood[0]=1&mood[1]=2&x=1&x=2') }).toEqual({
      genre: ['3', '5'],
      mood: ['1', '2'],
      x: ['1', '2'],
    });
  });
  it('reads single values as strings and decodes them', () => {
    expect({ ...parseQueryString('keyword=hijaz%20oud&page=2&one[]=7') }).toEqual({
      keyword: 'hijaz oud',
      page: '2',
      one: ['7'],
    });
  });
  it('reads a key repeated 30,000 times in linear time (issue #31: each repeat copied the array)', () => {
    const parsed = parseQueryString('x=1&'.repeat(30_000));
    expect(parsed['x']).toHaveLength(30_000);
    const indexed = parseQueryString('g[]=1&'.repeat(30_000));
    expect(indexed['g']).toHaveLength(30_000);
  });
  it('keeps keys that only look indexed', () => {
    expect({ ...parseQueryString('a[b]=1&c[1a]=2&d[[]=3&e[12]=4') }).toEqual({
      'a[b]': '1',
      'c[1a]': '2',
      'd[': ['3'],
      e: ['4'],
    });
  });
  it('cannot pollute prototypes', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
