import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { FilterOptions } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { ingestKeys } from './ingest-keys';

/** What the upload form's pickers offer: the catalog's tags, regions and scales. */
export type IngestOptions = Pick<FilterOptions, 'genres' | 'moods' | 'themes' | 'instruments' | 'regions' | 'scale'>;

/**
 * The catalog's options, from the same endpoint as the store's filter bar (`POST /api/filter`,
 * which lists every tag, region and scale). Only the options are used, so one track per list.
 */
async function getIngestOptions(signal?: AbortSignal): Promise<IngestOptions> {
  const body = await api.call(Api.catalog.filter, { query: { per_page: 1 }, signal });
  const { genres, moods, themes, instruments, regions, scale } = body.filters;
  return { genres, moods, themes, instruments, regions, scale };
}

const getIngestOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ingestKeys.options,
    queryFn: ({ signal }) => getIngestOptions(signal),
    staleTime: 10 * 60 * 1000,
  });

export const useIngestOptions = () => useQuery(getIngestOptionsQueryOptions());
