import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { artists, licenses, tracks, users } from '../../db/schema/index.js';

/** A licence with what its certificate and its public verification show. */
export async function findLicenseDetails(db: DbOrTx, where: { key: string } | { userId: number; trackId: number }) {
  const [row] = await db
    .select({
      licenseKey: licenses.licenseKey,
      source: licenses.source,
      revokedAt: licenses.revokedAt,
      issuedAt: licenses.createdAt,
      userId: licenses.userId,
      licenseeName: users.name,
      trackId: tracks.id,
      kind: tracks.kind,
      title: tracks.title,
      titleAr: tracks.titleAr,
      artistName: artists.name,
      artistNameAr: artists.nameAr,
      bpm: tracks.bpm,
      maqam: tracks.maqam,
      tonic: tracks.tonic,
    })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .innerJoin(tracks, eq(tracks.id, licenses.trackId))
    .innerJoin(artists, eq(artists.id, tracks.artistId))
    .where(
      'key' in where
        ? eq(licenses.licenseKey, where.key)
        : and(eq(licenses.userId, where.userId), eq(licenses.trackId, where.trackId)),
    );
  return row;
}

type LicenseDetails = NonNullable<Awaited<ReturnType<typeof findLicenseDetails>>>;

/** What a certificate is made from: a licence's details, the artist's Arabic name among them (decision 061). */
export type CertificateDetails = LicenseDetails;
