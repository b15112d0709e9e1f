import { describe, expect, it } from 'vitest';
import { buildTsQuery, tokenize, transliterationsOf } from './search-query.js';

describe('search query', () => {
  it('tokenizes into lower-case words without accents or punctuation', () => {
    expect(tokenize("  Hijâz  OUD!! d'or ")).toEqual(['hijaz', 'oud', 'd', 'or']);
    expect(tokenize('')).toEqual([]);
    expect(tokenize(undefined)).toEqual([]);
    expect(tokenize("'; drop table tracks; --")).toEqual(['drop', 'table', 'tracks']);
  });

  it('keeps at most eight distinct words', () => {
    expect(tokenize('a b c d e f g h i j a')).toHaveLength(8);
  });

  it('expands transliterations both ways', () => {
    expect(transliterationsOf('hicaz')).toContain('hijaz');
    expect(transliterationsOf('hijaz')).toContain('hejaz');
    expect(transliterationsOf('unknownword')).toEqual(['unknownword']);
  });

  it('builds an AND of prefix alternatives, adding similar lexicon terms', () => {
    expect(buildTsQuery([])).toBeNull();
    expect(buildTsQuery(['hij'])).toBe("('hij':*)");
    const q = buildTsQuery(['hijas', 'ud'], new Map([['hijas', ['hijaz']]]));
    expect(q).toContain("'hijas':*");
    expect(q).toContain("'hijaz':*");
    expect(q).toContain("'hicaz':*");
    expect(q).toContain(') & (');
    expect(q).toContain("'oud':*");
  });
});
