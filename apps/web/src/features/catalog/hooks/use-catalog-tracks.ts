import type { TrackKind } from '@tarab/contracts';
import { useSearchTracks } from '../api/search-tracks';
import { useTracks } from '../api/get-tracks';
import { hasFilters, type FilterSelection } from '../lib/filter-selection';
import { usePagedTrackSource, type TrackListSource } from './use-track-source';

export type CatalogTracksRequest = {
  kind: TrackKind;
  filters?: FilterSelection;
  keyword?: string;
  /** False while the caller does not know yet what to list (nothing is asked). */
  enabled?: boolean;
};

/**
 * The track list of a browse page. A keyword alone is a search (`POST /api/music/filter` with
 * the type); filters, with or without a keyword, go to `GET /api/music` / `GET /api/loop`,
 * which apply both. Both are paged by the server.
 */
export function useCatalogTracks({ kind, filters = {}, keyword = '', enabled = true }: CatalogTracksRequest): {
  source: TrackListSource;
  /** Changes whenever the list is a different one (resets View more). */
  listKey: string;
} {
  const trimmed = keyword.trim();
  const isSearch = trimmed !== '' && !hasFilters(filters);
  const list = useTracks({ kind, filters, keyword: trimmed }, { enabled: enabled && !isSearch });
  const search = useSearchTracks({ kind, keyword: trimmed }, { enabled: enabled && isSearch });
  const source = usePagedTrackSource(isSearch ? search : list);
  return {
    source,
    listKey: JSON.stringify([kind, isSearch ? 'search' : 'list', trimmed, filters]),
  };
}
