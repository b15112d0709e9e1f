import type { TrackDetailDto } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { formatLabels } from '../downloads/downloads.service.js';
import { getTracksByIds, type Viewer } from './catalog.service.js';
import { maqamFacetValue } from './musical-facets.js';
import * as repo from './track-detail.repo.js';

/**
 * `GET /api/music/:id` (issue #32, the track page): one published track or loop as the lists show it
 * (the same DTO, the price for logged-in viewers only), plus its maqam's family and ajnas from the
 * store's maqam table and the formats its licence delivers. A draft, a withdrawn or a taken-down track
 * is not found, as in the lists.
 */
export async function getTrackDetail(db: DbOrTx, id: number, viewer: Viewer): Promise<TrackDetailDto> {
  const [[track], master] = await Promise.all([getTracksByIds(db, [id], viewer), repo.findPublishedMaster(db, id)]);
  if (!track || !master) throw notFound('track_not_found');
  const facet = (name: 'maqam_family' | 'jins_lower' | 'jins_upper') =>
    (track.maqam ? maqamFacetValue(name, track.maqam) : undefined) ?? null;
  return {
    ...track,
    maqam_family: facet('maqam_family'),
    jins_lower: facet('jins_lower'),
    jins_upper: facet('jins_upper'),
    formats: formatLabels(master),
  };
}

/** The sitemap's track pages: at most this many (with two languages, well inside a sitemap's 50,000 URLs). */
const SITEMAP_TRACKS = 20_000;

/** The ids of the published tracks and loops that have a page in the sitemap. */
export function listTrackPageIds(db: DbOrTx): Promise<number[]> {
  return repo.findPublishedTrackIds(db, SITEMAP_TRACKS);
}
