import type { Readable } from 'node:stream';

/** Where audio, peaks and images live. Public keys are served under /media/<key>; private keys never are. */
export type Visibility = 'public' | 'private';

export interface StoredObjectInfo {
  size: number;
  mtimeMs: number;
}

export interface Storage {
  /** Writes atomically (temp file + rename): a crash never leaves a half-written object. */
  put(visibility: Visibility, key: string, bytes: Uint8Array | string): Promise<void>;
  get(visibility: Visibility, key: string): Promise<Buffer>;
  stream(visibility: Visibility, key: string, range?: { start: number; end: number }): Readable;
  stat(visibility: Visibility, key: string): Promise<StoredObjectInfo | null>;
  exists(visibility: Visibility, key: string): Promise<boolean>;
  remove(visibility: Visibility, key: string): Promise<void>;
  /** Absolute folder of the public objects (for static serving by the local driver). */
  publicRoot(): string;
}

/** Storage keys are relative, slash-separated, with no `..` or leading slash. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._/-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
