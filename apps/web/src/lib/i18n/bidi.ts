/**
 * Text that must read left to right inside Arabic text (durations, BPM, meters: decision 046),
 * wrapped in Unicode isolates (LRI … PDI) on Arabic pages — in plain strings too (aria-labels,
 * joined lists), where a `<bdi dir="ltr">` cannot go. English text is left as it is.
 */
export function ltr(locale: string, text: string): string;
export function ltr(locale: string, text: string | null | undefined): string | null;
export function ltr(locale: string, text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  return locale === 'ar' ? `\u2066${text}\u2069` : text;
}
