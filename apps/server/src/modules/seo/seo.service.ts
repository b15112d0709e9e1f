import type { TrackDetailDto } from '@tarab/contracts';
import type { Locale } from '@tarab/contracts/locales';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getTrackDetail, listTrackPageIds } from '../catalog/track-detail.service.js';
import { trackIdOfPath, trackPageHead, trackPagePath, withTrackPageHead } from './track-page-head.js';

/** A published track or loop as a visitor sees it (no price), or null when there is none. */
async function publicTrack(db: DbOrTx, id: number): Promise<TrackDetailDto | null> {
  try {
    return await getTrackDetail(db, id, { loggedIn: false });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The head of a page the server writes per request (plugins/spa.ts `PageHeadResolver`): a track's page
 * (`/track/{id}`) gets its title, description, Open Graph tags and JSON-LD; an id that is no published
 * track or loop answers "not found" (HTTP 404 with the app's not-found page). Other paths: null.
 */
export async function pageHeadOf(db: DbOrTx, pathname: string, locale: Locale, base: string) {
  const id = trackIdOfPath(pathname);
  // `/track/abc`, `/track/0`: a track page's path that can name no track.
  if (id === null) return pathname.startsWith(trackPagePath(0).slice(0, -1)) ? { found: false as const } : null;
  const track = await publicTrack(db, id);
  if (!track) return { found: false as const };
  const head = trackPageHead(track, locale, base);
  return { found: true as const, render: (shell: string) => withTrackPageHead(shell, head) };
}

/** The track pages the sitemap lists: `/track/{id}` of every published track and loop. */
export async function trackPagePaths(db: DbOrTx): Promise<string[]> {
  return (await listTrackPageIds(db)).map(trackPagePath);
}
