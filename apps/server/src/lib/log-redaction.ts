import type { FastifyRequest } from 'fastify';

import { decodeAscii, originForm } from './request-target.js';

/**
 * What request and error logs must never carry: download tokens, checkout session ids, shared-playlist
 * tokens, licence keys, the operator's search queries, OAuth and card-setup secrets, auth headers and
 * cookies, and the parameters of SQL statements (emails, token hashes, …). Used by the logger of app.ts.
 */
const REDACTED = '[redacted]';

/**
 * Paths whose segment after `prefix` is a secret itself: the API's and the web app's pages (those
 * also under the `/ar` locale). Matched on the path as the router reads it (percent-escapes decoded,
 * any case, `//` as `/`); everything after the prefix is redacted but a last segment named `keep`.
 */
const SECRET_PATHS: { prefix: string[]; page?: boolean; keep?: string }[] = [
  { prefix: ['api', 'downloads'] },
  { prefix: ['api', 'local-payments', 'checkout'] },
  { prefix: ['api', 'shared', 'playlists'] },
  { prefix: ['api', 'licenses'], keep: 'verify' },
  { prefix: ['p'], page: true },
  { prefix: ['verify'], page: true },
  { prefix: ['checkout', 'local'], page: true },
];
/** Query parameters whose values are secrets. */
const SECRET_PARAMS =
  /^(session_id|token|access_token|id_token|code|state|client_secret|payment_intent_client_secret|setup_intent_client_secret|signature|sig|key|license_key|licence_key|licensekey)$/i;

/** The path with a secret segment replaced by `[redacted]` (see SECRET_PATHS); other paths as they are. */
function redactPath(pathname: string): { path: string; admin: boolean } {
  const segments = decodeAscii(pathname)
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const lower = segments.map((segment) => segment.toLowerCase());
  const admin = lower[0] === 'api' && lower[1] === 'admin';
  const localized = lower[0] === 'ar' ? 1 : 0;
  for (const rule of SECRET_PATHS) {
    const start = rule.page ? localized : 0;
    const end = start + rule.prefix.length;
    if (segments.length <= end || !rule.prefix.every((name, i) => lower[start + i] === name)) continue;
    const keep = rule.keep && segments.length > end + 1 && lower[lower.length - 1] === rule.keep ? `/${rule.keep}` : '';
    return { path: `/${lower.slice(0, end).join('/')}/${REDACTED}${keep}`, admin };
  }
  return { path: pathname, admin };
}

/**
 * The URL with secret path segments and query values replaced by `[redacted]`; under `/api/admin`
 * every query value (the operator's searches hold emails and names). Linear in the URL's length.
 */
export function redactUrl(url: string): string {
  const target = originForm(url);
  const q = target.indexOf('?');
  const { path: pathname, admin } = redactPath(q === -1 ? target : target.slice(0, q));
  if (q === -1) return pathname;
  const query = target
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep it as sent
      }
      if (name.endsWith('[]')) name = name.slice(0, -2);
      return admin || SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

/** Drizzle's `Failed query: …\nparams: a,b` (and any `params:` line): the statement stays, the values go. */
const redactParams = (text: string) => text.replace(/(\bparams:)[^\n]*/gi, `$1 ${REDACTED}`);

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: SerializedError;
  [key: string]: unknown;
}

/** pino `err` serializer: message, stack and cause chain, without query parameters. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactParams(String(error)), stack: '' };
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: redactParams(error.message),
    stack: redactParams(error.stack ?? ''),
  };
  const e = error as Error & Record<string, unknown>;
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'query'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  // `params`, `parameters`, `detail` (holds row values: "Key (email)=(x@y) already exists") stay out.
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** How much of a rewritten request's original URL is logged (an over-long one was refused for its length). */
const ORIGINAL_URL_LOGGED = 200;

/**
 * pino `req` serializer: Fastify's fields with a redacted URL; when lib/request-target.ts rewrote the
 * URL (refused, or absolute-form), also the start of the one sent, redacted, and its length.
 */
export function serializeRequest(request: FastifyRequest) {
  const original = request.originalUrl;
  const rewritten = typeof original === 'string' && original !== request.url;
  return {
    method: request.method,
    url: redactUrl(request.url),
    ...(rewritten
      ? { originalUrl: redactUrl(original.slice(0, ORIGINAL_URL_LOGGED)), originalUrlLength: original.length }
      : {}),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Header paths pino replaces with `[Redacted]` wherever a request or response is logged whole. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];
