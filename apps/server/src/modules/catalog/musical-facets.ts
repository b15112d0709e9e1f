import { IQAAT, MAQAMAT, isNoteName, noteQuarterTones } from '@tarab/audio';
import type { MusicalFacetKey } from '@tarab/contracts';
import { foldWord, lexiconEntryOf } from './search-lexicon.js';

/**
 * The musical facets of the catalog (issue 18): maqam family, maqam, lower and upper jins, tonic,
 * iqa' and meter. What exists comes from the synthesizer's own tables (`MAQAMAT`, `IQAAT` in
 * packages/audio), the one source of truth; tracks hold maqam, tonic, iqa and meter as columns.
 * Family and jins are properties of a maqam, so they filter as the set of maqamat that have them.
 */

const unique = (xs: readonly string[]) => [...new Set(xs)];

export const MAQAM_NAMES = MAQAMAT.map((m) => m.name);
const MAQAM_FAMILIES = unique(MAQAMAT.map((m) => m.family));
const LOWER_AJNAS = unique(MAQAMAT.map((m) => m.ajnas[0]));
const UPPER_AJNAS = unique(MAQAMAT.map((m) => m.ajnas[1]));
export const IQA_NAMES = IQAAT.map((i) => i.name);
const METERS = unique(IQAAT.map((i) => i.meter));

/** The facets that narrow the maqam column (family and jins through the maqamat that have them). */
export const MAQAM_FACETS = ['maqam_family', 'maqam', 'jins_lower', 'jins_upper'] as const;
export type MaqamFacet = (typeof MAQAM_FACETS)[number];

/** The track column each facet reads. */
export const facetColumn = (key: MusicalFacetKey): 'maqam' | 'tonic' | 'iqa' | 'meter' =>
  (MAQAM_FACETS as readonly string[]).includes(key) ? 'maqam' : (key as 'tonic' | 'iqa' | 'meter');

/** The value of a maqam for a maqam facet: its family, name or jins. */
export function maqamFacetValue(facet: MaqamFacet, maqamName: string): string | undefined {
  const m = MAQAMAT.find((x) => x.name === maqamName);
  if (!m) return undefined;
  return { maqam_family: m.family, maqam: m.name, jins_lower: m.ajnas[0], jins_upper: m.ajnas[1] }[facet];
}

/** The maqamat a maqam facet's values select (family Hijaz → Hijaz, Hijazkar). */
export function maqamatOf(facet: MaqamFacet, values: readonly string[]): string[] {
  return MAQAM_NAMES.filter((name) => values.includes(maqamFacetValue(facet, name) ?? ''));
}

/** The values a facet offers (tonic: the tonics of the maqam table; others present are added by counts). */
export function knownValues(key: MusicalFacetKey): readonly string[] {
  switch (key) {
    case 'maqam_family':
      return MAQAM_FAMILIES;
    case 'maqam':
      return MAQAM_NAMES;
    case 'jins_lower':
      return LOWER_AJNAS;
    case 'jins_upper':
      return UPPER_AJNAS;
    case 'iqa':
      return IQA_NAMES;
    case 'meter':
      return METERS;
    case 'tonic':
      return sortTonics(unique(MAQAMAT.flatMap((m) => m.tonics)));
  }
}

/** Whether a value names something of the facet (a tonic: any note name, "D", "Bb", "E half-flat"). */
export function isKnownValue(key: MusicalFacetKey, value: string): boolean {
  return key === 'tonic' ? isNoteName(value) : knownValues(key).includes(value);
}

/** Tonics in pitch order from C. */
export function sortTonics(tonics: readonly string[]): string[] {
  const qt = (t: string) => (isNoteName(t) ? (noteQuarterTones(t) + 24) % 24 : 99);
  return [...tonics].sort((a, b) => qt(a) - qt(b) || a.localeCompare(b));
}

export type ParsedFacets = Partial<Record<'maqam' | 'tonic' | 'iqa' | 'meter', string[]>>;

/** An iqa' name as one folded word ("Sama'i Thaqil" → samaithaqil). */
const iqaKey = (name: string) => foldWord(name).replace(/[^\p{L}\p{N}]+/gu, '');
const IQA_BY_WORD = new Map(IQA_NAMES.map((name) => [iqaKey(name), name]));

