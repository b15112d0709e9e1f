import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { ArtistDetail } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/artist/:id`: the artist, their albums and tracks. */
async function getArtist(id: string, signal?: AbortSignal): Promise<ArtistDetail> {
  const body = await api.call(Api.catalog.artist, { params: { id }, signal });
  return body.data;
}

export const getArtistQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'artist', id], queryFn: ({ signal }) => getArtist(id, signal) });

export const useArtist = (id: string) => useQuery(getArtistQueryOptions(id));
