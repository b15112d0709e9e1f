import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed download links, bound to a user and a track:
 * `<base64url({u,t,e})>.<base64url(hmac-sha256)>`. The zip endpoint still checks the license.
 */
export const LINK_TTL_SECONDS = 10 * 60;

export interface LinkClaims {
  userId: number;
  trackId: number;
  expiresAt: number; // epoch seconds
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function createDownloadToken(
  secret: string,
  userId: number,
  trackId: number,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const expiresAt = Math.floor(now / 1000) + LINK_TTL_SECONDS;
  const payload = Buffer.from(JSON.stringify({ u: userId, t: trackId, e: expiresAt })).toString('base64url');
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(expiresAt * 1000) };
}

/** The claims of a genuine, unexpired token; null for anything else. */
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
    };
    if (typeof claims.u !== 'number' || typeof claims.t !== 'number' || typeof claims.e !== 'number') return null;
    if (claims.e * 1000 <= now) return null;
    return { userId: claims.u, trackId: claims.t, expiresAt: claims.e };
  } catch {
    return null;
  }
}
