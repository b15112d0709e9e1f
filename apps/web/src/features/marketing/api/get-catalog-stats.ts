import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { CatalogStatsDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/catalog/stats`: how many published music tracks and loops the store holds. */
async function getCatalogStats(signal?: AbortSignal): Promise<CatalogStatsDto> {
  const body = await api.call(Api.catalog.stats, { signal });
  return body.data;
}

/** The counts change only when tracks are published: one request per visit is plenty. */
const getCatalogStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['marketing', 'catalog-stats'],
    queryFn: ({ signal }) => getCatalogStats(signal),
    staleTime: 10 * 60 * 1000,
  });

export const useCatalogStats = () => useQuery(getCatalogStatsQueryOptions());
