import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { StorageNotFoundError, type Storage } from './storage.js';

// One set of expectations, run against every driver: callers must not be able to tell them apart.
let s3: S3TestServer;
let tempDir: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-storage-'));
  s3 = await startS3TestServer();
  await s3.createBucket('tarab-test');
});
afterAll(async () => {
  for (const cleanup of cleanups) cleanup();
  await s3?.stop();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const drivers: { name: string; create: () => Storage }[] = [
  { name: 'local', create: () => createLocalStorage(path.join(tempDir, 'media')) },
  {
    name: 's3',
    create: () => {
      // A page of 2 keys makes every list below cross ListObjectsV2 pages.
      const storage = createS3Storage(s3.options({ prefix: 'contract', listPageSize: 2 }));
      cleanups.push(() => storage.destroy());
      return storage;
    },
  },
];

const bytes = (...values: number[]) => new Uint8Array(values);
const ten = bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

describe.each(drivers)('storage driver: $name', ({ name, create }) => {
  let storage: Storage;
  beforeAll(() => {
    storage = create();
  });

  it('puts and gets bytes and strings, and a second put replaces the object', async () => {
    await storage.put('public', 'rw/a.bin', ten);
    expect([...(await storage.get('public', 'rw/a.bin'))]).toEqual([...ten]);
    await storage.put('public', 'rw/a.bin', '{"x":1}');
    expect((await storage.get('public', 'rw/a.bin')).toString()).toBe('{"x":1}');
    await storage.put('private', 'rw/empty.bin', bytes());
    expect((await storage.get('private', 'rw/empty.bin')).length).toBe(0);
  });

  it('puts a stream of a known size (an upload spooled to disk) without reading it whole first', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => new Uint8Array(64 * 1024).fill(i));
    await storage.put('private', 'rw/streamed.bin', { stream: Readable.from(chunks), size: 40 * 64 * 1024 });
    const stored = await storage.get('private', 'rw/streamed.bin');
    expect(stored.length).toBe(40 * 64 * 1024);
    expect([stored[0], stored[64 * 1024], stored[stored.length - 1]]).toEqual([0, 1, 39]);
  });

  it('keeps the public and private halves apart', async () => {
    await storage.put('private', 'halves/original.wav', bytes(9, 9, 9));
    expect(await storage.exists('private', 'halves/original.wav')).toBe(true);
    expect(await storage.exists('public', 'halves/original.wav')).toBe(false);
    await expect(storage.get('public', 'halves/original.wav')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('stats an object: size, modification time and a quoted ETag that follows the content', async () => {
    const before = Date.now();
    await storage.put('public', 'stat/a.mp3', ten);
    const info = await storage.stat('public', 'stat/a.mp3');
    expect(info).not.toBeNull();
    expect(info!.size).toBe(10);
    // S3 keeps whole seconds.
    expect(info!.mtimeMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(info!.mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
    expect(info!.etag).toMatch(/^(W\/)?".+"$/);
    await storage.put('public', 'stat/a.mp3', bytes(1, 2, 3));
    const changed = await storage.stat('public', 'stat/a.mp3');
    expect(changed!.size).toBe(3);
    expect(changed!.etag).not.toBe(info!.etag);
  });

  it('answers null / false for a missing object and removes idempotently', async () => {
    expect(await storage.stat('public', 'gone/nothing.mp3')).toBeNull();
    expect(await storage.exists('public', 'gone/nothing.mp3')).toBe(false);
    await storage.put('public', 'gone/a.mp3', ten);
    expect(await storage.exists('public', 'gone/a.mp3')).toBe(true);
    await storage.remove('public', 'gone/a.mp3');
    expect(await storage.exists('public', 'gone/a.mp3')).toBe(false);
    await expect(storage.remove('public', 'gone/a.mp3')).resolves.toBeUndefined();
  });

  it('rejects get and stream of a missing object with StorageNotFoundError (code ENOENT)', async () => {
    for (const attempt of [
      () => storage.get('private', 'missing/x.wav'),
      () => storage.stream('private', 'missing/x.wav'),
      () => storage.stream('private', 'missing/x.wav', { start: 0, end: 1 }),
    ]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageNotFoundError);
      expect((error as StorageNotFoundError).code).toBe('ENOENT');
      expect((error as StorageNotFoundError).key).toBe('missing/x.wav');
    }
  });

  it('streams the whole object or an inclusive byte range, clipping an end past the object', async () => {
    await storage.put('public', 'stream/a.mp3', ten);
    expect([...(await buffer(await storage.stream('public', 'stream/a.mp3')))]).toEqual([...ten]);
    expect([...(await buffer(await storage.stream('public', 'stream/a.mp3', { start: 2, end: 4 })))]).toEqual([
      2, 3, 4,
    ]);
    expect([...(await buffer(await storage.stream('public', 'stream/a.mp3', { start: 9, end: 9 })))]).toEqual([9]);
    expect([...(await buffer(await storage.stream('public', 'stream/a.mp3', { start: 7, end: 99 })))]).toEqual([
      7, 8, 9,
    ]);
    await expect(storage.stream('public', 'stream/a.mp3', { start: 10, end: 12 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.stream('public', 'stream/a.mp3', { start: 4, end: 2 })).rejects.toBeInstanceOf(RangeError);
  });

  it('lists the keys of one half under a prefix, sorted and relative to the half', async () => {
    const keys = ['list/b/2.json', 'list/a.mp3', 'list/b/1.json', 'list/c.svg', 'list/ab.mp3'];
    for (const key of keys) await storage.put('public', key, 'x');
    await storage.put('private', 'list/secret.wav', 'x');
    await storage.put('public', 'listing-not-this.mp3', 'x');
    expect(await storage.list('public', 'list/')).toEqual([...keys].sort());
    expect(await storage.list('public', 'list/b/')).toEqual(['list/b/1.json', 'list/b/2.json']);
    expect(await storage.list('public', 'list/a')).toEqual(['list/a.mp3', 'list/ab.mp3']);
    expect(await storage.list('public', 'list/none/')).toEqual([]);
    expect(await storage.list('private', 'list/')).toEqual(['list/secret.wav']);
    const all = await storage.list('public', '');
    expect(all).toEqual(expect.arrayContaining([...keys, 'listing-not-this.mp3']));
    expect(all).not.toContain('list/secret.wav');
    expect(all).toEqual([...all].sort());
  });

  it('rejects unsafe keys and prefixes in every method, touching nothing', async () => {
    const unsafe = ['', '../x.mp3', '/etc/passwd', 'a/../../b', 'a//b', '.hidden', 'a/.b', 'a/', 'a\\b', 'x y'];
    for (const key of unsafe) {
      for (const call of [
        () => storage.put('public', key, 'x'),
        () => storage.get('public', key),
        () => storage.stream('public', key),
        () => storage.stat('public', key),
        () => storage.exists('public', key),
        () => storage.remove('public', key),
      ]) {
        await expect(call(), JSON.stringify(key)).rejects.toThrow(/Unsafe storage key/);
      }
    }
    for (const prefix of ['../', '/', '/abs/', 'a//', '.git/']) {
      await expect(storage.list('public', prefix), prefix).rejects.toThrow(/Unsafe storage prefix/);
    }
  });

  it(`tells whether objects are files (${name})`, () => {
    if (name === 'local') expect(storage.publicRoot()).toBe(path.join(tempDir, 'media', 'public'));
    else expect(storage.publicRoot()).toBeNull();
  });
});

describe('local storage driver', () => {
  it('does not list unfinished writes (*.tmp)', async () => {
    const root = path.join(tempDir, 'tmp-files');
    const storage = createLocalStorage(root);
    await storage.put('public', 'p/a.mp3', 'x');
    await fs.writeFile(path.join(root, 'public/p/b.mp3.0a1b2c.tmp'), 'half');
    expect(await storage.list('public', 'p/')).toEqual(['p/a.mp3']);
  });
});
