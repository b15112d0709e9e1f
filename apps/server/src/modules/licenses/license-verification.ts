import type { LicenseVerification } from '@tarab/contracts';
import type { CertificateDetails } from './licenses.repo.js';

/**
 * A licensee's name as the public sees it: each word's first letter and the rest masked
 * ("Amira Haddad" → "A**** H*****"), enough for a broadcaster to match it, not to learn it.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = [...word];
      return letters[0]! + '*'.repeat(Math.max(1, letters.length - 1));
    })
    .join(' ');
}

/**
 * The store's origin as a request reached it (`https://tarab.example`), for links the server writes
 * into files (certificates, licence files) when PUBLIC_URL is not set. `request.protocol` and
 * `request.host` follow TRUST_PROXY (a proxy's X-Forwarded-Proto/Host only when trusted); a Host
 * that is not a host (`a b`, `x/y`) falls back to `localhost`.
 */
export function requestOrigin(request: { protocol: string; host: string }): string {
  try {
    const url = new URL(`${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (bare && !/[/?#@\s]/.test(request.host)) return url.origin;
  } catch {
    // not a host: below
  }
  return 'http://localhost';
}

/** The public verify page's address of a licence (the QR code and the delivered files carry it). */
export const verifyUrl = (publicBase: string, licenseKey: string) =>
  `${publicBase.replace(/\/+$/, '')}/verify/${encodeURIComponent(licenseKey)}`;

export function toVerification(license: CertificateDetails): LicenseVerification {
  return {
    license_key: license.licenseKey,
    status: license.revokedAt ? 'revoked' : 'valid',
    revoked_at: license.revokedAt?.toISOString() ?? null,
    issued_at: license.issuedAt.toISOString(),
    obtained_by: license.source,
    licensee: maskName(license.licenseeName),
    track: {
      id: license.trackId,
      title: license.title,
      ...(license.titleAr ? { title_ar: license.titleAr } : {}),
      kind: license.kind,
    },
    artist: license.artistName,
    ...(license.artistNameAr ? { artist_ar: license.artistNameAr } : {}),
  };
}
