import { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  Api,
  Messages,
  pathOf,
  type DeliveryFormat,
  type DeliveryFormatDto,
  type DownloadDto,
  type TrackKind,
} from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import { AppError, notFound, forbidden, fieldError } from '../../lib/errors.js';
import type { Storage } from '../../storage/storage.js';
import type { UserRow } from '../auth/auth.service.js';
import { getTracksByIds } from '../catalog/catalog.service.js';
import * as commerce from '../commerce/purchase.service.js';
import * as carts from '../commerce/cart.service.js';
import * as repo from './downloads.repo.js';
import { createDownloadToken, linkMatchesSession, verifyDownloadToken } from './download-link.js';
import { certificateFor, verifyUrl, type LicensesContext } from '../licenses/licenses.service.js';
import { openTaggedDelivery } from './tagged-delivery.js';
import { cleanFileTitle, licenseText } from './license-text.js';
import { DeliveryBusyError, type DeliveryFiles } from './delivery-files.js';
import { DELIVERY_MP3_KBPS } from '@tarab/audio';

export interface DownloadContext {
  db: AppDb;
  storage: Storage;
  secret: string;
  delivery: DeliveryFiles;
  /** How long a zip request waits for a delivery file being made before answering "try again" (429). */
  prepareWaitMs: number;
  /** For the licence certificate in each zip. */
  licenses: LicensesContext;
}

/** The label of a format in download lists: "MP3 · 320 kbps", "WAV · 24-bit · 44.1 kHz". */
export function formatLabels(master: {
  masterSampleRate: number | null;
  masterBitDepth: number | null;
}): DeliveryFormatDto[] {
  const wav = ['WAV'];
  if (master.masterBitDepth) wav.push(`${master.masterBitDepth}-bit`);
  if (master.masterSampleRate) wav.push(`${(master.masterSampleRate / 1000).toLocaleString('en-US')} kHz`);
  return [
    { format: 'mp3', label: `MP3 · ${DELIVERY_MP3_KBPS} kbps` },
    { format: 'wav', label: wav.join(' · ') },
  ];
}

/** A signed link for the user's track, bound to the session that asked for it. */
function downloadUrlOf(ctx: DownloadContext, userId: number, trackId: number, sessionToken: string) {
  const { token, expiresAt } = createDownloadToken(ctx.secret, userId, trackId, sessionToken);
  return { url: pathOf(Api.downloads.byToken, { token }), expiresAt };
}

/** A subscriber's download: records the license (once) and answers a download link. */
export async function downloadFromSubscription(
  ctx: DownloadContext,
  user: UserRow,
  sessionToken: string,
  trackId: number,
  kind: TrackKind,
) {
  const track = await repo.findDeliverable(ctx.db, trackId);
  const field = kind === 'music' ? 'music_id' : 'loop_id';
  if (!track || track.kind !== kind) throw fieldError(kind === 'music' ? 'music_id_invalid' : 'loop_id_invalid', field);
  let license = await commerce.validLicenseOf(ctx.db, user.id, trackId);
  if (!license && !track.published) {
    // A withdrawn track stays with those who licensed it, but no new licenses are granted.
    throw fieldError(kind === 'music' ? 'music_id_invalid' : 'loop_id_invalid', field);
  }
  license ??= await commerce.grantSubscriptionLicense(ctx.db, user.id, trackId);
  if (!license) {
    throw forbidden(kind === 'loop' ? 'loops_need_subscription' : 'subscription_required');
  }
  return {
    message: Messages.downloadedFromSubscription,
    data: {
      track_id: trackId,
      license_key: license.licenseKey,
      download_url: downloadUrlOf(ctx, user.id, trackId, sessionToken).url,
    },
  };
}