/** The iqa' a (folded) word or joined pair names: its own name or a lexicon spelling of it. */
function iqaOfWord(word: string): string | undefined {
  const direct = IQA_BY_WORD.get(word);
  if (direct) return direct;
  const entry = lexiconEntryOf(word);
  return entry?.kind === 'rhythm' && IQA_NAMES.includes(entry.label) ? entry.label : undefined;
}

/**
 * Reads musical phrases out of a search ("bayati on d", "hijaz kar", "10/8", "saba on e half flat"):
 * a maqam followed by "on"/"in" and a tonic becomes the maqam and tonic facets; a time signature of
 * one of the iqa'at becomes the meter facet; a maqam written as two words ("hijaz kar") becomes the
 * maqam facet (as one word, "hijazkar", it stays a keyword like every single maqam name); an iqa'
 * name ("maqsum", "sama'i thaqil", a lexicon spelling such as "maksoum") becomes the iqa' facet (as a
 * keyword, typo tolerance would also find its look-alikes: "maqsum" found "maqam").
 * The rest stays keyword text. Returns the remaining keyword and the facets read.
 */
export function parseMusicalKeyword(keyword: string | undefined): {
  keyword: string | undefined;
  facets: ParsedFacets;
} {
  const facets: ParsedFacets = {};
  if (!keyword) return { keyword, facets };
  let text = keyword.replace(/(?<!\d)(\d{1,2})\s*\/\s*(\d{1,2})(?!\d)/g, (whole, a: string, b: string) => {
    const meter = `${Number(a)}/${Number(b)}`;
    if (!METERS.includes(meter)) return whole;
    (facets.meter ??= []).push(meter);
    return ' ';
  });
  const words = text
    .replace(/['’ʿʾ`]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}#♭♯]+/u)
    .map(foldWord)
    .filter((w) => w.length > 0);
  const out: string[] = [];
  let changed = facets.meter !== undefined;
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? maqamOfWord(`${words[i]}${words[i + 1]}`) : undefined;
    const maqam = pair ?? maqamOfWord(words[i]!);
    const next = i + (pair ? 2 : 1);
    if (maqam && (words[next] === 'on' || words[next] === 'in')) {
      const tonic = readTonic(words, next + 1);
      if (tonic) {
        (facets.maqam ??= []).push(maqam.name);
        (facets.tonic ??= []).push(tonic.name);
        changed = true;
        i = tonic.end - 1;
        continue;
      }
    }
    const iqaPair = i + 1 < words.length ? iqaOfWord(`${words[i]}${words[i + 1]}`) : undefined;
    const iqa = iqaPair ?? iqaOfWord(words[i]!);
    if (iqa) {
      (facets.iqa ??= []).push(iqa);
      changed = true;
      if (iqaPair) i++;
      continue;
    }
    if (pair) {
      // Typed as two words, it cannot be a typo of a one-word maqam: the maqam itself.
      (facets.maqam ??= []).push(maqam!.name);
      changed = true;
      i++;
      continue;
    }
    out.push(words[i]!);
  }
  // Nothing read: the keyword as typed (the search and its "Did you mean" unchanged).
  if (!changed) return { keyword, facets };
  text = out.join(' ');
  return { keyword: text === '' ? undefined : text, facets };
}

function maqamOfWord(word: string): { name: string; term: string } | undefined {
  const entry = lexiconEntryOf(word);
  if (entry?.kind !== 'maqam' || !MAQAM_NAMES.includes(entry.label)) return undefined;
  return { name: entry.label, term: entry.term };
}

/** A tonic written from words[start]: "d", "bb", "b flat", "f#", "e half flat", "e half-flat". */
function readTonic(words: readonly string[], start: number): { name: string; end: number } | undefined {
  const match = /^([a-g])(b|♭|#|♯)?$/.exec(words[start] ?? '');
  if (!match) return undefined;
  const letter = match[1]!.toUpperCase();
  let accidental = match[2] === 'b' || match[2] === '♭' ? 'b' : match[2] ? '#' : '';
  let end = start + 1;
  if (!accidental && words[end] === 'half' && words[end + 1] === 'flat') {
    accidental = ' half-flat';
    end += 2;
  } else if (!accidental && words[end] === 'flat') {
    accidental = 'b';
    end += 1;
  } else if (!accidental && words[end] === 'sharp') {
    accidental = '#';
    end += 1;
  }
  const name = `${letter}${accidental}`;
  return isNoteName(name) ? { name, end } : undefined;
}
