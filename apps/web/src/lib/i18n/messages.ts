import type { Locale } from './locales';

/** A locale's compiled messages (formatjs ASTs), by id. */
export type Messages = Record<string, unknown>;

/**
 * Each translated locale's whole catalogue, compiled from `src/lang/<locale>.json` by the build
 * (`compiledCatalogues` in precompile-messages.ts): one chunk per locale, preloaded by its
 * prerendered pages. English is the source language: its texts are the `defaultMessage`s in the code.
 */
const catalogues: Partial<Record<Locale, () => Promise<{ default: Messages }>>> = {
  ar: () => import('@/lang/ar.messages'),
};

/** The page's messages, loaded before its first render (app/start.tsx, entry-prerender.tsx). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[locale];
  return load ? (await load()).default : {};
}
