import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { TrackDetailDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { getTracks } from '../../api/get-tracks';

/** `GET /api/music/:id`: one published track or loop, for its page (issue #32). */
async function getTrack(id: string, signal?: AbortSignal): Promise<TrackDetailDto> {
  const body = await api.call(Api.catalog.track, { params: { id }, signal });
  return body.data;
}

export const getTrackQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'track', id], queryFn: ({ signal }) => getTrack(id, signal) });

export const useTrack = (id: string) => useQuery(getTrackQueryOptions(id));

/** How many tracks "More in this maqam" shows. */
const MORE_IN_MAQAM = 6;

/**
 * "More in this maqam": tracks (or loops) of the same maqam from the catalog's list, the page's own
 * left out. The similar-tracks work will replace this query with its own.
 */
export const useMoreInMaqam = (track: Pick<TrackDetailDto, 'id' | 'kind' | 'maqam'>) =>
  useQuery({
    queryKey: ['catalog', 'track', String(track.id), 'more-in-maqam', track.kind, track.maqam],
    queryFn: async ({ signal }) => {
      const page = await getTracks(
        { kind: track.kind, filters: { maqam: [track.maqam ?? ''] } },
        1,
        MORE_IN_MAQAM + 1,
        signal,
      );
      return page.data.filter((t) => t.id !== track.id).slice(0, MORE_IN_MAQAM);
    },
    enabled: Boolean(track.maqam),
  });
