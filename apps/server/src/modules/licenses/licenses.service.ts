import { type LicenseVerification } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { CertificatesBusyError, type CertificateRenderer } from './certificate-renderer.js';
import { requestOrigin, toVerification, verifyUrl } from './license-verification.js';

export { verifyUrl };
import * as repo from './licenses.repo.js';
import type { CertificateDetails } from './licenses.repo.js';

export interface LicensesContext {
  db: DbOrTx;
  /** The store's public origin, for the verify links of certificates and files (`licensesAt`). */
  publicBase: string;
  /** Makes certificate PDFs off the event loop and keeps the last ones made. */
  certificates: CertificateRenderer;
}

/** What the server is started with: PUBLIC_URL when set (undefined: each request's own origin). */
export interface LicensesSetup {
  db: DbOrTx;
  publicUrl: string | undefined;
  certificates: CertificateRenderer;
}

/**
 * The licences' context of one request: links from PUBLIC_URL, else from the origin the request
 * reached (never `localhost` when the store is served elsewhere).
 */
export function licensesAt(setup: LicensesSetup, request: { protocol: string; host: string }): LicensesContext {
  return { db: setup.db, publicBase: setup.publicUrl ?? requestOrigin(request), certificates: setup.certificates };
}

/** Keys are shown in capitals; one typed in lower case or with spaces around is the same key. */
const normalizeKey = (key: string) => key.trim().toUpperCase();

/**
 * The public check of a licence key. Any text is looked up the same way (one indexed query), so an
 * unknown key, well-formed or not, answers the same 404 in the same time: no hint of the key format.
 */
export async function verifyLicense(ctx: LicensesContext, key: string): Promise<LicenseVerification> {
  // Text PostgreSQL cannot store (a NUL) never gets here: the security plugin answers 400 for it.
  const license = await repo.findLicenseDetails(ctx.db, { key: normalizeKey(key) });
  if (!license) throw notFound('licence_not_found');
  return toVerification(license);
}

/** The licence certificate (PDF) of the user's licence for a track; 404 when they have none. */
export async function certificateOf(ctx: LicensesContext, userId: number, trackId: number) {
  const license = await repo.findLicenseDetails(ctx.db, { userId, trackId });
  if (!license) throw notFound('licence_not_found');
  return certificateFor(ctx, license);
}

/** The certificate of a licence whose details the caller has already read (the zip: no second query). */
export async function certificateFor(ctx: LicensesContext, license: CertificateDetails) {
  try {
    return {
      filename: `Tarab_licence_${license.licenseKey}.pdf`,
      pdf: await ctx.certificates.render(license, verifyUrl(ctx.publicBase, license.licenseKey)),
    };
  } catch (error) {
    // Every render slot is taken: a moment later it is made (the download's own "being prepared").
    if (error instanceof CertificatesBusyError) {
      throw new AppError(429, 'download_preparing', undefined, { headers: { 'Retry-After': String(BUSY_RETRY_S) } });
    }
    throw error;
  }
}

const BUSY_RETRY_S = 2;
