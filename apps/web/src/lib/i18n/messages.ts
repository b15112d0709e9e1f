import { loadCatalogNames } from './catalog-names';
import type { CatalogueArea } from './catalogue-parts';
import type { Locale } from './locales';
import { loadServerMessages } from './server-messages';

/** A locale's compiled messages (formatjs ASTs, `npm run i18n:compile -w @tarab/web`), by id. */
export type Messages = Record<string, unknown>;

type Part = () => Promise<{ default: Messages }>;

/** Arabic's catalogue in its parts (catalogue-parts.ts): one chunk each. */
const arabicParts: Record<CatalogueArea | 'core', Part> = {
  core: () => import('@/lang/compiled/ar/core.json'),
  audition: () => import('@/lang/compiled/ar/audition.json'),
  admin: () => import('@/lang/compiled/ar/admin.json'),
  licence: () => import('@/lang/compiled/ar/licence.json'),
  sharedPlaylist: () => import('@/lang/compiled/ar/sharedPlaylist.json'),
  playlistLicence: () => import('@/lang/compiled/ar/playlistLicence.json'),
  artist: () => import('@/lang/compiled/ar/artist.json'),
  subscription: () => import('@/lang/compiled/ar/subscription.json'),
  checkout: () => import('@/lang/compiled/ar/checkout.json'),
  enterprise: () => import('@/lang/compiled/ar/enterprise.json'),
};

/** The page's catalogue: one object for the page's life, which the areas' parts are added to. */
let pageCatalogue: { locale: Locale; messages: Messages; areas: Map<CatalogueArea, Promise<void>> } | undefined;

/**
 * Only the active locale's messages are loaded (decision 045), and of those only what the page
 * shows (decision 050). English is the source language: its texts are the `defaultMessage`s in the
 * code, so it needs no catalogue. An Arabic page loads the catalogue's core (with the table of the
 * server's messages and the lexicon's Arabic names) before its first render, and an area's part with the area's routes.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  const [core] = await Promise.all([arabicParts.core(), loadServerMessages(), loadCatalogNames()]);
  pageCatalogue = { locale, messages: { ...core.default }, areas: new Map() };
  return pageCatalogue.messages;
}

/**
 * Adds an area's part to the page's catalogue (router.tsx calls it with the area's page code, before
 * the page renders). Nothing on English pages. The catalogue object grows in place: react-intl reads
 * a message when it formats it, and the area's messages are formatted only by its pages.
 */
export function loadCataloguePart(area: CatalogueArea): Promise<void> {
  const catalogue = pageCatalogue;
  if (!catalogue || catalogue.locale === 'en') return Promise.resolve();
  let loading = catalogue.areas.get(area);
  if (!loading) {
    loading = arabicParts[area]().then((part) => {
      Object.assign(catalogue.messages, part.default);
    });
    catalogue.areas.set(area, loading);
  }
  return loading;
}

/** The whole catalogue of a locale at once: prerendering (entry-prerender.tsx) and tests. */
export async function loadWholeCatalogue(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  await Promise.all([loadServerMessages(), loadCatalogNames()]);
  return (await import('@/lang/compiled/ar.json')).default as Messages;
}
