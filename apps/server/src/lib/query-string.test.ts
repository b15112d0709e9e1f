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
  it('cannot pollute prototypes', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
