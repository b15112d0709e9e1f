import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { assertSafeKey, type Storage, type StoredObjectInfo, type Visibility } from './storage.js';

/** The default storage driver: a folder with `public/` and `private/` halves. */
export function createLocalStorage(root: string): Storage {
  const base = (v: Visibility) => path.join(root, v);
  const file = (v: Visibility, key: string) => {
    assertSafeKey(key);
    return path.join(base(v), key);
  };
  return {
    async put(v, key, bytes) {
      const target = file(v, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, target);
    },
    get: (v, key) => fs.readFile(file(v, key)),
    stream(v, key, range): Readable {
      return createReadStream(file(v, key), range ? { start: range.start, end: range.end } : {});
    },
    async stat(v, key): Promise<StoredObjectInfo | null> {
      try {
        const s = await fs.stat(file(v, key));
        return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
      } catch {
        return null;
      }
    },
    async exists(v, key) {
      return (await this.stat(v, key)) !== null;
    },
    async remove(v, key) {
      await fs.rm(file(v, key), { force: true });
    },
    publicRoot: () => base('public'),
  };
}
