import { ltr } from '@/lib/i18n/bidi';

/**
 * Numbers with their units, kept left to right inside Arabic text (issue 32 item 8, decision 061):
 * "201 BPM" stays "201 BPM" instead of showing as "BPM 201" beside Arabic words. Each is wrapped in
 * Unicode isolates (LRI … PDI) on Arabic pages, for strings (aria-labels, joined fact lines, titles)
 * where a `<bdi dir="ltr">` cannot go; English text is left as it is. In markup, `<bdi dir="ltr">`
 * does the same.
 */
export function unitText(locale: string, value: number | string, unit: string): string {
  return ltr(locale, `${value} ${unit}`);
}

export const bpmText = (locale: string, bpm: number) => unitText(locale, bpm, 'BPM');

/** A duration as the API writes it (`3:05`): its colon and digits stay in order. */
export const durationText = (locale: string, duration: string) => ltr(locale, duration);

/**
 * A row's facts as one line ("Saba on D · Maqsum · 201 BPM · 3:05"), each fact isolated on Arabic
 * pages so that neither a number nor a Latin name can move across the separators.
 */
export function factLine(locale: string, facts: readonly (string | null | undefined | false)[]): string {
  return facts
    .filter((fact): fact is string => typeof fact === 'string' && fact !== '')
    .map((fact) => (locale === 'ar' && !fact.startsWith('\u2066') ? `\u2068${fact}\u2069` : fact))
    .join(' · ');
}
