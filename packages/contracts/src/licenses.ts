import { z } from './zod.js';
import { ServerErrors } from './error-codes.js';

/** Public licence verification (`/verify/{key}` and `GET /api/licenses/{key}/verify`). */
export const LicenseMessages = {
  notFound: ServerErrors.licence_not_found,
} as const;

/** Any text (up to the router's 500): the format is not checked apart from the lookup (no format oracle). */
export const LicenseKeyParam = z.object({ key: z.string().check(z.minLength(1)).check(z.maxLength(500)) });

export const LicenseVerification = z.object({
  license_key: z.string(),
  /** `revoked` after a refund or a dispute of the purchase. */
  status: z.enum(['valid', 'revoked']),
  revoked_at: z.nullable(z.string()),
  issued_at: z.string(),
  obtained_by: z.enum(['purchase', 'subscription']),
  /** The licensee's name with all but each word's first letter masked; never the email. */
  licensee: z.string(),
  track: z.object({
    id: z.number().check(z.int()),
    title: z.string(),
    /** The track's Arabic title, when it has one (shown on Arabic pages). */
    title_ar: z.optional(z.string()),
    kind: z.enum(['music', 'loop']),
  }),
  artist: z.string(),
  /** The artist's Arabic name, when the artist has one (decision 061). */
  artist_ar: z.optional(z.string()),
});
export type LicenseVerification = z.infer<typeof LicenseVerification>;
export const LicenseVerificationResponse = z.object({ data: LicenseVerification });

/** A track id in the certificate path (`/api/user/downloads/{id}/certificate`). */
export const CertificateTrackParam = z.object({
  id: z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(2_147_483_647)),
});
