/** The query keys of the ingest feature (one place, so caches can be patched after a change). */
export const ingestKeys = {
  all: ['ingest'] as const,
  catalog: ['ingest', 'artist-catalog'] as const,
  options: ['ingest', 'options'] as const,
  uploads: ['ingest', 'uploads'] as const,
  upload: (id: number) => ['ingest', 'uploads', id] as const,
};

/**
 * The store's catalog lists (owned by the catalog feature, keyed under `catalog`): refreshed
 * when a track is published or withdrawn, so the artist sees the change there at once.
 */
export const catalogQueryPrefix = ['catalog'] as const;
