import { catalogueParts } from '@/lang/compiled/parts.generated';
import { takeAnswerTextMisses } from './answer-text-misses';
import { loadCatalogNames } from './catalog-names';
import type { Locale } from './locales';
import { loadServerMessages } from './server-messages';

/** A locale's compiled messages (formatjs ASTs, `npm run i18n:compile -w @tarab/web`), by id. */
export type Messages = Record<string, unknown>;

/** The page's catalogue: one object for the page's life, which parts are added to as they load. */
let pageCatalogue: { locale: Locale; messages: Messages; parts: Map<string, Promise<void>> } | undefined;

function loadPart(name: string, load: (() => Promise<{ default: Messages }>) | undefined): Promise<void> {
  const catalogue = pageCatalogue;
  if (!catalogue || !load) return Promise.resolve();
  let loading = catalogue.parts.get(name);
  if (!loading) {
    loading = load().then((part) => {
      Object.assign(catalogue.messages, part.default);
    });
    // A part that failed to load (offline) is asked for again next time.
    loading.catch(() => catalogue.parts.delete(name));
    catalogue.parts.set(name, loading);
  }
  return loading;
}

/**
 * Only the active locale's messages are loaded (decision 045), and of those only what the page shows
 * (decision 050; the parts are cut by scripts/catalogue-graph.ts). English is the source language: its
 * texts are the `defaultMessage`s in the code, so it needs no catalogue. A translated page loads the
 * catalogue's core (the shell's texts) before its first render; its route's part comes with the page's
 * code (router.tsx), the shell's on-demand chunks bring the late part, and the texts of the server's
 * answers load meanwhile (`answerTextsReady`).
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = catalogueParts[locale];
  if (locale === 'en' || !parts) return {};
  pageCatalogue = { locale, messages: {}, parts: new Map() };
  // Not awaited; when they cannot load (offline), answers show as the server sent them.
  loadAnswerTexts().catch(() => undefined);
  await loadPart('core', parts.core);
  return pageCatalogue.messages;
}

/** Adds a route's part to the page's catalogue: router.tsx calls it with the page's code. Nothing on English pages. */
export function loadRouteMessages(routePath: string): Promise<void> {
  const locale = pageCatalogue?.locale;
  return loadPart(`route:${routePath}`, locale ? catalogueParts[locale]?.routes[routePath] : undefined);
}

/** Adds the late part (the texts of the shell's on-demand chunks): those chunks load it with their code. */
export function loadLateMessages(): Promise<void> {
  const locale = pageCatalogue?.locale;
  return loadPart('late', locale ? catalogueParts[locale]?.late : undefined);
}

let answerTexts: Promise<void> | undefined;
const answerListeners = new Set<() => void>();
let answerVersion = 0;

/**
 * The texts of the server's answers on a translated page: the table of the server's messages with
 * their translations, and the lexicon's names (facets, maqamat). They are shown with answers, so they
 * load alongside the first render, not before it; api-client hands over no answer before they are here,
 * and I18nProvider renders again once they are if anything asked for one of them earlier
 * (answer-text-misses.ts, `subscribeAnswerTexts`).
 */
function loadAnswerTexts(): Promise<void> {
  const locale = pageCatalogue?.locale;
  const parts = locale ? catalogueParts[locale] : undefined;
  if (!parts) return Promise.resolve();
  answerTexts ??= Promise.all([loadPart('answers', parts.answers), loadServerMessages(), loadCatalogNames()]).then(
    () => {
      // Render again only if something showed one of these texts before they were here.
      if (!takeAnswerTextMisses()) return;
      answerVersion += 1;
      for (const listener of answerListeners) listener();
    },
    (error: unknown) => {
      answerTexts = undefined;
      throw error;
    },
  );
  return answerTexts;
}

/** Resolves once the answers' texts are here (at once on English pages, or when they could not load). */
export const answerTextsReady = (): Promise<void> => (answerTexts ?? Promise.resolve()).catch(() => undefined);

/** For useSyncExternalStore: changes when the answers' texts arrive. */
export function subscribeAnswerTexts(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}
export const answerTextsVersion = (): number => answerVersion;

/** The whole catalogue of a locale at once: prerendering (entry-prerender.tsx) and tests. */
export async function loadWholeCatalogue(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  await Promise.all([loadServerMessages(), loadCatalogNames()]);
  return (await import('@/lang/compiled/ar.json')).default as Messages;
}
