import type { TrackKind } from '@tarab/contracts';
import { useSearchTracks } from '../api/search-tracks';
import { useTracks } from '../api/get-tracks';
import { isCatalogSearch, type FilterSelection } from '../lib/filter-selection';
import { usePagedTrackSource, type TrackListSource } from './use-track-source';

export type CatalogTracksRequest = {
  kind: TrackKind;
  filters?: FilterSelection;
  keyword?: string;
  /** False while the caller does not know yet what to list (nothing is asked). */
  enabled?: boolean;
};

/**
 * The track list of a browse page: a search or a list (`isCatalogSearch`), both paged by the server.
 * Route loaders start the same queries (api/prefetch.ts).
 */
export function useCatalogTracks({ kind, filters = {}, keyword = '', enabled = true }: CatalogTracksRequest): {
  source: TrackListSource;
  /** Changes whenever the list is a different one (resets View more). */
  listKey: string;
} {
  const trimmed = keyword.trim();
  const isSearch = isCatalogSearch(trimmed, filters);
  const list = useTracks({ kind, filters, keyword: trimmed }, { enabled: enabled && !isSearch });
  const search = useSearchTracks({ kind, keyword: trimmed }, { enabled: enabled && isSearch });
  const source = usePagedTrackSource(isSearch ? search : list);
  return {
    source,
    listKey: JSON.stringify([kind, isSearch ? 'search' : 'list', trimmed, filters]),
  };
}
