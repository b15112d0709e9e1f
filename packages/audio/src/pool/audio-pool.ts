import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DeliveredFile, DeliveryFormat, EncodedDelivery } from '../delivery/encode-delivery.js';
import type { AnalyzeOptions, IngestResult } from '../ingest/analyze.js';
import { IngestError, isIngestErrorCode } from '../ingest/errors.js';
import { withoutTsxFlags } from './tsx-flags.js';
import type { DemoTrackSpec, RenderedTrack } from '../types.js';
import type { AudioTask, AudioTaskResult, SerializedError } from './audio-tasks.js';

export interface AudioPoolOptions {
  /** Worker threads (default: the machine's cores). */
  threads?: number;
  /** Tasks that may wait for a thread; beyond it a task is refused with AudioPoolBusyError (default 64). */
  maxQueue?: number;
  /** A thread idle this long is stopped (default 30 s); threads start on demand. */
  idleTimeoutMs?: number;
  /** Heap limit of each thread (default 1024 MB). Sample buffers live outside it (see INGEST_LIMITS.maxDecodedSamples). */
  maxHeapMb?: number;
  /**
   * Niceness of the threads on Linux (default 10): the encoders yield the CPU to the event loop, so
   * requests stay fast while every core encodes. 0 keeps the normal priority.
   */
  nice?: number;
  /** Told of a thread that died outside a task (e.g. out of memory while starting); the pool replaces it. */
  onThreadError?: (error: Error) => void;
}

export interface AudioPoolStats {
  threads: number;
  /** Tasks running or waiting for a thread. */
  pending: number;
  /** Tasks finished (either way) since the pool started, by kind. */
  finished: Record<AudioTask['kind'], number>;
  /**
   * Threads retired after their task: each analysis, and each delivery file made from a file, runs on
   * a thread that is then stopped.
   */
  recycled: number;
}

/** The task queue is full: the caller should answer "try again later" (HTTP 429/503 with Retry-After). */
export class AudioPoolBusyError extends Error {
  constructor() {
    super('The audio workers are busy');
    this.name = 'AudioPoolBusyError';
  }
}

/**
 * One bounded pool of worker threads (piscina) for every decode, resample and encode: demo
 * rendering, upload analysis and licensed delivery files. The caller's event loop only moves
 * buffers (transferred, not copied, where it owns them). A thread that crashes or exceeds its
 * heap limit fails its task and is replaced; the tasks behind it go on.
 */
export interface AudioPool {
  /**
   * Analyses an upload: its bytes (moved to the thread), or `{ file }`, a file the thread reads in
   * chunks. The thread is retired after the analysis (whatever it allocated, WebAssembly memories
   * included, goes back to the system) and never takes another task.
   * `run.signal` aborts the task: a task already running has its thread terminated (and replaced).
   */
  analyze(input: Uint8Array | { file: string }, opts?: AnalyzeOptions, run?: RunOptions): Promise<IngestResult>;
  render(spec: DemoTrackSpec): Promise<RenderedTrack>;
  /** A licensed delivery file from an original's bytes (small files, tests), returned as bytes. */
  deliver(bytes: Uint8Array, format: DeliveryFormat, run?: RunOptions): Promise<EncodedDelivery>;
  /**
   * A licensed delivery file made from the original in `file` (read in chunks) into `out` (created
   * mode 600, written in chunks; nothing is left there if it fails): the signal and the output are
   * never whole in memory. Like an analysis, the thread is retired afterwards.
   */
  deliver(input: DeliveryPaths, format: DeliveryFormat, run?: RunOptions): Promise<DeliveredFile>;
  /** A loop's gapless audition WAV from its MP3 preview (decision 043). */
  audition(previewMp3: Uint8Array): Promise<Uint8Array>;
  /** True when a new task would be refused. */
  saturated(): boolean;
  stats(): AudioPoolStats;
  close(): Promise<void>;
}

/** The original's file and the delivery file to write, both paths the pool's threads can open. */
export interface DeliveryPaths {
  file: string;
  out: string;
}

interface RunOptions {
  signal?: AbortSignal;
}

const ENTRY = new URL('./audio-worker-entry.mjs', import.meta.url).href;

