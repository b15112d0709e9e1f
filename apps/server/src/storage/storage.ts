import type { Readable } from 'node:stream';

/** Where audio, peaks and images live. Public keys are served under /media/<key>; private keys never are. */
export type Visibility = 'public' | 'private';

/**
 * What `put` stores: bytes, text, or a stream of a known size (an upload spooled to disk), which
 * the drivers write through without holding the whole object in memory.
 */
export type StorageBody = Uint8Array | string | { stream: Readable; size: number };

/** A stream body (bytes from another realm, such as a worker thread, are not taken for one). */
export const isStreamBody = (body: StorageBody): body is { stream: Readable; size: number } =>
  typeof body === 'object' && !ArrayBuffer.isView(body) && 'stream' in body;

export interface StoredObjectInfo {
  size: number;
  mtimeMs: number;
  /** An HTTP entity tag, quoted (`"…"` or `W/"…"`): changes whenever the bytes may have changed. */
  etag: string;
}

/** An inclusive byte range, as in HTTP: `{ start: 0, end: 0 }` is the first byte. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one storage interface, implemented by the `local` driver (a folder) and the `s3` driver
 * (an S3-compatible bucket). Every method validates its key with `assertSafeKey`.
 * A missing object: `get` and `stream` reject with `StorageNotFoundError`, `stat` answers null,
 * `exists` false, `remove` does nothing.
 */
export interface Storage {
  /** Atomic: a reader sees the old object or the whole new one, never a half-written one. */
  put(visibility: Visibility, key: string, body: StorageBody): Promise<void>;
  get(visibility: Visibility, key: string): Promise<Buffer>;
  /**
   * The object's bytes, or the given range of them. `range.end` past the end is clipped;
   * a range starting at or past the end rejects with a RangeError (callers check `stat` first).
   */
  stream(visibility: Visibility, key: string, range?: ByteRange): Promise<Readable>;
  stat(visibility: Visibility, key: string): Promise<StoredObjectInfo | null>;
  exists(visibility: Visibility, key: string): Promise<boolean>;
  remove(visibility: Visibility, key: string): Promise<void>;
  /** The keys of one half that start with `prefix` ('' for all), sorted. */
  list(visibility: Visibility, prefix: string): Promise<string[]>;
  /** Absolute folder of the public objects, for static serving; null when objects are not files (s3). */
  publicRoot(): string | null;
}

/** A missing object. Carries `code: 'ENOENT'` so callers written against `fs` errors keep working. */
export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(
    readonly visibility: Visibility,
    readonly key: string,
    cause?: unknown,
  ) {
    super(`No ${visibility} object ${key}`, cause === undefined ? undefined : { cause });
    this.name = 'StorageNotFoundError';
  }
}

export const isStorageNotFound = (error: unknown): error is StorageNotFoundError =>
  error instanceof StorageNotFoundError;

const SAFE_PATH = /^[a-z0-9][a-z0-9._/-]*$/i;

/**
 * Storage keys are relative and slash-separated: no leading or trailing slash, no empty segment,
 * no segment starting with a dot (so no `..` and no hidden files).
 */
export function isSafeKey(key: string): boolean {
  return SAFE_PATH.test(key) && !key.includes('..') && !key.includes('//') && !key.includes('/.') && !key.endsWith('/');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** A `list` prefix: '' (everything), or a safe key optionally ending with a slash (`previews/`). */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== '' && !isSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)) {
    throw new Error(`Unsafe storage prefix: ${prefix}`);
  }
}

/** Rejects what no object can satisfy; `end` past the object is fine (drivers clip it). */
export function assertValidRange(range: ByteRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}
