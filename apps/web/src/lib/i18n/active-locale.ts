import { defaultLocale, type Locale } from './locales';

/**
 * The page's locale for code outside React's tree (src/lib/format.ts). A page has one locale for
 * its whole life (switching languages loads the other URL, decision 045); AppProvider sets it.
 */
let active: Locale = defaultLocale;

export const activeLocale = (): Locale => active;

export function setActiveLocale(locale: Locale): void {
  active = locale;
}