export function createAudioPool(options: AudioPoolOptions = {}): AudioPool {
  const threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
  const maxQueue = Math.max(0, options.maxQueue ?? 64);
  /** Threads that took an analysis or a file delivery: given no other task, stopped once it is done. */
  const retiring = new Set<number>();
  /** The thread each retiring task went to, by the task's token. */
  const assigned = new Map<string, number>();
  let recycled = 0;
  let tokens = 0;
  const piscina = new Piscina({
    filename: ENTRY,
    minThreads: 0,
    maxThreads: threads,
    // One place more than callers may use, for the nudge that starts a thread after a retirement.
    maxQueue: maxQueue + 1,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    execArgv: withoutTsxFlags(process.execArgv),
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
    workerData: { nice: options.nice ?? 10 },
    // piscina's least-busy choice (one task per thread), skipping retiring threads; a task marked
    // `retire` makes its thread retiring.
    loadBalancer: (task, workers) => {
      const queued = (task as unknown as Record<symbol, { retire?: string } | null>)[Piscina.queueOptionsSymbol];
      const candidate = workers.find((w) => w.currentUsage === 0 && !retiring.has(w.id)) ?? null;
      if (candidate && queued?.retire) {
        retiring.add(candidate.id);
        assigned.set(queued.retire, candidate.id);
      }
      return candidate;
    },
  });
  // Without a listener, a thread's death outside a task would be an unhandled 'error' event (a process crash).
  piscina.on('error', (error: Error) => options.onThreadError?.(error));
  let pending = 0;
  const finished: AudioPoolStats['finished'] = {
    analyze: 0,
    analyzeFile: 0,
    render: 0,
    deliver: 0,
    audition: 0,
    noop: 0,
  };

  /** Stops a retiring thread once its task is done; tasks that waited for it get a fresh thread. */
  async function retire(token: string): Promise<void> {
    const id = assigned.get(token);
    assigned.delete(token);
    if (id === undefined) return;
    const thread = piscina.threads.find((t) => t.threadId === id);
    if (thread) {
      const exited = once(thread, 'exit');
      await thread.terminate();
      await exited;
    }
    retiring.delete(id);
    recycled++;
    // Queued tasks are handed out when a thread frees up or starts: one is started for them now.
    if (piscina.queueSize > 0) piscina.run({ kind: 'noop' } satisfies AudioTask).catch(() => undefined);
  }

  async function run(task: AudioTask, input?: Uint8Array, options: RunOptions = {}): Promise<AudioTaskResult> {
    if (piscina.queueSize >= maxQueue) throw new AudioPoolBusyError();
    const transferList: ArrayBuffer[] = [];
    if (input && 'bytes' in task) {
      // Transfer the caller's buffer when the view spans all of it; otherwise copy.
      const owned =
        input.byteOffset === 0 && input.byteLength === input.buffer.byteLength && input.buffer instanceof ArrayBuffer;
      const bytes = owned ? input : input.slice();
      task = { ...task, bytes };
      transferList.push(bytes.buffer as ArrayBuffer);
    }
    const retires =
      task.kind === 'analyze' || task.kind === 'analyzeFile' || (task.kind === 'deliver' && 'file' in task);
    const token = retires ? `t${++tokens}` : null;
    // Symbol keys are not cloned to the thread: only the balancer sees this.
    const posted = token ? { ...task, [Piscina.queueOptionsSymbol]: { retire: token } } : task;
    pending++;
    try {
      return (await piscina.run(posted, {
        transferList,
        ...(options.signal ? { signal: options.signal } : {}),
      })) as AudioTaskResult;
    } finally {
      pending--;
      finished[task.kind]++;
      if (token) await retire(token);
    }
  }

  return {
    async analyze(input, opts = {}, runOptions = {}) {
      const result =
        input instanceof Uint8Array
          ? await run({ kind: 'analyze', bytes: input, opts }, input, runOptions)
          : await run({ kind: 'analyzeFile', file: input.file, opts }, undefined, runOptions);
      if (!result.ok) throw deserializeError(result.error);
      if (result.kind !== 'analyze' && result.kind !== 'analyzeFile') throw new Error('audio pool: wrong answer');
      return result.value;
    },
    async render(spec) {
      const result = await run({ kind: 'render', spec });
      if (!result.ok) throw deserializeError(result.error);
      if (result.kind !== 'render') throw new Error('audio pool: wrong answer');
      return result.value;
    },
    deliver: (async (input: Uint8Array | DeliveryPaths, format: DeliveryFormat, runOptions: RunOptions = {}) => {
      const result =
        input instanceof Uint8Array
          ? await run({ kind: 'deliver', bytes: input, format }, input, runOptions)
          : await run({ kind: 'deliver', file: input.file, out: input.out, format }, undefined, runOptions);
      if (!result.ok) throw deserializeError(result.error);
      if (result.kind !== 'deliver') throw new Error('audio pool: wrong answer');
      return result.value;
    }) as AudioPool['deliver'],
    async audition(previewMp3) {
      const result = await run({ kind: 'audition', bytes: previewMp3 }, previewMp3);
      if (!result.ok) throw deserializeError(result.error);
      if (result.kind !== 'audition') throw new Error('audio pool: wrong answer');
      return result.value;
    },
    saturated: () => piscina.queueSize >= maxQueue,
    stats: () => ({ threads: piscina.threads.length, pending, finished: { ...finished }, recycled }),
    close: () => piscina.destroy(),
  };
}

/** An IngestError thrown in a thread comes back with the same code, detail and message. */
function deserializeError(error: SerializedError): Error {
  if (error.code !== undefined && isIngestErrorCode(error.code)) {
    const e = new IngestError(error.code, error.detail ?? null);
    e.message = error.message;
    return e;
  }
  const e = new Error(error.message);
  e.name = error.name;
  if (error.stack) e.stack = error.stack;
  return e;
}
