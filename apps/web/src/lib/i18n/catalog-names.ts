import { arabicNoteOf } from '@tarab/contracts/notes';
import { noteAnswerTextMissed } from './answer-text-misses';

/**
 * Catalog texts in the page's language (decision 046). Facet names (genres, moods, themes,
 * instruments, regions, maqamat, iqa'at) come from the lexicon search reads (packages/contracts
 * lexicon.ts); a track's or album's Arabic title is shown on Arabic pages when it has one.
 *
 * The lexicon is needed only where names are translated: a translated page loads it alongside its
 * first render (`loadCatalogNames`; decision 050), English pages never do. Facet names come with the
 * server's answers, which wait for it. Note names are shown without an answer too (the loops page's
 * key menu, in the prerendered HTML): they are a module of their own, here from the start, so that
 * hydration renders them as the prerender did.
 */
type Lexicon = typeof import('@tarab/contracts/lexicon');

let lexicon: Pick<Lexicon, 'arabicNameOf'> | undefined;

/** Loads the lexicon's Arabic names; `catalogName` translates from then on. */
export async function loadCatalogNames(): Promise<void> {
  lexicon = await import('@tarab/contracts/lexicon');
}

/** As on a page that has just opened: no lexicon yet (hydration tests, after prerendering in the same process). */
export function forgetCatalogNames(): void {
  lexicon = undefined;
}

type Titled = { title: string; title_ar?: string | null | undefined };

/** A number with a Latin unit inside an Arabic title ("دربكة وحدة 71 BPM"). */
const numberWithUnit = /\d+(?:[.,]\d+)?\s?[A-Za-z%]+/g;

/**
 * An item's title in the page's language. In an Arabic title a number with its unit is isolated left
 * to right (LRI … PDI, decision 061): "71 BPM" would otherwise show as "BPM 71" beside Arabic words.
 */
export function localTitle(item: Titled, locale: string): string {
  if (locale !== 'ar' || !item.title_ar) return item.title;
  return item.title_ar.replace(numberWithUnit, (run) => `\u2066${run}\u2069`);
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
  return arabicNoteOf(note) ?? note;
}
