import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { AlbumDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/albums`: every album, newest first. */
async function getAlbums(signal?: AbortSignal): Promise<AlbumDto[]> {
  const body = await api.call(Api.catalog.albums, { signal });
  return body.data;
}

export const getAlbumsQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'albums'], queryFn: ({ signal }) => getAlbums(signal) });

export const useAlbums = () => useQuery(getAlbumsQueryOptions());
