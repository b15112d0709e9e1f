import { QuoteRequestBody, QuoteRequestResponse } from '../quotes.js';
import { SiteConfigResponse } from '../site-config.js';
import { defineRoute, raw } from './define.js';

/** Enterprise quote requests: anyone may ask (logged in or not), a few times an hour per address. */
export const quoteRoutes = {
  request: defineRoute({
    method: 'POST',
    path: '/api/enterprise/quote',
    tags: ['enterprise'],
    access: 'public',
    summary: 'Request an Enterprise quote (stored; the operator is emailed)',
    body: QuoteRequestBody,
    responses: { 201: QuoteRequestResponse },
  }),
};

/** What the web app reads from the server's configuration at run time (issue #32). */
export const configRoutes = {
  site: defineRoute({
    method: 'GET',
    path: '/api/site-config',
    tags: ['site'],
    access: 'public',
    summary: "The web app's run-time settings: the header's external shop links (null when not configured)",
    responses: { 200: SiteConfigResponse },
  }),
};

const siteTags = ['site'];

/**
 * What the server answers outside the JSON API: crawler files, public media and the web app's pages.
 * Left out of the OpenAPI document (it describes the API).
 */
export const siteRoutes = {
  robots: defineRoute({
    method: 'GET',
    path: '/robots.txt',
    tags: siteTags,
    access: 'public',
    hidden: true,
    summary: 'robots.txt (names the sitemap when PUBLIC_URL is set)',
    responses: { 200: raw('text/plain; charset=utf-8', 'robots.txt') },
  }),
  sitemap: defineRoute({
    method: 'GET',
    path: '/sitemap.xml',
    tags: siteTags,
    access: 'public',
    hidden: true,
    summary: 'Sitemap of the public pages, albums and artists',
    responses: { 200: raw('application/xml; charset=utf-8', 'The sitemap') },
  }),
  /** Previews, peaks JSON and images by content-hashed key (Range, ETag; cacheable for a year). */
  media: defineRoute({
    method: 'GET',
    head: true,
    path: '/media/*',
    tags: siteTags,
    access: 'public',
    hidden: true,
    summary: 'Public media: previews, peaks and images',
    responses: {
      200: raw('application/octet-stream', 'The object (content type from its extension)'),
      206: raw('application/octet-stream', 'The requested byte range'),
    },
  }),
  /**
   * The web app: prerendered public pages and `index.html` for every other path that is not under
   * `/api/` (the client router shows its own pages, such as `/verify/{key}`), plus the built assets.
   * A path that none of the app's page patterns matches (`../pages.ts`) gets the shell with 404.
   */
  pages: defineRoute({
    method: 'GET',
    head: true,
    path: '/*',
    tags: siteTags,
    access: 'public',
    hidden: true,
    summary: 'The web app (HTML pages and built assets)',
    responses: {
      200: raw('text/html; charset=utf-8', 'A page of the web app, or one of its assets'),
      404: raw('text/html; charset=utf-8', 'Not one of the pages: the app shell, which shows "Page not found"'),
    },
  }),
};
