import type { QueryClient } from '@tanstack/react-query';
import type { ArtistTrackDto, UploadDto } from '@tarab/contracts';
import type { ArtistCatalog } from './get-artist-catalog';
import { catalogQueryPrefix, ingestKeys } from './ingest-keys';

const isUpload = (value: unknown): value is UploadDto =>
  typeof value === 'object' && value !== null && 'status' in value && 'track' in value;

/**
 * Puts a changed track into every cached place that shows it (the artist's tracks, the
 * uploads), and marks the store's catalog lists stale.
 */
export function replaceTrackInCaches(queryClient: QueryClient, track: ArtistTrackDto): void {
  queryClient.setQueryData<ArtistCatalog>(ingestKeys.catalog, (catalog) =>
    catalog ? { ...catalog, tracks: catalog.tracks.map((t) => (t.id === track.id ? track : t)) } : catalog,
  );
  for (const [key, value] of queryClient.getQueriesData<UploadDto | UploadDto[]>({ queryKey: ingestKeys.uploads })) {
    if (Array.isArray(value)) {
      if (value.some((u) => u.track?.id === track.id)) {
        queryClient.setQueryData(
          key,
          value.map((u) => (u.track?.id === track.id ? { ...u, track } : u)),
        );
      }
    } else if (isUpload(value) && value.track?.id === track.id) {
      queryClient.setQueryData(key, { ...value, track });
    }
  }
  void queryClient.invalidateQueries({ queryKey: catalogQueryPrefix });
}
