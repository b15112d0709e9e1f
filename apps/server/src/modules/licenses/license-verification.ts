import type { LicenseVerification } from '@tarab/contracts';
import type { LicenseDetails } from './licenses.repo.js';

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

/** The public verify page's address of a licence (the QR code and the delivered files carry it). */
export const verifyUrl = (publicBase: string, licenseKey: string) =>
  `${publicBase.replace(/\/+$/, '')}/verify/${encodeURIComponent(licenseKey)}`;

export function toVerification(license: LicenseDetails): LicenseVerification {
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
  };
}
