/**
 * The bilingual search lexicon: the ONE place that says which spellings — Latin transliterations,
 * common spelling variants and Arabic script — mean which catalog term (decision 019). Search
 * (`search-query.ts`), "Did you mean …?" and the search-as-you-type suggestions all read it;
 * docs/api.md lists it.
 *
 * Every entry has a canonical catalog term (the lower-case Latin word our track documents hold),
 * a label (as the store writes it), its Latin variants and its Arabic names. Arabic names are
 * written here in their ordinary spelling; they are normalised (`normalizeArabic`) when the module
 * loads, as every typed word is.
 */

export type LexiconKind = 'maqam' | 'instrument' | 'rhythm' | 'genre' | 'mood' | 'theme' | 'region' | 'word';

export interface LexiconEntry {
  /** The catalog's own word (lower case, as in the search documents). */
  term: string;
  kind: LexiconKind;
  /** How the store writes it (suggestions show this). */
  label: string;
  /** Latin spellings that mean the same (transliterations, common variants). */
  variants: readonly string[];
  /** Arabic names, ordinary spelling (normalised on load). */
  arabic: readonly string[];
}

const e = (
  kind: LexiconKind,
  label: string,
  variants: readonly string[],
  arabic: readonly string[] = [],
  term = label.toLowerCase(),
): LexiconEntry => ({ term, kind, label, variants, arabic });

