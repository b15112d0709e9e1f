import { foldWord, spellingsOf } from './search-lexicon.js';

/**
 * Turns what a visitor types into a PostgreSQL tsquery: every word must match (AND), each as a
 * prefix (`hij` finds Hijaz), through its spellings in the bilingual lexicon (`hicaz`, `hejaz`,
 * `حجاز` → hijaz; search-lexicon.ts) and through catalog words that look like it (`hijas` finds
 * `hijaz`, `rhtyhm` finds `rhythm`; the catalog-word lookup happens in the repo).
 */

const MAX_SEARCH_WORDS = 8;

/**
 * Lower-cased words of letters and digits, accents and Arabic diacritics removed, Arabic letter
 * forms normalised (foldWord), at most MAX_SEARCH_WORDS.
 */
export function tokenize(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = keyword
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldWord)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Every spelling that finds what `word` means (the lexicon's variants and Arabic names). */
export function transliterationsOf(word: string): readonly string[] {
  return spellingsOf(word);
}

/**
 * The words one transposition of two neighbouring letters away (Damerau distance 1 by swap):
 * `rhtyhm` → `hrtyhm`, `rthyhm`, `rhytyhm`… one of which is `rhythm`. Trigram similarity misses
 * these (a swap breaks three trigrams), so the repo looks them up exactly in the lexicon.
 */
export function transpositionsOf(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [chars[i + 1]!, chars[i]!];
    out.add(swapped.join(''));
  }
  return [...out];
}

/** Damerau–Levenshtein distance (optimal string alignment), for ranking "Did you mean" candidates. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * One lexeme as tsquery text: quoted, with `'` doubled and `\` escaped, so whatever it holds it is
 * a lexeme and never an operator (`& | ! <-> ( ) :*`).
 */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * `(hijas:* | hijaz:* | …) & (oud:* | ud:*)`, built from lexemes only: the visitor's words (letters
 * and digits, tokenize) and lexicon terms that are single words too (anything else in the lexicon is
 * ignored), each quoted by quoteLexeme. Text never becomes query syntax.
 */
export function buildTsQuery(words: string[], similar: Map<string, string[]> = new Map()): string | null {
  const searchable = words.filter((w) => WORD.test(w));
  if (searchable.length === 0) return null;
  const clauses = searchable.map((word) => {
    const alternatives = new Set<string>(transliterationsOf(word));
    for (const term of similar.get(word) ?? []) {
      if (!WORD.test(term)) continue;
      for (const t of transliterationsOf(term)) alternatives.add(t);
    }
    // Sorted: every spelling of one word (hijaz, hicaz, حجاز) gives the same text, so they share a cached count.
    return `(${[...alternatives]
      .sort()
      .map((a) => `${quoteLexeme(a)}:*`)
      .join(' | ')})`;
  });
  return clauses.join(' & ');
}

/**
 * The same query restricted to titles (weight A): `('hijaz':* | 'hicaz':*)` → `('hijaz':*A | 'hicaz':*A)`.
 * Safe on buildTsQuery's output only, whose lexemes are letters and digits between quotes.
 */
export function titleOnly(tsQuery: string): string {
  return tsQuery.replaceAll("':*", "':*A");
}
