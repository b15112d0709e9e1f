/**
 * Build-time prerendering (scripts/web-postbuild.mjs): the public pages are rendered to HTML once,
 * so the browser paints the header, the page heading and the hero before any JavaScript has run;
 * main.tsx then hydrates that markup. Rendered as a first visit sees it: no user yet, every query
 * pending — the same tree the client renders first, so hydration matches.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Api } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { preloadAll } from '@/lib/preloadable';
import { PrerenderHeadContext } from '@/features/legal/hooks/use-meta-description';
import { createIntl } from 'react-intl';
import { basenameOf, localizePath, locales, type Locale } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { documentMessages } from '@/lib/i18n/document-messages';
import { AppProvider, AppStarted } from './app/provider';
import { routes } from './app/router';

/**
 * A page worth prerendering: public, no URL parameters, the same for every visitor.
 * - `module`: the page's route module (its chunks are preloaded).
 * - `fonts`: font files (name prefixes) it paints above the fold besides the ones every page
 *   uses, preloaded so they are there for the first paint (no swap, no layout shift).
 * - `fetches`: API calls that paint waits for, requested by the HTML itself (`<link rel="preload"
 *   as="fetch">`) so they do not wait for the app's code. Exactly the URLs its queries request.
 */
export type PrerenderPage = {
  path: string;
  module: string;
  fonts?: string[];
  fetches?: string[];
};

export const prerenderPages: PrerenderPage[] = [
  // The hero's tagline and its Arabic word are in El Messiri 600.
  {
    path: paths.home.path,
    module: 'src/app/routes/home.tsx',
    fonts: ['el-messiri-latin-600-normal', 'el-messiri-arabic-600-normal'],
  },
  { path: paths.music.path, module: 'src/app/routes/music.tsx' },
  { path: paths.loops.path, module: 'src/app/routes/loops.tsx' },
  // The album covers are the page's largest paint: start getAlbums() (features/catalog) at once.
  { path: paths.albums.path, module: 'src/app/routes/albums.tsx', fetches: [api.url(Api.catalog.albums)] },
  { path: paths.artists.path, module: 'src/app/routes/artists.tsx' },
  // The plans' cards come from getProducts() (features/commerce): start it at once.
  { path: paths.pricing.path, module: 'src/app/routes/pricing.tsx', fetches: [api.url(Api.commerce.products)] },
  { path: paths.faqs.path, module: 'src/app/routes/faqs.tsx' },
  { path: paths.aboutUs.path, module: 'src/app/routes/about-us.tsx' },
  { path: paths.salesAgreement.path, module: 'src/app/routes/sales-agreement.tsx' },
  { path: paths.termsOfUse.path, module: 'src/app/routes/terms-of-use.tsx' },
  { path: paths.copyright.path, module: 'src/app/routes/copyright.tsx' },
  { path: paths.privacyPolicy.path, module: 'src/app/routes/privacy-policy.tsx' },
  { path: paths.tuningHelp.path, module: 'src/app/routes/tuning-help.tsx' },
];

/** Every page is prerendered in each language (decision 045): `/music` and `/ar/music`. */
export { locales, localizePath };

/** index.html's texts in `locale`: the title, description and noscript line of every page. */
export async function documentTexts(locale: Locale): Promise<{ title: string; description: string; noscript: string }> {
  const intl = createIntl({ locale, defaultLocale: 'en', messages: (await loadMessages(locale)) as never });
  return {
    title: intl.formatMessage(documentMessages.title),
    description: intl.formatMessage(documentMessages.description),
    noscript: intl.formatMessage(documentMessages.noscript),
  };
}

/**
 * One page (`pathname` as in `paths`, without a locale) in `locale`: the markup of `<div id="root">`,
 * and its own description when it sets one.
 */
export async function render(
  pathname: string,
  locale: Locale = 'en',
): Promise<{ markup: string; description?: string }> {
  const messages = await loadMessages(locale);
  const handler = createStaticHandler(routes, { basename: basenameOf(locale) || '/' });
  const context = await handler.query(new Request(new URL(localizePath(pathname, locale), 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} while prerendering`);
  if (context.errors) throw new Error(`${pathname} failed while prerendering: ${JSON.stringify(context.errors)}`);
  // The page's on-demand parts are in its markup: the browser keeps them until their code is here.
  await preloadAll();
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: { description?: string } = {};
  const markup = renderToString(
    <StrictMode>
      <PrerenderHeadContext.Provider value={head}>
        <AppProvider locale={locale} messages={messages}>
          <AppStarted>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppStarted>
        </AppProvider>
      </PrerenderHeadContext.Provider>
    </StrictMode>,
  );
  return head.description === undefined ? { markup } : { markup, description: head.description };
}