export const searchLexicon: readonly LexiconEntry[] = [
  // Maqamat
  e('maqam', 'Hijaz', ['hejaz', 'hicaz', 'hedjaz', 'higaz'], ['حجاز', 'حجازي']),
  e('maqam', 'Bayati', ['bayat', 'beyati', 'bayyati', 'bayyat'], ['بياتي', 'بيات']),
  e('maqam', 'Nahawand', ['nahavand', 'nihavend', 'nahawend', 'nihavent', 'nahavend'], ['نهاوند']),
  e('maqam', 'Kurd', ['kurdi', 'kurdilihicazkar'], ['كرد', 'كردي']),
  e('maqam', 'Sikah', ['segah', 'sika', 'seekah', 'sikkah', 'segâh'], ['سيكاه', 'سيكا']),
  e('maqam', 'Ajam', ['acem', 'adjam', 'ajem'], ['عجم']),
  e('maqam', 'Saba', ['sabah'], ['صبا']),
  e('maqam', 'Rast', ['rost'], ['رست', 'راست']),
  e('maqam', 'Hijazkar', ['hicazkar', 'hejazkar', 'hijazkiar'], ['حجازكار']),
  e('maqam', 'Huzam', ['huzzam', 'houzam', 'huzaam'], ['هزام']),
  e('maqam', 'Nikriz', ['nakriz', 'nikris'], ['نكريز']),
  e('maqam', 'Jiharkah', ['jaharkah', 'jiharka', 'cargah', 'chahargah'], ['جهاركاه']),
  e('word', 'Maqam', ['makam', 'maqaam', 'makaam'], ['مقام', 'مقامات']),
  e('word', 'Taqsim', ['taksim', 'taqasim', 'taqseem'], ['تقسيم', 'تقاسيم']),
  // Instruments
  e('instrument', 'Oud', ['ud', 'ut', 'aoud', 'oudh'], ['عود']),
  e('instrument', 'Qanun', ['kanun', 'qanoon', 'kanoun', 'qanoun', 'kanoon'], ['قانون']),
  e('instrument', 'Ney', ['nay', 'nai', 'nei'], ['ناي', 'ناى', 'نای']),
  e(
    'instrument',
    'Darbuka',
    ['darbouka', 'darabukka', 'darbukka', 'derbake', 'derbeke', 'derbuka', 'doumbek', 'dumbek', 'tabla', 'tablah'],
    ['دربكة', 'دربوكة', 'دربكه', 'دربوكه', 'طبلة', 'طبله'],
  ),
  e('instrument', 'Riq', ['riqq', 'rik', 'req', 'rikk'], ['رق']),
  e('instrument', 'Drum', ['bendir', 'daf', 'def', 'duf'], ['دف', 'بندير', 'طبل']),
  e('instrument', 'Drone', [], ['درون']),
  // Rhythms (iqa'at)
  e('rhythm', 'Maqsum', ['maqsoum', 'maksoum', 'maksum'], ['مقسوم']),
  e('rhythm', 'Saidi', ['saeedi', 'saiidi', 'saaidi'], ['صعيدي']),
  e('rhythm', 'Baladi', ['beledi', 'balady'], ['بلدي']),
  e('rhythm', 'Ayyub', ['ayoub', 'ayub', 'ayyoub'], ['أيوب']),
  e('rhythm', 'Malfuf', ['malfouf'], ['ملفوف']),
  e('rhythm', 'Wahda', ['wahdah', 'wehda'], ['وحدة']),
  e('rhythm', 'Karsilama', ['karsilamas', 'karshilama'], ['كارشيلاما']),
  // Genres
  e('genre', 'Sufi', ['soufi', 'sufic'], ['صوفي', 'صوفية']),
  e('genre', 'Khaleeji', ['khaliji', 'khalidji', 'khaleegi'], ['خليجي']),
  e('genre', 'Andalusian', ['andalusi', 'andalous'], ['أندلسي', 'اندلسي']),
  e('genre', 'Arabic', [], ['عربي', 'عربية']),
  e('genre', 'Classical', [], ['كلاسيكي', 'كلاسيكية']),
  e('genre', 'Pop', [], ['بوب']),
  e('genre', 'Turkish', [], ['تركي', 'تركية']),
  e('genre', 'Dance', [], ['رقص']),
  e('genre', 'Oriental', [], ['شرقي', 'شرقية']),
  e('genre', 'Cinematic', [], ['سينمائي', 'سينمائية']),
  e('genre', 'Ambient', [], ['أمبينت', 'محيطي']),
  // Moods
  e('mood', 'Mystical', [], ['غامض', 'روحاني', 'روحانية']),
  e('mood', 'Joyful', [], ['فرح', 'مبهج', 'سعيد']),
  e('mood', 'Melancholic', [], ['حزين', 'حزينة', 'شجن']),
  e('mood', 'Epic', [], ['ملحمي', 'ملحمية']),
  e('mood', 'Romantic', [], ['رومانسي', 'رومانسية']),
  e('mood', 'Meditative', [], ['تأملي', 'تأمل']),
  e('mood', 'Energetic', [], ['حماسي', 'حيوي']),
  e('mood', 'Tense', [], ['متوتر', 'توتر']),
  // Themes
  e('theme', 'Desert', [], ['صحراء', 'صحراوي']),
  e('theme', 'Travel', [], ['سفر', 'رحلة']),
  e('theme', 'Documentary', [], ['وثائقي']),
  e('theme', 'Wedding', [], ['زفاف', 'عرس']),
  e('theme', 'Ramadan', [], ['رمضان']),
  e('theme', 'Adventure', [], ['مغامرة']),
  e('theme', 'Bazaar', ['bazar'], ['بازار', 'سوق']),
  e('theme', 'Night', [], ['ليل', 'ليلة', 'ليالي']),
  // Regions
  e('region', 'Levant', [], ['الشام', 'شامي']),
  e('region', 'Egypt', [], ['مصر', 'مصري']),
  e('region', 'Maghreb', ['maghrib'], ['المغرب', 'مغربي']),
  e('region', 'Gulf', [], ['الخليج']),
  e('region', 'Anatolia', [], ['الأناضول', 'أناضول']),
  e('region', 'Persia', [], ['فارس', 'فارسي']),
];

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
export const isArabic = (word: string): boolean => ARABIC.test(word);

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
