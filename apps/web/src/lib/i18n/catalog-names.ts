/**
 * Catalog texts in the page's language (decision 046): a track's or album's Arabic title on Arabic
 * pages when it has one, its own title otherwise.
 */
type Titled = { title: string; title_ar?: string | null | undefined };

export function localTitle(item: Titled, locale: string): string {
  return locale === 'ar' && item.title_ar ? item.title_ar : item.title;
}

export const trackTitle = localTitle;
export const albumTitle = localTitle;
