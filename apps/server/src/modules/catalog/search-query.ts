/**
 * Turns what a visitor types into a PostgreSQL tsquery: every word must match (AND), each as a
 * prefix (`hij` finds Hijaz), through its transliterations (`hicaz`, `hejaz`) and through lexicon
 * terms that look like it (`hijas` finds `hijaz`; the lexicon lookup happens in the repo).
 */

/** Transliteration groups we support (documented in docs/api.md): any member finds all members. */
export const transliterationGroups: readonly (readonly string[])[] = [
  ['hijaz', 'hejaz', 'hicaz', 'hedjaz', 'higaz'],
  ['bayati', 'bayat', 'beyati', 'bayyati'],
  ['nahawand', 'nahavand', 'nihavend', 'nahawend', 'nihavent'],
  ['kurd', 'kurdi'],
  ['sikah', 'segah', 'sika', 'seekah'],
  ['ajam', 'acem', 'adjam'],
  ['saba', 'sabah'],
  ['rast', 'rost'],
  ['oud', 'ud', 'ut', 'aoud'],
  ['qanun', 'kanun', 'qanoon', 'kanoun'],
  ['ney', 'nay', 'nai'],
  ['darbuka', 'darbouka', 'darabukka', 'doumbek', 'dumbek', 'tabla'],
  ['riq', 'riqq', 'rik', 'req'],
  ['maqam', 'makam', 'maqaam'],
  ['maqsum', 'maqsoum', 'maksoum'],
  ['saidi', 'saeedi', 'saiidi'],
  ['baladi', 'beledi'],
  ['ayyub', 'ayoub', 'ayub'],
  ['malfuf', 'malfouf'],
  ['sufi', 'soufi'],
  ['khaleeji', 'khaliji', 'khalidji'],
  ['maghreb', 'maghrib'],
];

const groupOf = new Map<string, readonly string[]>();
for (const group of transliterationGroups) for (const word of group) groupOf.set(word, group);

export const MAX_SEARCH_WORDS = 8;

/** Lower-cased words of letters and digits, accents removed, at most MAX_SEARCH_WORDS. */
export function tokenize(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = keyword
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

export function transliterationsOf(word: string): readonly string[] {
  return groupOf.get(word) ?? [word];
}

/**
 * `(hijas:* | hijaz:* | …) & (oud:* | ud:*)`. Words are letters/digits only (tokenize), so they
 * are safe inside the quotes of a tsquery lexeme.
 */
export function buildTsQuery(words: string[], similar: Map<string, string[]> = new Map()): string | null {
  if (words.length === 0) return null;
  const clauses = words.map((word) => {
    const alternatives = new Set<string>(transliterationsOf(word));
    for (const term of similar.get(word) ?? []) for (const t of transliterationsOf(term)) alternatives.add(t);
    return `(${[...alternatives].map((a) => `'${a}':*`).join(' | ')})`;
  });
  return clauses.join(' & ');
}
