import { createHash, randomBytes } from 'node:crypto';

/** Opaque session tokens: 32 random bytes (base64url); only their SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token we could have issued: 43 base64url characters. Anything else is not looked up. */
export function looksLikeSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
