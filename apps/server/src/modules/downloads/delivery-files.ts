import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AudioPoolBusyError, DELIVERY_MP3_KBPS, type AudioPool } from '@tarab/audio';
import type { DeliveryFormat } from '@tarab/contracts';
import type { Storage } from '../../storage/storage.js';

export interface DeliveryLog {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/** A delivery file ready in private storage. */
export interface StoredDelivery {
  key: string;
  size: number;
}

/** The outcome of waiting for a delivery file: ready, or still being made (answer "try again"). */
export type DeliveryState = { ready: true; file: StoredDelivery } | { ready: false; retryAfterS: number };

/** The encoders are busy: nothing was started; the caller answers 429 with Retry-After. */
export class DeliveryBusyError extends Error {
  constructor(readonly retryAfterS: number) {
    super('The audio workers are busy');
    this.name = 'DeliveryBusyError';
  }
}

/**
 * The licensed delivery files of tracks (MP3 320 kbps, lossless WAV), made once from the private
 * original on the audio pool and kept in private storage; then every download streams them. They are
 * made in bounded memory: from a temporary copy of the original (mode 600, in the system's temporary
 * folder, removed after) to a temporary file, both read and written in chunks.
 *
 * Keys are derived from the original's storage key, which is immutable (the demo's originals are
 * content-addressed; each upload gets a fresh random key), with the format and its version in
 * the name: `deliveries/<sha256(original key)>/mp3-320.mp3`, `…/wav-v1.wav`. Single-flight per
 * process: concurrent requests for one file share one encode. (Two processes may both encode a
 * file the first time; their results are identical and `put` is atomic.)
 */
export function createDeliveryFiles(deps: { storage: Storage; audio: AudioPool; log: DeliveryLog }) {
  const { storage, audio, log } = deps;
  const inFlight = new Map<string, Promise<StoredDelivery>>();
  /**
   * Files this process made, so a request whose storage lookup started before the file was stored and
   * answered after its job had ended does not make it a second time (bounded: the oldest are forgotten,
   * storage still knows them).
   */
  const made = new Map<string, StoredDelivery>();
  const remember = (file: StoredDelivery) => {
    made.set(file.key, file);
    if (made.size > MADE_REMEMBERED) made.delete(made.keys().next().value!);
  };

  const keyOf = (audioKey: string, format: DeliveryFormat) => {
    const source = createHash('sha256').update(audioKey).digest('hex').slice(0, 32);
    return format === 'mp3' ? `deliveries/${source}/mp3-${DELIVERY_MP3_KBPS}.mp3` : `deliveries/${source}/wav-v1.wav`;
  };

  async function stored(key: string): Promise<StoredDelivery | null> {
    const info = await storage.stat('private', key);
    return info ? { key, size: info.size } : null;
  }

  async function make(audioKey: string, format: DeliveryFormat, key: string): Promise<StoredDelivery> {
    // Nothing is whole in memory (issue 31): the original is streamed from storage to a private
    // temporary file, which an audio pool thread decodes chunk by chunk into the delivery file (also
    // written in chunks; the thread is retired afterwards); that file is streamed into storage. Everything
    // CPU-bound (decode, resample, encode) runs on the pool; this thread only moves bytes.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-delivery-'));
    try {
      const original = path.join(dir, 'original');
      const out = path.join(dir, `delivery.${format}`);
      await pipeline(await storage.stream('private', audioKey), createWriteStream(original, { mode: 0o600 }));
      await audio.deliver({ file: original, out }, format);
      const { size } = await fs.stat(out);
      await storage.put('private', key, { stream: createReadStream(out), size });
      return { key, size };
    } finally {
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** The file if it exists, else starts (or joins) making it. Throws DeliveryBusyError when the pool's queue is full. */
  async function prepare(audioKey: string, format: DeliveryFormat): Promise<StoredDelivery> {
    const key = keyOf(audioKey, format);
    const running = inFlight.get(key) ?? made.get(key);
    if (running) return running;
    const existing = await stored(key);
    if (existing) return existing;
    // Started, or even finished, while storage was asked.
    const again = inFlight.get(key) ?? made.get(key);
    if (again) return again;
    if (audio.saturated()) throw new DeliveryBusyError(RETRY_BUSY_S);
    const job = make(audioKey, format, key)
      .then((file) => {
        remember(file);
        return file;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, job);
    return job;
  }

  return {
    keyOf,
    /**
     * Waits at most `waitMs` for the file. Not ready by then: the work goes on in the background
     * and the caller answers "try again in a few seconds".
     */
    async await(audioKey: string, format: DeliveryFormat, waitMs: number): Promise<DeliveryState> {
      const job = prepare(audioKey, format);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        const file = await Promise.race([job, timeout]);
        if (file) return { ready: true, file };
        job.catch((err: unknown) => log.error({ err, audioKey, format }, 'delivery file failed'));
        return { ready: false, retryAfterS: RETRY_PREPARING_S };
      } catch (error) {
        if (error instanceof AudioPoolBusyError) throw new DeliveryBusyError(RETRY_BUSY_S);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    /** Makes the files of a new track ahead of its first download (errors are only logged). */
    warm(audioKey: string, formats: readonly DeliveryFormat[]): Promise<void> {
      return Promise.all(
        formats.map((format) =>
          prepare(audioKey, format).catch((err: unknown) => {
            log.warn({ err, audioKey, format }, 'delivery file not prepared ahead');
          }),
        ),
      ).then(() => undefined);
    },
    /** Files being made now (for tests and metrics). */
    inFlight: () => inFlight.size,
  };
}

export type DeliveryFiles = ReturnType<typeof createDeliveryFiles>;

/** Retry-After of a download whose file is still being made, and of one refused because the pool is full. */
const RETRY_PREPARING_S = 3;
const RETRY_BUSY_S = 10;
/** How many made files a process remembers (about 100 bytes each). */
const MADE_REMEMBERED = 5_000;
