import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServerErrors, type ErrorBody } from '@tarab/contracts';
import { isServerPath } from '../lib/request-target.js';
import { localeCookie, localeOfPath, locales, localizePath, stripLocale, type Locale } from '@tarab/contracts/locales';
import { isPagePath } from '@tarab/contracts/pages';

type Encoding = 'br' | 'gzip';
const encodings: { name: Encoding; extension: string }[] = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
];

/** The codings the client accepts (`Accept-Encoding`), q=0 excluded. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The best precompressed copy of `file` (written beside it by scripts/web-postbuild.mjs) the client accepts. */
function pickEncoding(request: FastifyRequest, file: string): (typeof encodings)[number] | null {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  return (
    encodings.find((e) => (accepted.has(e.name) || accepted.has('*')) && fs.existsSync(file + e.extension)) ?? null
  );
}

/**
 * The prerendered pages (dist/prerendered/pages.json: path → file), written by the web build: the
 * page's HTML is there before its JavaScript. Only for URLs without a query string, whose first
 * client render may depend on it.
 */
function loadPrerendered(webDist: string): Map<string, string> {
  const dir = path.join(webDist, 'prerendered');
  const pages = new Map<string, string>();
  let listing: Record<string, string>;
  try {
    listing = JSON.parse(fs.readFileSync(path.join(dir, 'pages.json'), 'utf8')) as Record<string, string>;
  } catch {
    return pages;
  }
  for (const [urlPath, file] of Object.entries(listing)) {
    const full = path.join(dir, path.basename(file));
    if (fs.existsSync(full)) pages.set(urlPath, full);
  }
  return pages;
}

/**
 * `/music/` → `/music`, `/music///` → `/music`; `/` (and a path of slashes only) → `/`. A loop from the
 * end: linear in the path's length (the regular expression it replaces, `/(.)\/+$/`, was quadratic on a
 * long run of slashes — issue #31).
 */
export function trimTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 0x2f) end--;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}

/**
 * Serves the built web app: hashed assets with a year of caching, everything else falls back to
 * index.html (history routing), or to the page's prerendered HTML when the build made one; a path
 * that is not one of the app's pages gets the same shell with HTTP 404 (the app says "not found"). Text
 * files go out brotli- or gzip-compressed when the build wrote a `.br` / `.gz` copy and the client
 * accepts it. /api/* and /media/* never fall back: they answer 404 JSON.
 */
const isSourceMap = (pathname: string) => /\.map(\.(br|gz))?$/i.test(pathname);

/**
 * Pages whose head the server writes per request (a track's page, issue #32: modules/seo): given a page
 * path without its locale prefix, `null` when it is none of them, `{ found: false }` when it is one but
 * names nothing (an unknown or unpublished track: HTTP 404, the app shows its not-found page), else the
 * function that writes the page's head into the locale's shell.
 */
export type PageHeadResolver = (
  pathname: string,
  locale: Locale,
) => Promise<{ found: false } | { found: true; render: (shell: string) => string } | null>;

/** The language the visitor chose with the switch (decision 045), if any. */
function chosenLocale(request: FastifyRequest): Locale | null {
  const cookies = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${localeCookie}=([a-z]+)`).exec(cookies);
  const value = match?.[1];
  return value && (locales as readonly string[]).includes(value) ? (value as Locale) : null;
}

/**
 * Serves the built web app (see above). Pages are in two languages (decision 045): `/ar/…` gets the
 * Arabic page or shell (`<html lang="ar" dir="rtl">` before any script); a prerendered page names
 * its other-language twin in a `Link: rel="alternate"; hreflang` header (absolute URLs from
 * PUBLIC_URL only, like the sitemap); `/` sends a visitor who chose Arabic to `/ar/`.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  { publicUrl, pageHead }: { publicUrl?: string | undefined; pageHead?: PageHeadResolver | undefined } = {},
): Promise<void> {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  const indexPath = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const prerendered = hasBuild ? loadPrerendered(webDist) : new Map<string, string>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The compressed copies are served in place of their original, never under their own name;
      // the prerendered pages only under their route; source maps never (they stay on disk for
      // whoever reads stack traces, not for visitors).
      allowedPath: (pathname) =>
        !/\.(br|gz)$/.test(pathname) && !isSourceMap(pathname) && !pathname.startsWith('/prerendered/'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  /** The shell of each locale (read once), into which `pageHead` writes a page's head. */
  const shells = new Map<Locale, string>();
  const shellOf = (locale: Locale) => {
    let shell = shells.get(locale);
    if (shell === undefined) {
      shell = fs.readFileSync((locale === 'en' ? undefined : prerendered.get(`/${locale}/*`)) ?? indexPath, 'utf8');
      shells.set(locale, shell);
    }
    return shell;
  };
  const alternatesOf = (pathname: string) =>
    [
      ...locales.map((l) => `<${publicOrigin}${localizePath(pathname, l)}>; rel="alternate"; hreflang="${l}"`),
      `<${publicOrigin}${localizePath(pathname, 'en')}>; rel="alternate"; hreflang="x-default"`,
    ].join(', ');
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // Decided on the decoded path too (`/%61pi/…`, `/API/…`): the API and media answer JSON, never the app.
    const isApi = isServerPath(url);
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !isSourceMap(url.split('?')[0]!);
    if (!isApi && wantsHtml && hasBuild) {
      const [pathname = '/', query] = url.split('?', 2);
      const locale = localeOfPath(pathname);
      if (pathname === '/') {
        // The remembered choice applies to the home page only: every other URL says its language.
        if (chosenLocale(request) === 'ar') {
          return reply
            .header('Cache-Control', 'no-cache')
            .header('Vary', 'Cookie')
            .redirect(localizePath(url, 'ar'), 302);
        }
        reply.header('Vary', 'Accept-Encoding, Cookie');
      } else {
        reply.header('Vary', 'Accept-Encoding');
      }
      const headed = pageHead ? await pageHead(stripLocale(trimTrailingSlashes(pathname)), locale) : null;
      if (headed?.found) {
        reply.header('Cache-Control', 'no-cache');
        if (publicOrigin) reply.header('Link', alternatesOf(pathname));
        return reply.type('text/html; charset=utf-8').send(headed.render(shellOf(locale)));
      }
      const ownPage = query === undefined ? prerendered.get(trimTrailingSlashes(pathname)) : undefined;
      const page = ownPage ?? (locale === 'en' ? undefined : prerendered.get(`/${locale}/*`)) ?? indexPath;
      const encoding = pickEncoding(request, page);
      // A path that is none of the app's pages (`@tarab/contracts/pages`, the web router's own list)
      // answers 404: the shell still comes, and the app shows its not-found page in the URL's language.
      if ((!ownPage && !isPagePath(pathname)) || headed?.found === false) reply.status(404);
      reply.header('Cache-Control', 'no-cache');
      if (ownPage && publicOrigin) reply.header('Link', alternatesOf(pathname));
      if (encoding) reply.header('Content-Encoding', encoding.name);
      return reply
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(encoding ? page + encoding.extension : page));
    }
    if (!isApi && wantsHtml && !hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send({ code: 'not_found', message: ServerErrors.not_found } satisfies ErrorBody);
  });
}
