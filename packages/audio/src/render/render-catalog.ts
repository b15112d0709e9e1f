import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DemoTrackSpec, RenderedTrack } from '../types.js';
import { renderTrack } from './render-track.js';
import type { RenderRequest, RenderResponse } from './render-worker.js';

export interface RenderCatalogOptions {
  /** Worker threads (default: os.availableParallelism()); 1 renders in-process. */
  workers?: number;
  /** Called once per spec, one call at a time, in completion order (longest specs are started first). */
  onTrack: (spec: DemoTrackSpec, rendered: RenderedTrack) => void | Promise<void>;
}

const ENTRY = new URL('./render-worker-entry.mjs', import.meta.url);

/**
 * Renders many specs in parallel on worker threads. Results are handed to `onTrack` serially; if
 * `onTrack` or a render fails, the remaining work is abandoned and the promise rejects.
 */
export async function renderCatalog(specs: DemoTrackSpec[], opts: RenderCatalogOptions): Promise<void> {
  const count = Math.max(1, Math.min(Math.floor(opts.workers ?? availableParallelism()), specs.length));
  if (count <= 1) {
    for (const spec of specs) await opts.onTrack(spec, await renderTrack(spec));
    return;
  }

  // Longest first, so no worker is left with a long piece at the end.
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

  const workers = Array.from({ length: count }, () => new RenderWorker());
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (!failure && next < queue.length) {
          const spec = queue[next++] as DemoTrackSpec;
          let rendered: RenderedTrack;
          try {
            rendered = await worker.render(spec);
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
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (failure) throw failure.error;
}

/** One worker thread running render-worker.ts, with a promise per request. */
class RenderWorker {
  private readonly worker: Worker;
  private pending: { id: number; resolve: (r: RenderedTrack) => void; reject: (e: unknown) => void } | undefined;
  private nextId = 1;
  private dead: Error | undefined;

  constructor() {
    this.worker = new Worker(ENTRY, { execArgv: withoutTsxFlags(process.execArgv) });
    this.worker.on('message', (response: RenderResponse) => {
      const pending = this.pending;
      if (!pending || pending.id !== response.id) return;
      this.pending = undefined;
      if (response.ok) pending.resolve(response.rendered);
      else pending.reject(new Error(`Render worker failed: ${response.error}`));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`Render worker exited with code ${code}`)));
  }

  render(spec: DemoTrackSpec): Promise<RenderedTrack> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, resolve, reject };
      const request: RenderRequest = { id, spec };
      this.worker.postMessage(request);
    });
  }

  async terminate(): Promise<void> {
    this.dead ??= new Error('Render worker terminated');
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.dead ??= error;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }
}

const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

function isTsx(value: string | undefined): boolean {
  return value !== undefined && (value === 'tsx' || value.startsWith('tsx/') || /[\\/]tsx[\\/]/.test(value));
}

/** The parent's Node flags minus tsx's own (the worker entry registers tsx itself). */
export function withoutTsxFlags(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (LOADER_FLAGS.has(arg) && isTsx(args[i + 1])) {
      i++;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0 && LOADER_FLAGS.has(arg.slice(0, eq)) && isTsx(arg.slice(eq + 1))) continue;
    out.push(arg);
  }
  return out;
}
