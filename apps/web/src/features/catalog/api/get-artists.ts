import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api, type ResultOf } from '@/lib/api-client';

export type ArtistPage = ResultOf<typeof Api.catalog.artists>['data']['data'];

/** `GET /api/artists?page&per_page`: one page of artists (the list is at `data.data.data`). */
async function getArtists(page: number, perPage: number, signal?: AbortSignal): Promise<ArtistPage> {
  const body = await api.call(Api.catalog.artists, { query: { page, per_page: perPage }, signal });
  return body.data.data;
}

/** The first `count` artists (the /music preview). */
export const getArtistsPreviewQueryOptions = (count: number) =>
  queryOptions({
    queryKey: ['catalog', 'artists', 'preview', count],
    queryFn: ({ signal }) => getArtists(1, count, signal),
  });

export const useArtistsPreview = (count: number) => useQuery(getArtistsPreviewQueryOptions(count));

/** Every artist, a page at a time (the /artists grid). */
const getArtistsInfiniteQueryOptions = (perPage: number) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'artists', 'all', perPage],
    queryFn: ({ pageParam, signal }) => getArtists(pageParam, perPage, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ArtistPage) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export const useArtists = (perPage: number) => useInfiniteQuery(getArtistsInfiniteQueryOptions(perPage));