export async function listDownloads(
  ctx: DownloadContext,
  user: UserRow,
  sessionToken: string,
  page: number,
  perPage: number,
) {
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
  const masters = new Map(
    (
      await repo.findMasters(
        ctx.db,
        rows.map((r) => r.trackId),
      )
    ).map((m) => [m.id, m]),
  );
  const data: DownloadDto[] = rows.flatMap((license) => {
    const track = byId.get(license.trackId);
    if (!track) return [];
    const master = masters.get(track.id) ?? { masterSampleRate: null, masterBitDepth: null };
    return [
      {
        ...track,
        bpm: track.bpm ?? 120,
        duration: track.duration || '3:00',
        license_key: license.licenseKey,
        source: license.source,
        downloaded_at: license.createdAt.toISOString(),
        download_url: downloadUrlOf(ctx, user.id, track.id, sessionToken).url,
        formats: formatLabels(master),
      },
    ];
  });
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export async function createDownloadLink(ctx: DownloadContext, userId: number, sessionToken: string, trackId: number) {
  if (!(await commerce.validLicenseOf(ctx.db, userId, trackId))) throw forbidden('license_required');
  const { url, expiresAt } = downloadUrlOf(ctx, userId, trackId, sessionToken);
  return { url, expires_at: expiresAt.toISOString() };
}

/**
 * The user a signed link speaks for: only that user, in the session that asked for the link (the route
 * needs a session; a disabled or deleted account has none). Anything else is the same 403.
 */
export function userOfLink(
  ctx: DownloadContext,
  token: string,
  caller: UserRow,
  sessionToken: string | null,
): { userId: number; trackId: number } {
  const claims = verifyDownloadToken(ctx.secret, token);
  if (!claims || caller.id !== claims.userId) throw forbidden('link_expired');
  if (!sessionToken || !linkMatchesSession(ctx.secret, claims, sessionToken)) {
    throw forbidden('link_expired');
  }
  return claims;
}

/** A licensed track's delivery file, or an AppError: 403 without a license, 429 while it is made. */
async function deliverable(ctx: DownloadContext, userId: number, trackId: number, format: DeliveryFormat) {
  const license = await commerce.validLicenseOf(ctx.db, userId, trackId);
  if (!license) throw forbidden('license_required');
  const track = await repo.findDeliverable(ctx.db, trackId);
  if (!track) throw notFound('track_not_found');
  let state;
  try {
    state = await ctx.delivery.await(track.audioKey, format, ctx.prepareWaitMs);
  } catch (error) {
    if (error instanceof DeliveryBusyError) throw preparing(error.retryAfterS);
    throw new AppError(503, 'download_failed', undefined, { cause: error });
  }
  if (!state.ready) throw preparing(state.retryAfterS);
  return { license, track, file: state.file };
}

const preparing = (seconds: number) =>
  new AppError(429, 'download_preparing', undefined, { headers: { 'Retry-After': String(seconds) } });

/**
 * Makes sure a licensed track's file in `format` exists (waiting at most `prepareWaitMs`):
 * answers whether it is ready and the zip URL to download it from.
 */
export async function prepareDownload(ctx: DownloadContext, userId: number, trackId: number, format: DeliveryFormat) {
  const url = `${zipUrlOf(trackId)}${format === 'mp3' ? '' : `?format=${format}`}`;
  try {
    await deliverable(ctx, userId, trackId, format);
    return { ready: true, format, url, retry_after: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      return { ready: false, format, url, retry_after: Number(error.headers?.['Retry-After'] ?? 3) };
    }
    throw error;
  }
}

const zipUrlOf = (trackId: number) => pathOf(Api.downloads.zip, { id: trackId });

type Deliverable = Awaited<ReturnType<typeof deliverable>>;
type Licensee = { name: string };

/** `Desert Caravan` -> `Desert Caravan.mp3`: the audio's name inside a zip. */
const audioFileName = (title: string, format: DeliveryFormat) =>
  `${
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Track'
  }.${format}`;

/**
 * Adds one licensed track to a zip: the tagged audio (streamed from the delivery file when the zip
 * reaches it), `license.txt` and `license-certificate.pdf`, under `folder` (empty: the zip's root).
 * Every entry is stored with its size known, so the zip's total is known too. Answers the audio
 * stream (to close it when the client goes away).
 */
async function addLicensedTrack(
  ctx: DownloadContext,
  zip: yazl.ZipFile,
  userId: number,
  licensee: Licensee,
  { license, track, file }: Deliverable,
  format: DeliveryFormat,
  folder: string,
): Promise<Readable> {
  const tagged = await openDelivery(() =>
    openTaggedDelivery(ctx.storage, file, format, {
      title: track.title,
      artist: track.artistName,
      bpm: track.bpm,
      key: track.tonic,
      maqam: track.maqam,
      licenseKey: license.licenseKey,
      verifyUrl: verifyUrl(ctx.licenses.publicBase, license.licenseKey),
      year: license.createdAt.getUTCFullYear(),
    }),
  );
  // Every entry carries the licence's date, not the clock's: the same licence's zip is the same bytes
  // whenever it is asked for (concurrent downloads, resumed downloads, caches).
  const entry = { compress: false, mtime: license.createdAt };
  zip.addReadStream(tagged.stream, `${folder}${audioFileName(track.title, format)}`, {
    ...entry,
    size: tagged.size,
  });
  zip.addBuffer(
    Buffer.from(
      licenseText({
        licenseKey: license.licenseKey,
        licenseeName: licensee.name,
        trackId: track.id,
        title: track.title,
        artist: track.artistName,
        source: license.source,
        issuedAt: license.createdAt,
        publicBase: ctx.licenses.publicBase,
      }),
    ),
    `${folder}license.txt`,
    // Stored, not deflated: every entry's size is known, so the zip's total is too (Content-Length).
    entry,
  );
  // The licence, track and licensee are read above: the certificate is made from them, not queried again.
  const certificate = await certificateFor(ctx.licenses, {
    licenseKey: license.licenseKey,
    source: license.source,
    revokedAt: license.revokedAt,
    issuedAt: license.createdAt,
    userId,
    licenseeName: licensee.name,
    trackId: track.id,
    kind: track.kind,
    title: track.title,
    titleAr: track.titleAr,
    artistName: track.artistName,
    artistNameAr: track.artistNameAr,
    bpm: track.bpm,
    maqam: track.maqam,
    tonic: track.tonic,
  });
  zip.addBuffer(Buffer.from(certificate.pdf), `${folder}license-certificate.pdf`, entry);
  return tagged.stream;
}

type ZipAnswer = { filename: string; stream: Readable; size: number | null; abort: () => void };

/** Ends the zip: its stream, its total size (yazl calls back with it when every entry's size is known). */
async function finishZip(zip: yazl.ZipFile, filename: string, audio: Readable[]): Promise<ZipAnswer> {
  const size = await new Promise<number>((resolve) =>
    zip.end({ forceZip64Format: false, comment: '' }, ((total: number) => resolve(total)) as () => void),
  );
  // yazl types its output as a NodeJS.ReadableStream; it is a stream.Readable (a PassThrough).
  const stream = zip.outputStream;
  if (!(stream instanceof Readable)) throw new Error('yazl: the zip output is not a stream.Readable');
  return {
    filename,
    stream,
    size: size >= 0 ? size : null,
    // A client that goes away mid-download: the delivery files' streams are closed too.
    abort: () => audio.forEach((stream) => stream.destroy()),
  };
}

/**
 * The zip of a licensed track: `{title}.mp3` (or `.wav`) and `license.txt`, streamed from the
 * prepared delivery file (nothing decoded or encoded here, no whole-file buffer). 403 without a
 * valid license; 429 with Retry-After while the file is still being made.
 */
export async function buildZip(
  ctx: DownloadContext,
  userId: number,
  trackId: number,
  format: DeliveryFormat = 'mp3',
): Promise<ZipAnswer> {
  const ready = await deliverable(ctx, userId, trackId, format);
  const licensee = await repo.findLicensee(ctx.db, userId);
  if (!licensee) throw notFound();
  const zip = new yazl.ZipFile();
  const audio = await addLicensedTrack(ctx, zip, userId, licensee, ready, format, '');
  return finishZip(zip, `${cleanFileTitle(ready.track.title)}_Track.zip`, [audio]);
}

/**
 * The zip of a playlist checkout (decision 036): one folder per track still licensed by the order,
 * each as in a single track's zip (tagged audio, `license.txt`, certificate), streamed one file after
 * the other. The order must be the user's (404 otherwise); 403 when none of its licences is valid
 * (refunded); 429 with Retry-After while a track's file in the format is still being made.
 */
export async function buildCartZip(
  ctx: DownloadContext,
  userId: number,
  cartId: number,
  format: DeliveryFormat = 'mp3',
): Promise<ZipAnswer> {
  const cart = await carts.findCartById(ctx.db, cartId);
  if (!cart || cart.userId !== userId) throw notFound('checkout_not_found');
  const licensed = (await carts.findLineItems(ctx.db, cart.id)).filter((item) => item.licenseKey !== null);
  if (cart.status !== 'paid' || licensed.length === 0) throw forbidden('license_required');
  const licensee = await repo.findLicensee(ctx.db, userId);
  if (!licensee) throw notFound();
  // Every file is ready (or the answer is 429) before the first byte goes out.
  const ready: Deliverable[] = [];
  for (const item of licensed) ready.push(await deliverable(ctx, userId, item.trackId, format));
  const zip = new yazl.ZipFile();
  const audio: Readable[] = [];
  const folders = new Set<string>();
  for (const [index, item] of ready.entries()) {
    let folder = `${String(index + 1).padStart(2, '0')} ${audioFileName(item.track.title, format).slice(0, -4)}`;
    while (folders.has(folder)) folder += '_';
    folders.add(folder);
    audio.push(await addLicensedTrack(ctx, zip, userId, licensee, item, format, `${folder}/`));
  }
  return finishZip(zip, `${cleanFileTitle(cart.playlistName)}_Playlist.zip`, audio);
}

async function openDelivery<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new AppError(503, 'download_failed', undefined, { cause: error });
  }
}
