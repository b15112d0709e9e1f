import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/**
 * Starts a browser download of a same-origin URL (the server answers the zip with
 * `Content-Disposition: attachment`, so the page stays where it is).
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The cookie-authenticated zip of a licensed track: `{title}.mp3` (or `.wav`) + `license.txt`. */
export const zipUrlOf = (trackId: number | string, format: 'mp3' | 'wav' = 'mp3'): string =>
  api.url(Api.downloads.zip, { params: { id: trackId }, query: format === 'mp3' ? {} : { format } });
