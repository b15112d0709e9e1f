import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { locales, localizePath } from '@tarab/contracts/locales';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';
import type { DbOrTx } from '../../db/client.js';
import type { PageHeadResolver } from '../../plugins/spa.js';
import { listAlbums, listArtists } from '../catalog/catalog.service.js';
import { pageHeadOf, trackPagePaths } from './seo.service.js';

const staticPaths = [
  '/',
  '/music',
  '/loops',
  '/album',
  '/artists',
  '/pricing',
  '/enterprise',
  '/Aboutus',
  '/faqs',
  '/terms-of-use',
  '/sales-agreement',
  '/copyright',
  '/privacy-policy',
  '/tuning',
];
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The origin of the site's absolute URLs: PUBLIC_URL's, else this server's own localhost address. */
const siteBase = (config: Config) =>
  config.publicUrl ? new URL(config.publicUrl).origin : `http://localhost:${config.port}`;

/**
 * The heads the server writes into the app's shell per request (plugins/spa.ts): a track's or loop's
 * page (issue #32) with its title, description, Open Graph tags and JSON-LD; 404 for an unknown id.
 */
export function seoPageHeads(db: DbOrTx, config: Config): PageHeadResolver {
  const base = siteBase(config);
  return (pathname, locale) => pageHeadOf(db, pathname, locale, base);
}

/**
 * robots.txt and a sitemap of the public pages, albums, artists and track pages. Absolute URLs come from
 * PUBLIC_URL only, never from the request's Host header (a forged Host would otherwise be cached
 * by a proxy and handed to crawlers). Without PUBLIC_URL: robots.txt names no sitemap, the sitemap
 * uses this server's own localhost address, and neither may be cached.
 */
export function seoRoutes(db: DbOrTx, config: Config): FastifyPluginAsyncZod {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  const base = siteBase(config);
  const cacheControl = publicOrigin ? 'public, max-age=3600' : 'no-store';
  return async (app) => {
    route(app, Api.site.robots, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', cacheControl)
        .send(
          `User-agent: *\nDisallow: /api/\nDisallow: /savedPage\nDisallow: /profile\nDisallow: /ar/savedPage\nDisallow: /ar/profile\n${publicOrigin ? `Sitemap: ${publicOrigin}/sitemap.xml\n` : ''}`,
        ),
    );
    route(app, Api.site.sitemap, async (_request, reply) => {
      const [albums, artists, trackPages] = await Promise.all([
        listAlbums(db),
        listArtists(db, 1, 1000),
        trackPagePaths(db),
      ]);
      const urls = [
        ...staticPaths,
        ...albums.map((a) => `/album/detail/${a.id}`),
        ...artists.data.map((a) => `/artist/detail/${a.id}`),
        ...trackPages,
      ];
      // Every page in each language (decision 045), each entry naming both (and English as the default).
      const alternates = (u: string) =>
        [...locales.map((l) => [l, localizePath(u, l)] as const), ['x-default', localizePath(u, 'en')] as const]
          .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(base + href)}"/>`)
          .join('');
      const entries = urls.flatMap((u) =>
        locales.map((l) => `  <url><loc>${escapeXml(base + localizePath(u, l))}</loc>${alternates(u)}</url>`),
      );
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join(
        '\n',
      )}\n</urlset>\n`;
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', cacheControl).send(body);
    });
  };
}
