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

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/**
 * Paint first (decision 063, the one timing piece kept: docs/performance.md "Web" has its figures). A
 * prerendered page is shown before the app's code is fetched: once the browser reports its first
 * contentful paint (at the latest after 3 s), the chunks the build lists in data-modules (the app, the
 * page's, the catalogue) are fetched all at once. Fetched with the stylesheet instead, they put the
 * first paint 1.6 s later.
 */
if (container.dataset['prerendered'] !== undefined && document.visibilityState === 'visible') {
  await new Promise<void>((resolve) => {
    setTimeout(resolve, 3000);
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  for (const href of (container.dataset['modules'] ?? '').split(' ').filter(Boolean)) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }),
    );
  }
}
// React, then the router and the query cache, then the app, each evaluated in a task of its own:
// together they are one long task that holds the page (about 3 Lighthouse points on / and /music,
// TBT −70 to −150 ms: docs/performance.md "Web").
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await import('react-dom/client');
await nextTask();
await import('./app/libraries');
await nextTask();
const { startApp } = await import('./app/start');
await startApp(container);
