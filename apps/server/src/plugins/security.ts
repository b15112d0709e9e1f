import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors.js';

/**
 * Security headers on every answer, and a same-origin check on state-changing API calls.
 * CSP: scripts only from our origin (no inline script); styles allow inline attributes (React
 * style props); media and images from our origin, data: and blob:. Swagger UI sets its own CSP.
 */
const GOOGLE = 'https://accounts.google.com';

/** With Google sign-in configured, Google's Identity Services script and popup are allowed too. */
export function contentSecurityPolicy(google: boolean): string {
  return [
    "default-src 'self'",
    google ? `script-src 'self' ${GOOGLE}` : "script-src 'self'",
    ...(google ? [`frame-src ${GOOGLE}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    google ? `connect-src 'self' ${GOOGLE}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the request's Origin (or Referer) names another site than the one it was sent to. */
export function isCrossSite(headers: Record<string, string | string[] | undefined>, host: string | undefined): boolean {
  const source = (headers['origin'] as string | undefined) ?? (headers['referer'] as string | undefined);
  if (!source || source === 'null') return source === 'null';
  try {
    return new URL(source).host !== host;
  } catch {
    return true;
  }
}

export function registerSecurity(app: FastifyInstance, opts: { hsts: boolean; google: boolean }): void {
  const csp = contentSecurityPolicy(opts.google);
  app.addHook('onRequest', async (request) => {
    // Cookies are SameSite=Strict already; this refuses cross-site writes even from old browsers.
    // Requests without Origin/Referer (curl, server-to-server, Bearer clients) are not browsers' CSRF.
    if (unsafeMethods.has(request.method) && request.url.startsWith('/api/') && request.url !== '/api/stripe/webhook') {
      if (isCrossSite(request.headers, request.headers.host)) throw forbidden('Cross-site request refused.');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    if (!request.url.startsWith('/api/docs')) reply.header('Content-Security-Policy', csp);
    if (opts.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
