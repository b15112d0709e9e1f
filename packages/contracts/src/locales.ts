/**
 * The store's languages and where the locale lives: in the URL (decision 045). English keeps the
 * spec's paths (`/music`); Arabic is the same path under `/ar` (`/ar/music`, home `/ar/`). The web
 * app routes by it, the server picks each page's HTML and the sitemap's alternates by it.
 */
export const locales = ['en', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** The path prefix of a locale: `''` for English, `/ar` for Arabic (the router's basename). */
export const basenameOf = (locale: Locale): string => (locale === 'en' ? '' : `/${locale}`);

/** The locale of a URL path: `/ar` and `/ar/…` are Arabic, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/ar' || pathname.startsWith('/ar/') ? 'ar' : 'en';
}

/** A path without its locale prefix: `/ar/music` → `/music`, `/ar` → `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === 'en') return pathname;
  return pathname.slice(basenameOf(locale).length) || '/';
}

/**
 * The same page in `locale`: `/music` → `/ar/music`, `/ar/music` → `/music`; home is `/` and `/ar/`.
 * `path` is a path (with its query and hash if any) in either locale.
 */
export function localizePath(path: string, locale: Locale): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  const bare = stripLocale(pathname || '/');
  const prefix = basenameOf(locale);
  if (!prefix) return bare + rest;
  return (bare === '/' ? `${prefix}/` : prefix + bare) + rest;
}

/**
 * The remembered choice (decision 045): set when the visitor picks a language with the switch, read
 * by the server for `/` only (a visitor who chose Arabic gets `/ar/`).
 */
export const localeCookie = 'tarab_locale';
