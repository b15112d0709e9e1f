// After `vite build` and `vite build --ssr src/entry-prerender.tsx` (apps/web `npm run build`):
//  1. prerenders the public pages into dist/prerendered/ (their HTML paints before any JavaScript
//     runs; the client hydrates it), listing for the entry the app's chunks, the page's and, in a
//     translated page, its locale's catalogue, all fetched once the page is painted (decision 063);
//  2. writes brotli and gzip copies of the text files of dist/, which the server sends to clients
//     that accept them (apps/server/src/plugins/spa.ts).
// Why: docs/performance.md "Web".
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const webRoot = path.resolve(import.meta.dirname, '../apps/web');
const dist = path.join(webRoot, 'dist');
const ssrEntry = path.join(webRoot, '.tmp/prerender/entry-prerender.js');
const manifestPath = path.join(dist, '.vite/manifest.json');

/** `/music/` → `/music`; `/` stays (as the server looks pages up, apps/server/src/plugins/spa.ts). */
const trimSlashes = (pathname) => pathname.replace(/(.)\/+$/, '$1');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The JS files a page module needs (itself and its static imports), from Vite's manifest. */
function chunkFiles(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: update prerenderPages in src/entry-prerender.tsx`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

async function prerender() {
  const indexPath = path.join(dist, 'index.html');
  const template = await fs.readFile(indexPath, 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8'));
  const { render, prerenderPages, documentTexts, locales, localizePath } = await import(pathToFileURL(ssrEntry).href);
  // The entry (src/main.tsx) and its static imports: index.html's script and Vite's preloads. The app
  // (src/app/start.tsx) is fetched once the page is painted: the entry must not import it statically.
  const entryFiles = new Set(chunkFiles(manifest, 'index.html'));
  const appFiles = chunkFiles(manifest, 'src/app/start.tsx').filter((file) => !entryFiles.has(file));
  if (
    entryFiles.has(manifest['src/app/start.tsx'].file) ||
    [...entryFiles].some((f) => /\/react-[\w-]+\.js$/.test(f))
  ) {
    throw new Error(`the entry imports the app's code statically: ${[...entryFiles].join(', ')} (see vite.config.ts)`);
  }
  // A translated locale's catalogue (src/lib/i18n/messages.ts), loaded before the first render: its
  // pages preload it with the app. English has none (its texts are in the code).
  const catalogueFiles = (locale) =>
    locale === 'en' ? [] : chunkFiles(manifest, `src/lang/${locale}.messages`).filter((f) => !entryFiles.has(f));
  const modulepreload = (file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`;
  // Fonts are fetched with the stylesheet rather than after it: the ones every page paints text
  // in (Inter for text, El Messiri 700 for the logo and headings; in Arabic, their Arabic faces
  // too), and a page's own (`fonts`).
  const assets = await fs.readdir(path.join(dist, 'assets'));
  const fontPreloads = (prefixes) =>
    prefixes
      .map((prefix) => {
        const file = assets.find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.woff2'));
        if (!file) throw new Error(`no .woff2 font file starts with ${prefix}`);
        return `    <link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}">\n`;
      })
      .join('');
  const everyPageFonts = {
    en: ['inter-latin-wght-normal', 'el-messiri-latin-700-normal'],
    ar: [
      'inter-latin-wght-normal',
      'el-messiri-latin-700-normal',
      'el-messiri-arabic-700-normal',
      'ibm-plex-sans-arabic-arabic-400-normal',
      'ibm-plex-sans-arabic-arabic-600-normal',
    ],
  };
  const withHead = (html, links) => html.replace('  </head>', () => `${links}  </head>`);
  const metaDescription = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
  const withDescription = (html, description) => {
    if (!metaDescription.test(html)) throw new Error('index.html has no <meta name="description" content="…">');
    return html.replace(
      metaDescription,
      () => `<meta name="description" content="${escapeHtml(description).replace(/"/g, '&quot;')}" />`,
    );
  };
  /** index.html in `locale`: `<html lang dir>` right on first paint, its title, description and noscript line. */
  const templateIn = async (locale) => {
    if (locale === 'en') return template;
    const texts = await documentTexts(locale);
    const html = template.replace(/<html lang="en" dir="ltr">/, `<html lang="${locale}" dir="rtl">`);
    if (html === template) throw new Error('index.html does not start with <html lang="en" dir="ltr">');
    return withDescription(html, texts.description)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(texts.title)}</title>`)
      .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeHtml(texts.noscript)}</noscript>`);
  };

  // Prerendered pages: their markup paints first; then the entry fetches the app, the page's chunks
  // and the catalogue (data-modules) all at once, and the app hydrates the page.
  const outDir = path.join(dist, 'prerendered');
  await fs.mkdir(outDir, { recursive: true });
  const listing = {};
  for (const locale of locales) {
    const localeTemplate = await templateIn(locale);
    for (const page of prerenderPages) {
      let { markup, description } = await render(page.path, locale);
      // React renders the page's <title> where the component is; it belongs in <head>.
      let title = null;
      markup = markup.replace(/<title>([^<]*)<\/title>/g, (_, text) => {
        title ??= text;
        return '';
      });
      const url = trimSlashes(localizePath(page.path, locale));
      const pageFiles = chunkFiles(manifest, page.module).filter((file) => !entryFiles.has(file));
      const modules = [...new Set([...appFiles, ...catalogueFiles(locale), ...pageFiles])]
        .map((file) => `/${file}`)
        .join(' ');
      const root = `<div id="root" data-prerendered="${escapeHtml(url)}" data-modules="${modules}">${markup}</div>`;
      // The API answers the page's queries use: api-client fetches with credentials 'include'.
      const fetches = (page.fetches ?? [])
        .map((href) => `    <link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}">\n`)
        .join('');
      let html = withHead(
        localeTemplate,
        fontPreloads([...everyPageFonts[locale], ...(page.fonts ?? [])]) + fetches,
      ).replace('<div id="root"></div>', () => root);
      if (title !== null) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
      // The page's own description (legal pages), as the app sets it once it runs.
      if (description !== undefined) html = withDescription(html, description);
      const base = page.path === '/' ? 'index' : page.path.slice(1).replace(/[^A-Za-z0-9-]+/g, '_');
      const file = `${locale === 'en' ? '' : `${locale}_`}${base}.html`;
      await fs.writeFile(path.join(outDir, file), html);
      listing[url] = file;
    }
    if (locale === 'en') continue;
    // Every other URL of the locale (`/ar/profile`…) gets its own index.html: right lang and dir
    // before the app runs, its catalogue preloaded with the app.
    const shell = `${locale}_shell.html`;
    await fs.writeFile(
      path.join(outDir, shell),
      withHead(
        localeTemplate,
        fontPreloads(everyPageFonts[locale]) + [...appFiles, ...catalogueFiles(locale)].map(modulepreload).join(''),
      ),
    );
    listing[`/${locale}/*`] = shell;
  }
  await fs.writeFile(path.join(outDir, 'pages.json'), `${JSON.stringify(listing, null, 2)}\n`);

  // Every other URL gets index.html, with nothing to paint before the app: its code is preloaded.
  await fs.writeFile(
    indexPath,
    withHead(template, fontPreloads(everyPageFonts.en) + appFiles.map(modulepreload).join('')),
  );
  return Object.keys(listing).length;
}

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

async function compress() {
  let count = 0;
  for await (const file of filesUnder(dist)) {
    if (!compressible.test(file)) continue;
    const data = await fs.readFile(file);
    if (data.length < 512) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

const pages = await prerender();
// Build metadata, not part of the site.
await fs.rm(path.join(dist, '.vite'), { recursive: true, force: true });
const compressed = await compress();
console.log(`web postbuild: ${pages} pages prerendered, ${compressed} files precompressed (br, gzip)`);
