import { describe, expect, it } from 'vitest';
import { createDownloadToken, LINK_TTL_SECONDS, linkMatchesSession, verifyDownloadToken } from './download-link.js';

describe('signed download links', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123456789';
  const session = 'session-token-of-the-asking-device';
  it('verifies a fresh token and gives back its user and track', () => {
    const { token } = createDownloadToken(secret, 7, 42, session);
    expect(verifyDownloadToken(secret, token)).toMatchObject({ userId: 7, trackId: 42 });
  });
  it('binds the token to the session that asked for it, without carrying the session token', () => {
    const { token } = createDownloadToken(secret, 7, 42, session);
    const claims = verifyDownloadToken(secret, token)!;
    expect(linkMatchesSession(secret, claims, session)).toBe(true);
    expect(linkMatchesSession(secret, claims, 'another-session-token')).toBe(false);
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain(session);
  });
  it('rejects expired, tampered, foreign and malformed tokens', () => {
    const now = Date.now();
    const { token } = createDownloadToken(secret, 7, 42, session, now);
    expect(verifyDownloadToken(secret, token, now + (LINK_TTL_SECONDS + 1) * 1000)).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 8, t: 42, e: Math.floor(now / 1000) + 600 })).toString('base64url');
    expect(verifyDownloadToken(secret, `${forged}.${sig}`)).toBeNull();
    expect(verifyDownloadToken('another-secret-another-secret-0123456789', token)).toBeNull();
    expect(verifyDownloadToken(secret, `${payload}.${sig}x`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${payload}.${sig}.x`, 'a.b'])
      expect(verifyDownloadToken(secret, bad)).toBeNull();
  });
});
