/**
 * The page's locale (decision 045): the shared rules (packages/contracts locales.ts) and what only
 * the browser needs. Tiny on purpose: src/main.tsx imports it before anything else.
 */
import { localeCookie, type Locale } from '@tarab/contracts/locales';

export { basenameOf, defaultLocale, localeOfPath, locales, localizePath, type Locale } from '@tarab/contracts/locales';

export const dirOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

/** Its own name, in its own script (the language switch shows the other one). */
export const localeNames: Record<Locale, string> = { en: 'English', ar: 'العربية' };

/** Remembers the visitor's choice for a year (the server reads it for `/`). */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${localeCookie}=${locale}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}
