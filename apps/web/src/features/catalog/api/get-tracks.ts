import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { TrackKind } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { api } from '@/lib/api-client';
import { toFilterQuery, type FilterSelection } from '../lib/filter-selection';
import type { TrackPage } from '../types';

export type TrackListRequest = {
  kind: TrackKind;
  filters?: FilterSelection;
  keyword?: string;
};

/** `GET /api/music` or `GET /api/loop`: one page of tracks for the filters (and keyword). */
export async function getTracks(
  { kind, filters, keyword }: TrackListRequest,
  page: number,
  perPage: number = Limits.searchPageSize,
  signal?: AbortSignal,
): Promise<TrackPage> {
  const body = await api.call(kind === 'loop' ? Api.catalog.loops : Api.catalog.music, {
    query: { ...toFilterQuery(filters), keyword: keyword?.trim() || undefined, page, per_page: perPage },
    signal,
  });
  return body.data;
}

export const nextPageOf = (last: TrackPage): number | undefined =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;

export const getTracksInfiniteQueryOptions = (request: TrackListRequest) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'tracks', request.kind, toFilterQuery(request.filters), request.keyword?.trim() ?? ''],
    queryFn: ({ pageParam, signal }) => getTracks(request, pageParam, Limits.searchPageSize, signal),
    initialPageParam: Limits.searchFirstPage,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });

export const useTracks = (request: TrackListRequest, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...getTracksInfiniteQueryOptions(request), enabled });
