import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { ArtistCatalogResponse } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { ingestKeys } from './ingest-keys';

export type ArtistCatalog = ArtistCatalogResponse['data'];

/**
 * `GET /api/artist/tracks`: the artist's profile, albums (for the album picker), own tracks
 * (published and drafts) and the upload limits. Non-artists get 403.
 */
async function getArtistCatalog(signal?: AbortSignal): Promise<ArtistCatalog> {
  const body = await api.call(Api.ingest.tracks, { signal });
  return body.data;
}

const getArtistCatalogQueryOptions = () =>
  queryOptions({
    queryKey: ingestKeys.catalog,
    queryFn: ({ signal }) => getArtistCatalog(signal),
    staleTime: 30 * 1000,
  });

export const useArtistCatalog = () => useQuery(getArtistCatalogQueryOptions());
