import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafePrefix,
  assertValidRange,
  isStreamBody,
  StorageNotFoundError,
  type Storage,
  type StoredObjectInfo,
  type Visibility,
} from './storage.js';

/** Errors that mean "no such object" (a folder in the way counts as missing). */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);
const isMissing = (error: unknown) => MISSING.has((error as { code?: string })?.code ?? '');

/** Same validator as @fastify/static, so ETags do not change when a deployment switches media serving. */
const weakEtag = (size: number, mtimeMs: number) => `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

/** Keys (relative to `base`, slash-separated) of every file under `dir`, skipping in-progress `*.tmp` writes. */
async function walk(base: string, dir: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(base, full, out);
    else if (entry.isFile() && !entry.name.endsWith('.tmp'))
      out.push(path.relative(base, full).split(path.sep).join('/'));
  }
}

/** The default storage driver: a folder with `public/` and `private/` halves. */
export function createLocalStorage(root: string): Storage {
  const base = (v: Visibility) => path.join(root, v);
  const file = (v: Visibility, key: string) => {
    assertSafeKey(key);
    return path.join(base(v), key);
  };
  const storage: Storage = {
    async put(v, key, body) {
      const target = file(v, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (isStreamBody(body)) await pipeline(body.stream, createWriteStream(tmp));
        else await fs.writeFile(tmp, body);
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async get(v, key) {
      const target = file(v, key);
      try {
        return await fs.readFile(target);
      } catch (error) {
        throw isMissing(error) ? new StorageNotFoundError(v, key, error) : error;
      }
    },
    async stream(v, key, range): Promise<Readable> {
      const target = file(v, key);
      assertValidRange(range);
      let handle;
      try {
        handle = await fs.open(target, 'r');
      } catch (error) {
        throw isMissing(error) ? new StorageNotFoundError(v, key, error) : error;
      }
      try {
        const s = await handle.stat();
        if (!s.isFile()) throw new StorageNotFoundError(v, key);
        if (range && range.start >= s.size) throw new RangeError(`Range ${range.start}- is past the end of ${key}`);
        // The stream owns the handle from here (autoClose: closed on end, error or destroy).
        return handle.createReadStream(range ? { start: range.start, end: Math.min(range.end, s.size - 1) } : {});
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async stat(v, key): Promise<StoredObjectInfo | null> {
      const target = file(v, key);
      try {
        const s = await fs.stat(target);
        return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs, etag: weakEtag(s.size, s.mtimeMs) } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(v, key) {
      return (await storage.stat(v, key)) !== null;
    },
    async remove(v, key) {
      await fs.rm(file(v, key), { force: true });
    },
    async list(v, prefix) {
      assertSafePrefix(prefix);
      // Walk only the folder the prefix is in: `previews/ab` walks `previews/`.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const keys: string[] = [];
      await walk(base(v), path.join(base(v), folder), keys);
      return keys.filter((k) => k.startsWith(prefix)).sort();
    },
    publicRoot: () => base('public'),
  };
  return storage;
}
