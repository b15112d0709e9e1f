import { Api } from '@tarab/contracts';
import type { DeliveryFormat } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { ApiError, api } from '@/lib/api-client';
import { startDownload } from '../lib/start-download';

/**
 * `POST /api/user/downloads/{id}/prepare?format=`: makes sure the licensed file exists (the
 * server waits a few seconds at most) and answers the zip URL, or `ready: false` with the
 * seconds to wait before asking again.
 */
const prepareDownload = (trackId: number, format: DeliveryFormat) =>
  api.call(Api.downloads.prepare, { params: { id: trackId }, query: { format } });

/** How long a download may be prepared before the app gives up (a 20-minute WAV takes far less). */
const PREPARE_LIMIT_MS = 120_000;

type PrepareOptions = { onPreparing?: () => void; now?: () => number; wait?: (ms: number) => Promise<void> };

/**
 * Asks the server to prepare each track's file in a format until every one is ready, waiting as the
 * server says between asks (`onPreparing` is told once, at the first wait). Rejects with `download_failed`
 * when the files take longer than PREPARE_LIMIT_MS. Answers the last track's zip URL.
 */
async function whenPrepared(trackIds: readonly number[], format: DeliveryFormat, options: PrepareOptions) {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + PREPARE_LIMIT_MS;
  let told = false;
  let url = '';
  for (const trackId of trackIds) {
    for (;;) {
      const { data } = await prepareDownload(trackId, format);
      if (data.ready) {
        url = data.url;
        break;
      }
      if (now() >= deadline) throw new ApiError(0, Messages.downloadFailed, { code: 'download_failed' });
      if (!told) {
        told = true;
        options.onPreparing?.();
      }
      await wait(Math.max(1, data.retry_after ?? 3) * 1000);
    }
  }
  return url;
}

/**
 * Downloads a licensed track's zip in a format: asks the server to prepare the file, waits as
 * it says while the file is being made (`onPreparing` is told once), then starts the browser
 * download of the zip. Rejects with an ApiError (the server's message, or Download failed).
 */
export async function downloadLicensed(trackId: number, format: DeliveryFormat, options: PrepareOptions = {}) {
  startDownload(await whenPrepared([trackId], format, options));
}

/**
 * Downloads the zip of a playlist checkout: every track's file in the format is prepared first (as
 * one track's download is), then the browser downloads the one zip. Rejects like downloadLicensed.
 */
export async function downloadCartZip(
  trackIds: readonly number[],
  zipUrl: string,
  format: DeliveryFormat,
  options: PrepareOptions = {},
): Promise<void> {
  await whenPrepared(trackIds, format, options);
  startDownload(`${zipUrl}${format === 'mp3' ? '' : `?format=${format}`}`);
}
