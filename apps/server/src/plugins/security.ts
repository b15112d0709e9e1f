import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiPaths, Limits, ServerErrors } from '@tarab/contracts';
import { forbidden, fieldError, invalidRequest } from '../lib/errors.js';
import { refusalOf } from '../lib/request-target.js';

/**
 * Security headers on every answer (@fastify/helmet, docs/decisions/024), and a same-origin check on
 * state-changing API calls. CSP: scripts only from our origin (no inline script); styles allow
 * inline attributes (React style props); media and images from our origin, data: and blob:.
 * Swagger UI sets its own CSP.
 */
const GOOGLE = 'https://accounts.google.com';

/** The CSP directives; with Google sign-in configured, Google's Identity Services script and popup are allowed too. */
function contentSecurityPolicyDirectives(google: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': google ? ["'self'", GOOGLE] : ["'self'"],
    ...(google ? { 'frame-src': [GOOGLE] } : {}),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': google ? ["'self'", GOOGLE] : ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when the request comes from another site than the one it was sent to: the browser says so
 * (`Sec-Fetch-Site: cross-site` or `same-site`), or its Origin (or Referer) names another host.
 */
function isCrossSite(headers: Record<string, string | string[] | undefined>, host: string | undefined): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const source = (headers['origin'] as string | undefined) ?? (headers['referer'] as string | undefined);
  if (!source || source === 'null') return source === 'null';
  try {
    return new URL(source).host !== host;
  } catch {
    return true;
  }
}

/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode at all (a lone UTF-16 surrogate, which
 * would be stored as U+FFFD, silently changing the value).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The field (dotted path, array positions left out, `_` for the value itself) of the first string
 * or key holding unstorable text, or null. Iterative: a 1000-level nesting costs no stack.
 */
function findUnstorableText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE_TEXT.test(current)) return path || '_';
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, path });
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        if (UNSTORABLE_TEXT.test(key)) return field;
        stack.push({ value: item, path: field });
      }
    }
  }
  return null;
}

/**
 * preValidation: refuses NUL and lone surrogates anywhere in the body (422, naming the field), the
 * query or the path parameters (400), before any schema or query sees them. Raw bodies (the Stripe
 * webhook's buffer) and multipart streams are not inspected here.
 */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const body = findUnstorableText(request.body);
  if (body) throw fieldError('text_not_allowed', body);
  // Fastify builds params and query objects with a prototype of their own: copied into plain
  // objects so that the walk sees their keys and values.
  for (const source of [request.params, request.query]) {
    const field = findUnstorableText(isObject(source) ? { ...source } : source);
    if (field) {
      throw invalidRequest({ [field]: [ServerErrors.text_not_allowed] }, { [field]: ['text_not_allowed'] });
    }
  }
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${Limits.authCookieName}=`);

/**
 * A request forgery needs the browser to add the credential by itself: the session cookie. A
 * request authenticated by an `Authorization: Bearer` header and carrying no session cookie was
 * written by its client on purpose (a page of another site cannot make the browser add it).
 */
function isBearerOnly(headers: Record<string, string | string[] | undefined>): boolean {
  const authorization = headers['authorization'];
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return false;
  const cookie = headers['cookie'];
  return typeof cookie !== 'string' || !SESSION_COOKIE.test(cookie);
}

/**
 * Helmet sends the headers every answer had before it (nosniff, referrer and opener policies, frame
 * denial, the CSP) and none of its other defaults, so answers stay as they were. Registered before
 * CORS so that preflight answers carry them too. HSTS depends on the request (below), and
 * Permissions-Policy is not one of Helmet's headers.
 */
export async function registerSecurity(
  app: FastifyInstance,
  opts: { hsts: boolean; google: boolean; corsOrigins?: readonly string[] },
): Promise<void> {
  const trusted = new Set(opts.corsOrigins ?? []);
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(opts.google) },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
  // Helmet's middleware is built once here, with its CSP text: the Fastify wrapper built it again on
  // every request (parsing the directives each time, ~5 % of a cached answer's CPU; decision 024).
  // Swagger UI (/api/docs) sends its own CSP: Helmet leaves those routes' CSP to it.
  const everyAnswer = helmet(options);
  const docsAnswer = helmet({ ...options, contentSecurityPolicy: false });
  const done = (err?: unknown) => {
    if (err) throw err;
  };
  app.addHook('onRequest', (request, reply, next) => {
    (request.url.startsWith(ApiPaths.docs) ? docsAnswer : everyAnswer)(request.raw, reply.raw, done);
    next();
  });
  // A request target refused before routing (lib/request-target.ts: too long, or `/api` only once
  // decoded) is answered here, with the headers above and before any other hook reads the URL.
  app.addHook('onRequest', async (request) => {
    const refusal = refusalOf(request.raw);
    if (refusal) throw refusal;
  });
  app.addHook('onRequest', async (request) => {
    // Cookies are SameSite=Strict already; this refuses cross-site writes even from old browsers.
    // Requests without Origin/Referer (curl, server-to-server) are not browsers' CSRF; neither are
    // Bearer-only requests, nor those of the origins the operator allowed (CORS_ORIGINS).
    if (unsafeMethods.has(request.method) && request.url.startsWith('/api/') && request.url !== '/api/stripe/webhook') {
      const origin = request.headers.origin;
      if (typeof origin === 'string' && trusted.has(origin)) return;
      if (isBearerOnly(request.headers)) return;
      if (isCrossSite(request.headers, request.headers.host)) throw forbidden('cross_site_refused');
    }
  });
  app.addHook('preValidation', refuseUnstorableText);
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    // API answers hold user data and session tokens: no cache (browser, proxy, CDN) keeps them,
    // unless a route chose its own caching (the receipts and zips say private, no-store themselves).
    if (
      request.url.startsWith('/api/') &&
      !request.url.startsWith(ApiPaths.docs) &&
      !reply.hasHeader('Cache-Control')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    // HTTPS as configured (PUBLIC_URL) or as seen on this request (with TRUST_PROXY, X-Forwarded-Proto).
    if (opts.hsts || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
}
