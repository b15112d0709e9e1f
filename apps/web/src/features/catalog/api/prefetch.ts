import type { QueryClient } from '@tanstack/react-query';
import type { TrackKind } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { hasFilters, isCatalogSearch, selectionFromSearchParams, type FilterSelection } from '../lib/filter-selection';
import { getTrackQueryOptions } from '../components/track-page/get-track';
import { getAlbumQueryOptions } from './get-album';
import { getAlbumsQueryOptions } from './get-albums';
import { getArtistQueryOptions } from './get-artist';
import { getArtistsPreviewQueryOptions } from './get-artists';
import { getFilterOptionsQueryOptions } from './get-filter-options';
import { getTracksInfiniteQueryOptions } from './get-tracks';
import { searchTracksInfiniteQueryOptions } from './search-tracks';

/**
 * The first queries of the catalog's pages, started by their routes' loaders (app/router.tsx) while the
 * page's code loads. Each uses the query options its components use, so the components find the query
 * in flight (or answered) instead of starting it after their first render. Nothing here is awaited:
 * a page shows its own loading state, and a failed query is the component's to show.
 */

/** The tracks of a catalog list for the URL's filters and keyword (`q`), as `useCatalogTracks` asks for them. */
function prefetchTracks(queryClient: QueryClient, kind: TrackKind, filters: FilterSelection, keyword: string): void {
  void (isCatalogSearch(keyword, filters)
    ? queryClient.prefetchInfiniteQuery(searchTracksInfiniteQueryOptions({ kind, keyword }))
    : queryClient.prefetchInfiniteQuery(getTracksInfiniteQueryOptions({ kind, filters, keyword })));
}

/** Home (music) and /loops (loops): the list for the URL's filters and keyword, and its filter options. */
export function prefetchCatalogList(queryClient: QueryClient, kind: TrackKind, searchParams: URLSearchParams): void {
  const filters = selectionFromSearchParams(searchParams);
  const keyword = (searchParams.get('q') ?? '').trim();
  void queryClient.prefetchQuery(getFilterOptionsQueryOptions({ kind, filters, keyword }));
  prefetchTracks(queryClient, kind, filters, keyword);
}

/** /music: the category grids and the artists' shelf; the results too when the URL holds a search. */
export function prefetchMusicIndex(queryClient: QueryClient, searchParams: URLSearchParams): void {
  void queryClient.prefetchQuery(getFilterOptionsQueryOptions({ kind: 'music' }));
  void queryClient.prefetchQuery(getArtistsPreviewQueryOptions(Limits.homeArtists));
  const filters = selectionFromSearchParams(searchParams);
  const keyword = (searchParams.get('q') ?? '').trim();
  if (keyword !== '' || hasFilters(filters)) prefetchTracks(queryClient, 'music', filters, keyword);
}

/** A track's or loop's page. */
export const prefetchTrack = (queryClient: QueryClient, id: string): void =>
  void queryClient.prefetchQuery(getTrackQueryOptions(id));

/** /album. */
export const prefetchAlbums = (queryClient: QueryClient): void =>
  void queryClient.prefetchQuery(getAlbumsQueryOptions());

/** An album's page. */
export const prefetchAlbum = (queryClient: QueryClient, id: string): void =>
  void queryClient.prefetchQuery(getAlbumQueryOptions(id));

/** An artist's page. */
export const prefetchArtist = (queryClient: QueryClient, id: string): void =>
  void queryClient.prefetchQuery(getArtistQueryOptions(id));
