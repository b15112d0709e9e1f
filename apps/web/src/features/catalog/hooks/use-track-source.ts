import { useCallback, useMemo } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TrackDto } from '@tarab/contracts';
import type { TrackPage } from '../types';

/** What a track list shows: the tracks loaded so far, how many exist, and how to get more. */
export type TrackListSource = {
  tracks: readonly TrackDto[];
  /** How many tracks exist in all (the server's `total`). */
  total: number;
  status: 'pending' | 'error' | 'success';
  /** A next page is on its way. */
  isFetchingMore: boolean;
  /** The list shown is stale (other filters) while the new one loads. */
  isRefreshing: boolean;
  /** Asks the server for the next page, if there is one and none is on its way. */
  loadMore?: () => void;
  /** A keyword search found nothing; this close keyword would ("Did you mean …?"). */
  suggestion?: string;
  /** What the first page of a keyword search said beside its tracks (issue #32 item 12). */
  explanation?: SearchExplanation;
};

/** How a keyword search read the term, what else it names, and filters to try when nothing matched. */
export type SearchExplanation = Pick<TrackPage, 'showing_results_for' | 'artists' | 'albums' | 'facet_suggestions'>;

/** The explanation of a first page, or undefined when it says nothing beside its tracks. */
function explanationOf(page: TrackPage | undefined): SearchExplanation | undefined {
  if (!page) return undefined;
  const { showing_results_for, artists, albums, facet_suggestions } = page;
  const explanation: SearchExplanation = {
    ...(showing_results_for ? { showing_results_for } : {}),
    ...(artists?.length ? { artists } : {}),
    ...(albums?.length ? { albums } : {}),
    ...(facet_suggestions?.length ? { facet_suggestions } : {}),
  };
  return Object.keys(explanation).length > 0 ? explanation : undefined;
}

/** A list the caller already has in full (album and artist pages). */
export function staticTrackSource(tracks: readonly TrackDto[] | undefined, status: TrackListSource['status']) {
  const list = tracks ?? [];
  return {
    tracks: list,
    total: list.length,
    status,
    isFetchingMore: false,
    isRefreshing: false,
  } satisfies TrackListSource;
}

/** Pages in server order, a track seen on an earlier page never repeated (keeps the list stable). */
function flattenPages(pages: readonly TrackPage[]): TrackDto[] {
  const seen = new Set<number>();
  const tracks: TrackDto[] = [];
  for (const page of pages) {
    for (const track of page.data) {
      if (seen.has(track.id)) continue;
      seen.add(track.id);
      tracks.push(track);
    }
  }
  return tracks;
}

const NO_PAGES: readonly TrackPage[] = [];

/** A server-paged list (an infinite query of track pages). */
export function usePagedTrackSource(query: UseInfiniteQueryResult<InfiniteData<TrackPage>>): TrackListSource {
  const pages = query.data?.pages ?? NO_PAGES;
  const tracks = useMemo(() => flattenPages(pages), [pages]);
  const explanation = useMemo(() => explanationOf(pages[0]), [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    tracks,
    total: pages[0]?.total ?? 0,
    status: query.status,
    isFetchingMore: isFetchingNextPage,
    isRefreshing: query.isPlaceholderData,
    loadMore,
    ...(pages[0]?.suggestion && !query.isPlaceholderData ? { suggestion: pages[0].suggestion } : {}),
    ...(explanation && !query.isPlaceholderData ? { explanation } : {}),
  };
}
