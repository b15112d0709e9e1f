import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { decodeAudio, encodeMp3FromAny } from '@tarab/audio';
import { CommerceMessages, Messages, type DownloadDto, type TrackKind } from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import type { Storage } from '../../storage/storage.js';
import type { UserRow } from '../auth/users.repo.js';
import { getTracksByIds } from '../catalog/catalog.service.js';
import * as commerce from '../commerce/commerce.repo.js';
import { newLicenseKey } from '../commerce/license-key.js';
import * as repo from './downloads.repo.js';
import { createDownloadToken, verifyDownloadToken } from './download-link.js';
import { cleanFileTitle, licenseText } from './license-text.js';

export interface DownloadContext {
  db: AppDb;
  storage: Storage;
  secret: string;
}

/** Bit rate of the downloadable MP3, encoded once from the private original and kept privately. */
export const DOWNLOAD_KBPS = 320;

export function downloadUrlOf(ctx: DownloadContext, userId: number, trackId: number) {
  const { token, expiresAt } = createDownloadToken(ctx.secret, userId, trackId);
  return { url: `/api/downloads/${token}`, expiresAt };
}

/** A subscriber's download: records the license (once) and answers a download link. */
export async function downloadFromSubscription(ctx: DownloadContext, user: UserRow, trackId: number, kind: TrackKind) {
  const track = await repo.findDeliverable(ctx.db, trackId);
  const field = kind === 'music' ? 'music_id' : 'loop_id';
  if (!track || track.kind !== kind) {
    const message = `The selected ${kind === 'music' ? 'music' : 'loop'} id is invalid.`;
    throw unprocessable(message, { [field]: [message] });
  }
  let license = await commerce.findValidLicense(ctx.db, user.id, trackId);
  if (!license && !track.published) {
    // A withdrawn track stays with those who licensed it, but no new licenses are granted.
    const message = `The selected ${kind === 'music' ? 'music' : 'loop'} id is invalid.`;
    throw unprocessable(message, { [field]: [message] });
  }
  if (!license) {
    if (!(await commerce.findLiveSubscription(ctx.db, user.id))) {
      throw forbidden(kind === 'loop' ? Messages.loopsNeedSubscription : CommerceMessages.subscriptionRequired);
    }
    license = await commerce.grantLicense(ctx.db, {
      userId: user.id,
      trackId,
      licenseKey: newLicenseKey(),
      source: 'subscription',
      orderId: null,
    });
  }
  return {
    message: Messages.downloadedFromSubscription,
    data: {
      track_id: trackId,
      license_key: license.licenseKey,
      download_url: downloadUrlOf(ctx, user.id, trackId).url,
    },
  };
}

export async function listDownloads(ctx: DownloadContext, user: UserRow, page: number, perPage: number) {
  const { rows, total } = await repo.findLicensesOfUser(ctx.db, user.id, {
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const tracks = await getTracksByIds(
    ctx.db,
    rows.map((r) => r.trackId),
    { loggedIn: true },
    { includeUnpublished: true },
  );
  const byId = new Map(tracks.map((t) => [t.id, t]));
  const data: DownloadDto[] = rows.flatMap((license) => {
    const track = byId.get(license.trackId);
    if (!track) return [];
    return [
      {
        ...track,
        bpm: track.bpm ?? 120,
        duration: track.duration || '3:00',
        license_key: license.licenseKey,
        source: license.source,
        downloaded_at: license.createdAt.toISOString(),
        download_url: downloadUrlOf(ctx, user.id, track.id).url,
      },
    ];
  });
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export async function createDownloadLink(ctx: DownloadContext, userId: number, trackId: number) {
  if (!(await commerce.findValidLicense(ctx.db, userId, trackId))) throw forbidden(CommerceMessages.licenseRequired);
  const { url, expiresAt } = downloadUrlOf(ctx, userId, trackId);
  return { url, expires_at: expiresAt.toISOString() };
}

/** The user a signed link speaks for; a logged-in caller must be that same user. */
export function userOfLink(
  ctx: DownloadContext,
  token: string,
  caller: UserRow | null,
): { userId: number; trackId: number } {
  const claims = verifyDownloadToken(ctx.secret, token);
  if (!claims) throw forbidden(CommerceMessages.linkExpired);
  if (caller && caller.id !== claims.userId) throw forbidden(CommerceMessages.linkExpired);
  return claims;
}

async function mp3Master(ctx: DownloadContext, audioKey: string): Promise<Buffer> {
  const key = `downloads/${audioKey.replace(/^originals\//, '').replace(/\.[a-z0-9]+$/i, '')}-${DOWNLOAD_KBPS}.mp3`;
  if (await ctx.storage.exists('private', key)) return ctx.storage.get('private', key);
  // The private original: the demo's WAV masters, or an artist's upload in any accepted format.
  const { channels, sampleRate } = await decodeAudio(new Uint8Array(await ctx.storage.get('private', audioKey)));
  const mp3 = await encodeMp3FromAny(channels, sampleRate, DOWNLOAD_KBPS);
  await ctx.storage.put('private', key, mp3);
  return Buffer.from(mp3);
}

/** The zip of a licensed track: `{title}.mp3` and `license.txt`. 403 without a valid license. */
export async function buildZip(
  ctx: DownloadContext,
  userId: number,
  trackId: number,
): Promise<{ filename: string; stream: Readable }> {
  const license = await commerce.findValidLicense(ctx.db, userId, trackId);
  if (!license) throw forbidden(CommerceMessages.licenseRequired);
  const track = await repo.findDeliverable(ctx.db, trackId);
  const [dto] = await getTracksByIds(ctx.db, [trackId], { loggedIn: true }, { includeUnpublished: true });
  if (!track || !dto) throw notFound(CommerceMessages.trackNotFound);
  const licensee = await repo.findLicensee(ctx.db, userId);
  if (!licensee) throw notFound();
  let audio: Buffer;
  try {
    audio = await mp3Master(ctx, track.audioKey);
  } catch (error) {
    throw new AppError(503, Messages.downloadFailed, undefined, undefined, error);
  }
  const zip = new yazl.ZipFile();
  zip.addBuffer(audio, `${track.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Track'}.mp3`, { compress: false });
  zip.addBuffer(
    Buffer.from(
      licenseText({
        licenseKey: license.licenseKey,
        licenseeName: licensee.name,
        licenseeEmail: licensee.email,
        trackId,
        title: track.title,
        artist: dto.artist.name,
        source: license.source,
        issuedAt: license.createdAt,
      }),
    ),
    'license.txt',
  );
  zip.end();
  return { filename: `${cleanFileTitle(track.title)}_Track.zip`, stream: zip.outputStream as unknown as Readable };
}
