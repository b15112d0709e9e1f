import type { DbOrTx } from '../../db/client.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import { catalogVersionOf } from './catalog.repo.js';
import { warmKeywordCounts, wordsToWarm } from './catalog.service.js';

/**
 * Keeps the counts of the catalog's broad search words ready (decision 042). A keyword search's
 * `total` is exact: a word nobody searched since the last catalog write is counted with `count(*)`,
 * which costs in proportion to its matches (10–45 ms for the broadest words at 250,000 rows, 100–500 ms
 * at 1,000,000). Narrow words are cheap to count; broad words are the catalog's own vocabulary
 * (maqamat, instruments, moods, its most common title words). So, one count at a time in the
 * background, this counts those words for music and loops:
 * - when the process starts;
 * - `debounceMs` after a catalog change notice (several changes in a row: once, after the last);
 * - when a poll every `pollMs` finds another catalog version (a change made by the import CLI, or by
 *   another process without Redis to tell this one).
 * The counts go into the same versioned count cache the searches read, so they are exact by the same
 * argument (decision 022); a search that comes before the warmer simply counts, as before.
 */
export interface CountWarmer {
  /** Warms now unless the version was already warmed; resolves when this run (or the one under way) ends. */
  warm(): Promise<void>;
  /** Stops: no new run starts, a run under way stops after its current count. */
  close(): Promise<void>;
}

export interface CountWarmerOptions {
  events?: CatalogEvents;
  /** Wait after a change notice before warming. */
  debounceMs?: number;
  /** How often the catalog version is read to notice changes nobody announced. */
  pollMs?: number;
  /** How many of the catalog's most common words to take (besides the lexicon and the tags). */
  commonWords?: number;
  /** Called after each run with how many counts it made and how long it took. */
  onWarmed?: (run: { counted: number; ms: number; version: number | undefined }) => void;
  onError?: (err: unknown) => void;
}

export function startCountWarmer(db: DbOrTx, options: CountWarmerOptions = {}): CountWarmer {
  const { debounceMs = 2_000, pollMs = 60_000, commonWords = 300 } = options;
  let closed = false;
  let warmedVersion: number | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let debounce: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    const version = await catalogVersionOf(db);
    if (version === undefined || version === warmedVersion) return;
    const started = performance.now();
    // The run's version, read once: each count is looked up under it and cached under the version its
    // own statement saw, so a write during the run only makes this run's later counts miss (and the
    // change notice or the next poll runs the warmer again).
    const counted = await warmKeywordCounts(db, await wordsToWarm(db, commonWords), version, () => closed);
    if (closed) return;
    warmedVersion = version;
    options.onWarmed?.({ counted, ms: performance.now() - started, version });
  };

  const warm = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again && !closed);
      } catch (err) {
        if (!closed) options.onError?.(err);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  options.events?.onChange(() => {
    if (closed) return;
    clearTimeout(debounce);
    debounce = setTimeout(() => void warm(), debounceMs);
    debounce.unref();
  });
  const poll = setInterval(() => void warm(), pollMs);
  poll.unref();
  void warm();

  return {
    warm,
    close: async () => {
      closed = true;
      clearTimeout(debounce);
      clearInterval(poll);
      await running;
    },
  };
}
