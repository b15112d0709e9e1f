import type { IncomingMessage } from 'node:http';
import { AppError } from './errors.js';

/**
 * The request target (the URL of the request line) before anything parses it (issue #31 item 3 and
 * the `/api` part of item 8). Fastify's `rewriteUrl` runs `guardRequestTarget` on the raw request,
 * before the router splits the path and the query; a target the server will not read is rewritten to
 * `REFUSED_URL` and its answer (`refusalOf`) is thrown by the first hook of plugins/security.ts, after
 * the security headers are set: the one JSON error shape.
 *
 * - Lengths: a whole target over `MAX_URL_LENGTH`, or a path over `MAX_PATH_LENGTH`, is 414. No page,
 *   API call, signed download link or search reaches them; the work of every later step is then
 *   bounded, whatever it costs per character.
 * - `/api` decided on the decoded path: the router decodes `/%61pi/me` to `/api/me`, while the hooks
 *   (CSRF, session, `Cache-Control`), the SPA fallback and the rate limits read the raw URL. A path that
 *   is `/api` only once decoded, case-folded or cleaned of `//`, `\`, `.` and `..` segments is refused
 *   (404 JSON), so whatever reaches a route or a hook as `/api` starts with the literal `/api/`.
 * - Absolute-form targets (`GET http://host/api/me`, which the router serves as `/api/me`) are read as
 *   their path (`/api/me`), so the same hooks see them.
 */

/** The longest request target the server reads: 8 KiB (path and query). Node refuses heads over 16 KiB itself (431). */
export const MAX_URL_LENGTH = 8 * 1024;
/** The longest path: 2 KiB (the longest real ones, signed download links, are under 600 characters). */
export const MAX_PATH_LENGTH = 2 * 1024;
/** What a refused target is rewritten to: a path no route has, under /api (every hook treats it as the API). */
const REFUSED_URL = '/api/';

/** `http://host/x?y` → `/x?y` (absolute-form, RFC 9112 §3.2.2); `http://host` → `/`; other forms unchanged. */
export function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  const schemeEnd = url.indexOf('://');
  if (schemeEnd <= 0 || !/^[a-z][a-z0-9+.-]*$/i.test(url.slice(0, schemeEnd))) return url;
  for (let i = schemeEnd + 3; i < url.length; i++) {
    const c = url[i];
    if (c === '/') return url.slice(i);
    if (c === '?' || c === '#') return `/${url.slice(i)}`;
  }
  return '/';
}

/** The path of a target: up to the first `?` or `#` (as the router cuts it). */
function pathnameOf(url: string): string {
  for (let i = 0; i < url.length; i++) {
    const c = url[i];
    if (c === '?' || c === '#') return url.slice(0, i);
  }
  return url;
}

/** Decodes `%XX` escapes of ASCII characters (all a path prefix is made of); anything else stays as sent. */
export const decodeAscii = (text: string): string =>
  text.indexOf('%') === -1
    ? text
    : text.replace(/%([0-7][0-9a-f])/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The path as a lenient server or proxy would read it: percent-escapes decoded (up to three times),
 * `\` as `/`, lower case, empty and `.` segments dropped, `..` applied. Linear in the path's length.
 */
export function normalizedPath(pathname: string): string {
  let path = pathname;
  for (let i = 0; i < 3; i++) {
    const decoded = decodeAscii(path);
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').toLowerCase().split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * True for a target the server answers as its API or its media (JSON 404s, never the web app's HTML):
 * the path starts with `/api` (or `/media`) as sent, or once normalized (`/%61pi/`, `/API/`, `//api`).
 */
export function isServerPath(url: string, prefixes: readonly string[] = ['/api', '/media']): boolean {
  const pathname = pathnameOf(originForm(url));
  const normalized = normalizedPath(pathname);
  return prefixes.some((prefix) => underPrefix(pathname, prefix) || underPrefix(normalized, prefix));
}

const refusals = new WeakMap<IncomingMessage, AppError>();

/** The answer decided for this request by `guardRequestTarget`, if it was refused. */
export function refusalOf(raw: IncomingMessage): AppError | undefined {
  return refusals.get(raw);
}

function refuse(raw: IncomingMessage, error: AppError): string {
  refusals.set(raw, error);
  return REFUSED_URL;
}

/**
 * Fastify's `rewriteUrl` (app.ts): runs on every request before routing. Constant work for a target
 * over the limits (its length is all that is read), linear work otherwise.
 */
export function guardRequestTarget(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return refuse(raw, new AppError(414, 'path_too_long'));
  const target = originForm(url);
  const pathname = pathnameOf(target);
  if (pathname.length > MAX_PATH_LENGTH) return refuse(raw, new AppError(414, 'path_too_long'));
  if (!underPrefix(pathname, '/api') && underPrefix(normalizedPath(pathname), '/api')) {
    return refuse(raw, new AppError(404, 'not_found'));
  }
  return target;
}
