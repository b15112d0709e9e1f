import { availableParallelism } from 'node:os';
import { createAudioPool, type AudioPool } from '../pool/audio-pool.js';
import type { DemoTrackSpec, RenderedTrack } from '../types.js';
import { renderTrack } from './render-track.js';

export interface RenderCatalogOptions {
  /** The audio pool to render on (its threads); without one, a pool of `workers` threads is made for the run. */
  pool?: AudioPool;
  /** Threads when no pool is given (default: os.availableParallelism()); 1 renders in-process. */
  workers?: number;
  /** Called once per spec, one call at a time, in completion order (longest specs are started first). */
  onTrack: (spec: DemoTrackSpec, rendered: RenderedTrack) => void | Promise<void>;
}

/**
 * Renders many specs in parallel on the audio pool. Results are handed to `onTrack` serially; if
 * `onTrack` or a render fails, the remaining work is abandoned and the promise rejects.
 */
export async function renderCatalog(specs: DemoTrackSpec[], opts: RenderCatalogOptions): Promise<void> {
  const wanted = opts.pool
    ? opts.pool.stats().threads || availableParallelism()
    : (opts.workers ?? availableParallelism());
  const count = Math.max(1, Math.min(Math.floor(wanted), specs.length));
  if (!opts.pool && count <= 1) {
    for (const spec of specs) await opts.onTrack(spec, await renderTrack(spec));
    return;
  }
  const pool = opts.pool ?? createAudioPool({ threads: count, maxQueue: count });

  // Longest first, so no thread is left with a long piece at the end.
  const queue = specs.slice().sort((a, b) => b.targetDurationS - a.targetDurationS);
  let next = 0;
  let failure: { error: unknown } | undefined;
  let delivery: Promise<void> = Promise.resolve();
  let undelivered = 0;
  const deliver = (spec: DemoTrackSpec, rendered: RenderedTrack): Promise<void> => {
    undelivered++;
    delivery = delivery.then(async () => {
      try {
        if (!failure) await opts.onTrack(spec, rendered);
      } catch (error) {
        failure ??= { error };
      } finally {
        undelivered--;
      }
    });
    return delivery;
  };

  try {
    await Promise.all(
      Array.from({ length: count }, async () => {
        while (!failure && next < queue.length) {
          const spec = queue[next++] as DemoTrackSpec;
          let rendered: RenderedTrack;
          try {
            rendered = await pool.render(spec);
          } catch (error) {
            failure ??= { error };
            return;
          }
          const delivered = deliver(spec, rendered);
          // Back-pressure: don't let finished renders pile up behind a slow onTrack.
          if (undelivered > count) await delivered;
        }
      }),
    );
    await delivery;
  } finally {
    if (!opts.pool) await pool.close();
  }
  if (failure) throw failure.error;
}
