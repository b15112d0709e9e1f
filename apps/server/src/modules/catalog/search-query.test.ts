import { describe, expect, it } from 'vitest';
import { foldWord, lexiconEntriesStartingWith, lexiconEntryOf, normalizeArabic } from './search-lexicon.js';
import {
  buildTsQuery,
  editDistance,
  quoteLexeme,
  tokenize,
  transliterationsOf,
  transpositionsOf,
} from './search-query.js';

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

  it('quotes lexemes so that quotes and backslashes stay text', () => {
    expect(quoteLexeme('hijaz')).toBe("'hijaz'");
    expect(quoteLexeme("o'neil")).toBe("'o''neil'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
  });

  it('takes only single-word lexicon terms: hosts, paths and operators are never query text', () => {
    const similar = new Map([['hijaz', ["hijaz.com/x'y", 'a!b@c.de', 'hijaz:*|!x', 'hijazz']]]);
    expect(buildTsQuery(['hijaz'], similar)).toBe(
      "('hedjaz':* | 'hejaz':* | 'hicaz':* | 'higaz':* | 'hijaz':* | 'hijazz':*)",
    );
    expect(buildTsQuery(['a&b', "o'neil"])).toBeNull();
  });

  it('gives every spelling of one word the same query text (they share a cached count)', () => {
    const hijaz = buildTsQuery(['hijaz']);
    for (const spelling of ['hicaz', 'hejaz', 'higaz']) expect(buildTsQuery([spelling])).toBe(hijaz);
    expect(buildTsQuery(['darbuka'])).toBe(buildTsQuery(['derbake']));
  });

  it('folds Latin spellings people type: accents, ʿayn and hamza signs, schwa', () => {
    expect(tokenize('ʿŪd dərbəkə Hicâz')).toEqual(['ud', 'derbeke', 'hicaz']);
    expect(foldWord('ʾAyyūb')).toBe('ayyub');
  });

  it('normalises Arabic: hamza forms, taa marbuta, alef maqsura, harakat, tatweel', () => {
    expect(normalizeArabic('أإآٱ')).toBe('اااا');
    expect(normalizeArabic('دربكة')).toBe('دربكه');
    expect(normalizeArabic('ليالى')).toBe('ليالي');
    expect(normalizeArabic('حِجَازٌ')).toBe('حجاز');
    expect(normalizeArabic('حجـــاز')).toBe('حجاز');
    expect(tokenize('  الحِجَاز   عـود ')).toEqual(['الحجاز', 'عود']);
  });

  it('maps Arabic names and spelling variants to one catalog term', () => {
    expect(lexiconEntryOf('حجاز')?.term).toBe('hijaz');
    expect(lexiconEntryOf('الحجاز')?.term).toBe('hijaz');
    expect(lexiconEntryOf('والعود')?.term).toBe('oud');
    expect(lexiconEntryOf(normalizeArabic('دربكة'))?.term).toBe('darbuka');
    expect(lexiconEntryOf('derbake')?.term).toBe('darbuka');
    expect(lexiconEntryOf('kanun')?.term).toBe('qanun');
    expect(lexiconEntryOf('nay')?.term).toBe('ney');
    expect(lexiconEntryOf('ال')).toBeUndefined();
    expect(transliterationsOf('عود')).toEqual(expect.arrayContaining(['عود', 'oud', 'ud']));
    expect(lexiconEntriesStartingWith('حج', ['maqam']).map((e) => e.term)).toEqual(['hijaz', 'hijazkar']);
    expect(lexiconEntriesStartingWith('ka', ['instrument']).map((e) => e.term)).toEqual(['qanun']);
  });

  it('lists the words one transposition away and measures Damerau distance', () => {
    expect(transpositionsOf('rhtyhm')).toContain('rhythm');
    expect(transpositionsOf('aab')).toEqual(['aba']);
    expect(transpositionsOf('a')).toEqual([]);
    expect(editDistance('rhtyhm', 'rhythm')).toBe(1);
    expect(editDistance('hjiza', 'hijaz')).toBe(2);
    expect(editDistance('hijaz', 'hijaz')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('builds Arabic words as lexemes beside their Latin terms', () => {
    const q = buildTsQuery(tokenize('حجاز'));
    expect(q).toContain("'حجاز':*");
    expect(q).toContain("'hijaz':*");
    expect(q).toContain("'hicaz':*");
  });
});
