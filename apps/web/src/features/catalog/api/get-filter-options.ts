import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { FilterResponse, TrackKind } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { toFilterQuery, type FilterSelection } from '../lib/filter-selection';

export type FilterOptionsRequest = { kind: TrackKind; filters?: FilterSelection; keyword?: string };

/**
 * `POST /api/filter?<filters>&type=…`: the filter options (genres, moods, themes, instruments,
 * regions, scale, bpm) with how many tracks each would give with the rest of the selection.
 * Only the options are used here, so the track lists it also returns are kept to one item.
 */
async function getFilterOptions(
  { kind, filters, keyword }: FilterOptionsRequest,
  signal?: AbortSignal,
): Promise<FilterResponse> {
  return api.call(Api.catalog.filter, {
    query: { ...toFilterQuery(filters), keyword: keyword?.trim() || undefined, type: kind, per_page: 1 },
    signal,
  });
}

export const getFilterOptionsQueryOptions = (request: FilterOptionsRequest) =>
  queryOptions({
    queryKey: [
      'catalog',
      'filter-options',
      request.kind,
      toFilterQuery(request.filters),
      request.keyword?.trim() ?? '',
    ],
    queryFn: ({ signal }) => getFilterOptions(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });

export const useFilterOptions = (request: FilterOptionsRequest) => useQuery(getFilterOptionsQueryOptions(request));
