import { Api } from '@tarab/contracts';
import type { PlaylistDetailDto } from '@tarab/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `GET /api/playlists/music/:id` → `{ data }`: one playlist with its musics and loops. */
async function getPlaylist(id: string, signal?: AbortSignal): Promise<PlaylistDetailDto> {
  const body = await api.call(Api.library.playlist, { params: { id }, signal });
  return body.data;
}

export const getPlaylistQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.playlist(id),
    queryFn: ({ signal }) => getPlaylist(id, signal),
  });

export const usePlaylist = (id: string) => useQuery(getPlaylistQueryOptions(id));
