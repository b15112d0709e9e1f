import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { TrackKind } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { api } from '@/lib/api-client';
import type { TrackPage } from '../types';
import { nextPageOf } from './get-tracks';

export type TrackSearchRequest = { kind: TrackKind; keyword: string };

/** `POST /api/music/filter` `{ type, keyword, perPage, page }`: paged keyword search of music or loops. */
async function searchTracks(
  { kind, keyword }: TrackSearchRequest,
  page: number,
  perPage: number = Limits.searchPageSize,
  signal?: AbortSignal,
): Promise<TrackPage> {
  return api.call(Api.catalog.search, { body: { type: kind, keyword: keyword.trim(), perPage, page }, signal });
}

export const searchTracksInfiniteQueryOptions = (request: TrackSearchRequest) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'search', request.kind, request.keyword.trim()],
    queryFn: ({ pageParam, signal }) => searchTracks(request, pageParam, Limits.searchPageSize, signal),
    initialPageParam: Limits.searchFirstPage,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });

export const useSearchTracks = (request: TrackSearchRequest, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...searchTracksInfiniteQueryOptions(request), enabled });
