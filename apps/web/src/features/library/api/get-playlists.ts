import { Api } from '@tarab/contracts';
import type { PlaylistDto } from '@tarab/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `GET /api/playlists/all` → `{ playlists }`: the user's playlists with their counts. */
async function getPlaylists(signal?: AbortSignal): Promise<PlaylistDto[]> {
  const body = await api.call(Api.library.playlists, { signal });
  return body.playlists;
}

const getPlaylistsQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.playlists(),
    queryFn: ({ signal }) => getPlaylists(signal),
  });

export const usePlaylists = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPlaylistsQueryOptions(), enabled });
