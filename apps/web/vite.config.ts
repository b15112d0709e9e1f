import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { markdownDocuments } from './src/features/legal/lib/compile-markdown';
import { compiledCatalogues, noParserAlias, precompiledMessages } from './src/lib/i18n/precompile-messages';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Where the Tarab API listens in development (`npm run dev` starts it on 8080). */
const apiTarget = process.env.TARAB_API_URL ?? 'http://localhost:8080';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/media': { target: apiTarget, changeOrigin: false },
};

/**
 * `npm run build` runs two builds: the browser app (dist/), then `--ssr src/entry-prerender.tsx`
 * (.tmp/prerender/), which scripts/web-postbuild.mjs uses to prerender the public pages into
 * dist/prerendered/ and to precompress dist/ (docs/performance.md "Web").
 */
/** The chunks every page loads with its entry (codeSplitting groups below, and the bundler's runtime). */
const alwaysLoaded = /(^|\/)(rolldown-runtime|entry|index|react|router|query|app)-[\w-]+\.js$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  plugins: [precompiledMessages(), compiledCatalogues(), react(), markdownDocuments(), tailwindcss()],
  resolve: {
    // react-intl and @formatjs/intl each get their own nested copy of these from npm (the root has
    // Lighthouse's older intl-messageformat): one copy, this package's, in the bundle (decision 045).
    dedupe: ['intl-messageformat', '@formatjs/fast-memoize', '@formatjs/icu-messageformat-parser'],
    alias: [
      // Messages are precompiled at build (precompiledMessages): no ICU parser in the bundle.
      ...(command === 'build' ? [noParserAlias] : []),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The build that does not inject its stylesheet at run time (a restyle of the whole page
      // while it hydrates): src/main.tsx imports it with the app's CSS instead.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  server: { port: 5173, proxy },
  preview: { proxy },
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('./.tmp/prerender', import.meta.url)),
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        outDir: fileURLToPath(new URL('./dist', import.meta.url)),
        emptyOutDir: true,
        // Maps are written for reading stack traces, but not linked from the bundles (`hidden`), and the
        // server never serves *.map (plugins/spa.ts): production visitors get no source maps.
        sourcemap: 'hidden',
        // The postbuild step reads it to preload each prerendered page's own chunks.
        manifest: true,
        modulePreload: {
          // A lazy chunk's import preloads the chunks it needs (Vite's helper adds a <link> for each),
          // but not the ones every page has already (the app, React, the router, the query cache),
          // except for the entry's own import of the app: each listed file costs the helper work on
          // the main thread (docs/performance.md "Web").
          resolveDependencies: (_file, deps, { hostId }) =>
            /(^|\/)index-[\w-]+\.js$|index\.html$/.test(hostId) ? deps : deps.filter((dep) => !alwaysLoaded.test(dep)),
        },
        rolldownOptions: {
          output: {
            // Libraries change less often than the app: their own long-cached chunks.
            codeSplitting: {
              groups: [
                // Vite's preload helper stays with the entry: in the app's group it would make the entry
                // import the app statically, fetched and run before the first paint (src/main.tsx).
                { name: 'entry', test: /vite[\\/](preload-helper|modulepreload-polyfill)/, priority: 10 },
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
                // The app's shell (src/app/start.tsx and everything it imports): one chunk rather
                // than many small ones.
                { name: 'app', test: /[\\/]src[\\/]app[\\/]start\.tsx$/ },
              ],
            },
          },
        },
      },
}));
