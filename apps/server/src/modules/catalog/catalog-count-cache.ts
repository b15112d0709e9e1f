import type { DbOrTx } from '../../db/client.js';
import type { TrackCriteria } from './catalog.repo.js';

/**
 * The catalog's in-process caches of derived values (decision 022), out of the repository: a cache
 * keyed by database handle and catalog version (`versionedCache`), the exact totals' cache and its
 * configuration, and the key a track list's criteria count under. No SQL here: the counts are read
 * by `countTracks` (catalog.repo.ts), which keeps them in `countCache`.
 */

/** Entries per database handle (oldest dropped first). */
const COUNT_CACHE_SIZE = 5000;
/** `CATALOG_COUNT_CACHE=off` counts every time (the bench's cold figures). */
export const countCacheOn = process.env['CATALOG_COUNT_CACHE'] !== 'off';

/**
 * Values derived from the catalog, cached per database handle and catalog version (decision 022):
 * `get(tx, version, key, compute)` answers the value computed at this version, or computes it and keeps
 * it under the version `compute` says it saw. Versions come from a sequence and never repeat, and each
 * transaction handle has its own entries, so a kept value is never stale nor another transaction's.
 */
export function versionedCache<T>(size: number) {
  const caches = new WeakMap<object, Map<string, { version: number; value: T }>>();
  const get = async (
    tx: DbOrTx,
    version: number | undefined,
    key: string,
    compute: () => Promise<{ value: T; version: number | undefined }>,
  ): Promise<T> => {
    let cache = caches.get(tx);
    if (!cache) caches.set(tx, (cache = new Map()));
    const hit = cache.get(key);
    if (hit && version !== undefined && hit.version === version) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.value;
    }
    const fresh = await compute();
    if (fresh.version !== undefined) {
      cache.delete(key);
      cache.set(key, { version: fresh.version, value: fresh.value });
      if (cache.size > size) cache.delete(cache.keys().next().value!);
    }
    return fresh.value;
  };
  /** The value kept for `key` at `version`, without computing it (what the count warmer left). */
  const peek = (tx: DbOrTx, version: number, key: string): T | undefined => {
    const hit = caches.get(tx)?.get(key);
    return hit?.version === version ? hit.value : undefined;
  };
  return Object.assign(get, { peek });
}

/** The exact totals counted, per database handle and catalog version (`countTracks` in catalog.repo.ts). */
export const countCache = versionedCache<number>(COUNT_CACHE_SIZE);

/**
 * The count cache's key: the criteria that change the count, in one fixed order, empty ones left out,
 * so that `POST /api/music/filter` and `GET /api/music?keyword=` (whose criteria carry empty facet
 * fields) share a keyword's count, and so does the count warmer (catalog-count-warmer.ts).
 */
export function criteriaKey(c: TrackCriteria): string {
  const tags = Object.fromEntries(
    Object.entries(c.tagsByKind ?? {})
      .filter(([, ids]) => ids !== undefined && ids.length > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  // Every field of TrackCriteria, in this order: a field added there and not here fails the typecheck.
  const parts: { [K in keyof Required<TrackCriteria>]: unknown } = {
    kind: c.kind ?? null,
    kindRange: c.kindRange ?? null,
    tagsByKind: tags,
    region: c.region ?? [],
    scale: c.scale ?? [],
    bpm: c.bpm ?? null,
    bpmMin: c.bpmMin ?? null,
    bpmMax: c.bpmMax ?? null,
    tsQuery: c.tsQuery ?? null,
    musical: c.musical ?? [],
    artistId: c.artistId ?? null,
    albumId: c.albumId ?? null,
    ids: c.ids ?? null,
    includeUnpublished: c.includeUnpublished ?? false,
  };
  return JSON.stringify(Object.values(parts));
}

/** The total kept for these criteria at this catalog version, if one was counted (none is counted here). */
export const cachedCount = (tx: DbOrTx, c: TrackCriteria, version: number): number | undefined =>
  countCache.peek(tx, version, criteriaKey(c));
