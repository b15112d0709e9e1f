import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { AlbumDetail } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/album/:id`: the album, related albums and its tracks. */
async function getAlbum(id: string, signal?: AbortSignal): Promise<AlbumDetail> {
  const body = await api.call(Api.catalog.album, { params: { id }, signal });
  return body.data;
}

export const getAlbumQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'album', id], queryFn: ({ signal }) => getAlbum(id, signal) });

export const useAlbum = (id: string) => useQuery(getAlbumQueryOptions(id));
