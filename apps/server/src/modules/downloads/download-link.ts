import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed download links, bound to a user, a track and the session that asked for them:
 * `<base64url({u,t,e,s})>.<base64url(hmac-sha256)>`. `s` is an HMAC of that session's token (not the
 * token, not its stored hash), so the link opens only with the same session (cookie or Bearer) and
 * dies with it: at logout, when the account is disabled or deleted, after a password change that ends
 * other sessions. The zip endpoint still checks the license.
 */
export const LINK_TTL_SECONDS = 10 * 60;

export interface LinkClaims {
  userId: number;
  trackId: number;
  expiresAt: number; // epoch seconds
  /** The binding of the session that asked for the link (`sessionBinding`). */
  session: string;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** What a link carries of its session: 128 bits of an HMAC of the session token, nothing that opens it. */
const sessionBinding = (secret: string, sessionToken: string) =>
  createHmac('sha256', secret).update(`download-link-session\0${sessionToken}`).digest('base64url').slice(0, 22);

export function createDownloadToken(
  secret: string,
  userId: number,
  trackId: number,
  sessionToken: string,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const expiresAt = Math.floor(now / 1000) + LINK_TTL_SECONDS;
  const payload = Buffer.from(
    JSON.stringify({ u: userId, t: trackId, e: expiresAt, s: sessionBinding(secret, sessionToken) }),
  ).toString('base64url');
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(expiresAt * 1000) };
}

/** The claims of a genuine, unexpired token; null for anything else (links without a session binding too). */
export function verifyDownloadToken(secret: string, token: string, now = Date.now()): LinkClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || payload.length > 200) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u?: unknown;
      t?: unknown;
      e?: unknown;
      s?: unknown;
    };
    if (typeof claims.u !== 'number' || typeof claims.t !== 'number' || typeof claims.e !== 'number') return null;
    if (typeof claims.s !== 'string' || claims.s.length === 0) return null;
    if (claims.e * 1000 <= now) return null;
    return { userId: claims.u, trackId: claims.t, expiresAt: claims.e, session: claims.s };
  } catch {
    return null;
  }
}

/** Whether the link was made for the session of this request. */
export function linkMatchesSession(secret: string, claims: LinkClaims, sessionToken: string): boolean {
  const expected = Buffer.from(sessionBinding(secret, sessionToken));
  const given = Buffer.from(claims.session);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
