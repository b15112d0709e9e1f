/**
 * The store's musical vocabulary in English and Arabic — the ONE list (decisions 019, 046): search
 * reads its spellings (apps/server catalog/search-lexicon.ts: normalisation, matching), the web
 * shows its Arabic names on Arabic pages (`arabicNameOf`). The first Arabic name of an entry is
 * the one the store writes; the others are spellings people type.
 *
 * Every entry has a canonical catalog term (the lower-case Latin word our track documents hold),
 * a label (as the store writes it), its Latin variants and its Arabic names.
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
  e('mood', 'Mystical', [], ['روحاني', 'غامض', 'روحانية']),
  e('mood', 'Joyful', [], ['مبهج', 'فرح', 'سعيد']),
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

/**
 * The store's names made of several lexicon words (the demo catalog's tags, an iqa'), in Arabic.
 * Search finds them word by word through the entries above.
 */
export const compoundNamesAr: Readonly<Record<string, string>> = {
  'Arabic Pop': 'بوب عربي',
  'Classical Arabic': 'عربي كلاسيكي',
  'Turkish Classical': 'كلاسيكي تركي',
  'Belly Dance': 'رقص شرقي',
  'Cinematic Oriental': 'شرقي سينمائي',
  'Frame Drum': 'دف',
  "Sama'i Thaqil": 'سماعي ثقيل',
};

const arabicByLabel = new Map<string, string>();
for (const entry of searchLexicon) {
  const name = entry.arabic[0];
  if (name) arabicByLabel.set(entry.label.toLowerCase(), name);
}
for (const [label, name] of Object.entries(compoundNamesAr)) arabicByLabel.set(label.toLowerCase(), name);

/** The Arabic name of a genre, mood, theme, instrument, region, maqam or iqa' (`Hijaz` → `حجاز`), if the store has one. */
export function arabicNameOf(name: string): string | undefined {
  return arabicByLabel.get(name.trim().toLowerCase());
}

export { arabicNoteOf } from './notes.js';
