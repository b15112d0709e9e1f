import { noteAnswerTextMissed } from './answer-text-misses';

/**
 * Catalog texts in the page's language (decision 046). Facet names (genres, moods, themes,
 * instruments, regions, maqamat, iqa'at) come from the lexicon search reads (packages/contracts
 * lexicon.ts); a track's or album's Arabic title is shown on Arabic pages when it has one.
 *
 * The lexicon is needed only where names are translated: a translated page loads it with its
 * catalogue (`loadCatalogNames`, called by `loadMessages`; decision 050), English pages never do.
 */
type Lexicon = typeof import('@tarab/contracts/lexicon');

let lexicon: Pick<Lexicon, 'arabicNameOf' | 'arabicNoteOf'> | undefined;

/** Loads the lexicon's Arabic names; `catalogName` and `noteName` translate from then on. */
export async function loadCatalogNames(): Promise<void> {
  lexicon = await import('@tarab/contracts/lexicon');
}

type Titled = { title: string; title_ar?: string | null | undefined };

export function localTitle(item: Titled, locale: string): string {
  return locale === 'ar' && item.title_ar ? item.title_ar : item.title;
}

export const trackTitle = localTitle;
export const albumTitle = localTitle;

/** A facet's name as the page writes it: `Hijaz` → `حجاز` on Arabic pages (unknown names as they are). */
export function catalogName(name: string, locale: string): string {
  if (locale !== 'ar') return name;
  if (!lexicon) noteAnswerTextMissed();
  return lexicon?.arabicNameOf(name) ?? name;
}

/** A tonic as the page writes it: `D` → `ري` on Arabic pages. */
export function noteName(note: string, locale: string): string {
  if (locale !== 'ar') return note;
  if (!lexicon) noteAnswerTextMissed();
  return lexicon?.arabicNoteOf(note) ?? note;
}
