import { Api } from '@tarab/contracts';
import type { FavouriteDto } from '@tarab/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `GET /api/favourit/all` → `{ data: [{ music_id, loop_id, created_at, music }] }`. */
async function getFavourites(signal?: AbortSignal): Promise<FavouriteDto[]> {
  const body = await api.call(Api.library.favourites, { signal });
  return body.data;
}

const getFavouritesQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.favourites(),
    queryFn: ({ signal }) => getFavourites(signal),
  });

/** The one favourites query every heart reads, so they all stay in sync. */
export const useFavourites = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getFavouritesQueryOptions(), enabled });

const toIdSet = (list: FavouriteDto[]): ReadonlySet<number> => new Set(list.map((f) => f.music.id));

/** The ids of the favourite tracks (music and loop ids share one id space). */
export const useFavouriteIds = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getFavouritesQueryOptions(), enabled, select: toIdSet });
