import { arabicNameOf } from '@tarab/contracts/lexicon';
import { arabicNoteOf } from '@tarab/contracts/notes';

/**
 * Catalog texts in the page's language (decision 046). Facet names (genres, moods, themes,
 * instruments, regions, maqamat, iqa'at) come from the lexicon search reads (packages/contracts
 * lexicon.ts); a track's or album's Arabic title is shown on Arabic pages when it has one.
 */
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
  return arabicNameOf(name) ?? name;
}

/** A tonic as the page writes it: `D` → `ري` on Arabic pages. */
export function noteName(note: string, locale: string): string {
  if (locale !== 'ar') return note;
  return arabicNoteOf(note) ?? note;
}
