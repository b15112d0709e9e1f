/**
 * The bilingual search lexicon: the ONE place that says which spellings — Latin transliterations,
 * common spelling variants and Arabic script — mean which catalog term (decision 019). Search
 * (`search-query.ts`), "Did you mean …?" and the search-as-you-type suggestions all read it;
 * docs/api.md lists it.
 *
 * The entries themselves (a canonical term, label, Latin variants and Arabic names) live in
 * packages/contracts lexicon.ts, which the web app shares for its Arabic names (decision 046).
 * Arabic names are written there in their ordinary spelling; they are normalised
 * (`normalizeArabic`) here when the module loads, as every typed word is.
 */

export { searchLexicon, type LexiconEntry, type LexiconKind } from '@tarab/contracts/lexicon';
import { searchLexicon, type LexiconEntry, type LexiconKind } from '@tarab/contracts/lexicon';

const ARABIC_DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;

/**
 * Arabic normalisation: harakat and other diacritics removed, tatweel removed, alef with hamza or
 * madda (أ إ آ ٱ) → ا, taa marbuta ة → ه, alef maqsura ى → ي, Persian yeh/kaf → Arabic.
 */
export function normalizeArabic(text: string): string {
  return text
    .replace(ARABIC_DIACRITICS, '')
    .replace(/\u0640/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ی/g, 'ي')
    .replace(/ک/g, 'ك');
}

/** Latin letters that do not decompose under NFKD, folded to what people type instead. */
const LATIN_FOLD: Record<string, string> = { ə: 'e', ı: 'i', ø: 'o', đ: 'd', ł: 'l', æ: 'ae', œ: 'oe', ß: 'ss' };

/**
 * A typed word as the catalog spells letters: Arabic normalised, accents removed (NFKD), ʿayn and
 * hamza signs (ʿ ʾ ʼ ʻ) removed, ə/ı/ø… folded, lower case. `ʿŪd` → `ud`, `dərbəkə` → `derbeke`.
 */
export function foldWord(word: string): string {
  return normalizeArabic(word.normalize('NFKD'))
    .replace(/\p{M}+/gu, '')
    .replace(/[\u02B0-\u02FF]/g, '')
    .toLowerCase()
    .replace(/[əıøđłæœß]/g, (c) => LATIN_FOLD[c] ?? c);
}

const ARABIC = /\p{Script=Arabic}/u;
const isArabic = (word: string): boolean => ARABIC.test(word);

const byWord = new Map<string, LexiconEntry>();
for (const entry of searchLexicon) {
  for (const w of [entry.term, ...entry.variants, ...entry.arabic]) byWord.set(foldWord(w), entry);
}

/** Arabic particles written joined to the word: the article ال and و/ب/ل before it. */
const ARABIC_PREFIXES = ['وال', 'بال', 'لل', 'ال', 'و', 'ب'];

/** The lexicon entry a (folded) word names, if any; Arabic words also without a joined article. */
export function lexiconEntryOf(word: string): LexiconEntry | undefined {
  const direct = byWord.get(word);
  if (direct || !isArabic(word)) return direct;
  for (const prefix of ARABIC_PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= 2) {
      const found = byWord.get(word.slice(prefix.length));
      if (found) return found;
    }
  }
  return undefined;
}

/** Every Latin spelling that finds what `word` means: its entry's term and variants, else the word. */
export function spellingsOf(word: string): readonly string[] {
  const entry = lexiconEntryOf(word);
  if (!entry) return [word];
  const latin = [entry.term, ...entry.variants.map(foldWord)];
  return isArabic(word) ? [word, ...latin] : [...new Set([word, ...latin])];
}

/** Lexicon entries whose term, a variant or an Arabic name starts with the (folded) text (Arabic: also without a joined article). */
export function lexiconEntriesStartingWith(text: string, kinds: readonly LexiconKind[]): LexiconEntry[] {
  if (text.length === 0) return [];
  const starts = [text];
  if (isArabic(text)) {
    for (const prefix of ARABIC_PREFIXES) {
      if (text.startsWith(prefix) && text.length - prefix.length >= 1) starts.push(text.slice(prefix.length));
    }
  }
  const found = new Set<LexiconEntry>();
  for (const [word, entry] of byWord) {
    if (kinds.includes(entry.kind) && starts.some((s) => word.startsWith(s))) found.add(entry);
  }
  return [...found];
}
