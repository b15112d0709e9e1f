import '@fontsource-variable/inter/wght.css';
import '@fontsource/el-messiri/600.css';
import '@fontsource/el-messiri/700.css';
// Arabic text (decision 046): only @font-face rules here; the files load only on Arabic pages,
// whose font stack names the face (styles/index.css). Two weights: the browser sets 500 in the 400
// face and 700 in the 600 face, so a first screen waits for two Arabic files, not four.
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-600.css';
// react-toastify's own styles, before ours (vite.config.ts uses its unstyled build).
import 'react-toastify/ReactToastify.css';
import './styles/index.css';
import { dirOf, localeOfPath, locales, rememberLocale, type Locale } from './lib/i18n/locales';

/**
 * The entry is tiny on purpose. A prerendered page (entry-prerender.tsx) is painted first, and
 * only then is the app's code fetched and run: the first paint waits for no JavaScript
 * (docs/performance.md "Web").
 */
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The server sends each locale's pages with their own <html lang dir> (scripts/web-postbuild.mjs);
// the dev server sends index.html as it is.
const locale = localeOfPath(window.location.pathname);
document.documentElement.lang = locale;
document.documentElement.dir = dirOf(locale);

/**
 * Resolves once the browser has shown the page's first content (the `first-contentful-paint`
 * entry is reported when the frame is on screen), at once in a hidden tab (which paints nothing),
 * after two frames where paint timing is not supported, and after 3 s at the latest.
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    window.setTimeout(resolve, 3000);
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Resolves in a later task: the browser may paint and handle input in between. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Fetches the app's chunks and the page's own (listed by the build), all at once. */
function preloadModules(root: HTMLElement) {
  const links = document.createDocumentFragment();
  for (const href of (root.dataset['modules'] ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

/**
 * Until the app runs, a prerendered page's links and forms are plain HTML. A click or a submit
 * that starts a real navigation then (nothing prevented it) must not be lost:
 * - before the app starts, it is not started (its router would cancel the navigation by writing
 *   the history entry): the next page is on its way;
 * - while the app starts (hydration), the browser may drop the navigation: it is made again.
 */
type Phase = 'loading' | 'leaving' | 'starting' | 'started';
let phase: Phase = 'loading';

function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href);
  // Another place in the same page (#main…) is not leaving it.
  if (url.origin === location.origin && url.pathname === location.pathname && url.search === location.search) {
    return null;
  }
  return link;
}

const onClick = (event: MouseEvent) => {
  const link = leavingLink(event);
  if (!link) return;
  // The language switch (LocaleSwitch) remembers the choice, before the app runs too.
  const chosen = link.dataset['locale'] as Locale | undefined;
  if (chosen && locales.includes(chosen)) rememberLocale(chosen);
  if (phase === 'loading') phase = 'leaving';
  if (phase === 'starting') {
    event.preventDefault();
    window.location.assign(link.href);
  }
};
const onSubmit = (event: SubmitEvent) => {
  if (!event.defaultPrevented && phase === 'loading') phase = 'leaving';
};

/** Starts the app at last if the page is still here (a download, a cancelled or restored page). */
const startIfStillHere = () => {
  if (phase !== 'leaving') return;
  phase = 'loading';
  void start();
};

async function start() {
  const { startApp } = await import('./app/start');
  if (phase === 'leaving') {
    window.setTimeout(startIfStillHere, 10_000);
    window.addEventListener('pageshow', startIfStillHere, { once: true });
    return;
  }
  phase = 'starting';
  await startApp(container!, () => {
    // From the next task on (a click may be what made React finish), the app's links and
    // forms handle clicks and submits themselves.
    window.setTimeout(() => {
      phase = 'started';
      window.removeEventListener('click', onClick);
      window.removeEventListener('submit', onSubmit);
      container!.removeAttribute('aria-disabled');
    });
  });
}

if (container.dataset['prerendered'] !== undefined) {
  // The page's controls do nothing until the app runs: say so (assistive technology, and
  // Playwright, which waits for controls to be enabled before acting on them).
  container.setAttribute('aria-disabled', 'true');
  // On window, after the page's own handlers: only what nothing prevented counts.
  window.addEventListener('click', onClick);
  window.addEventListener('submit', onSubmit);
  await afterFirstContentfulPaint();
  preloadModules(container);
  await nextTask();
  // Run them a few at a time: React, then the router and the query cache, then the app,
  // so that no single long task keeps the page from responding.
  await import('react-dom/client');
  await nextTask();
  await import('./app/libraries');
  await nextTask();
  // The browser's Intl starts on its first use (react-intl checks the locale with both): tens of
  // milliseconds on a phone, each in a task of its own rather than inside the app's first render.
  Intl.NumberFormat.supportedLocalesOf(locale);
  await nextTask();
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  await nextTask();
}
await start();
