import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import NodeID3 from 'node-id3';
import {
  createAudioPool,
  encodeDelivery,
  encodeWav,
  id3v2Length,
  type AudioPool,
  type DeliveryFormat,
  type LicenceTags,
} from '@tarab/audio';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createS3Storage } from '../../storage/s3-storage.js';
import type { Storage } from '../../storage/storage.js';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server.js';
import { createDeliveryFiles } from './delivery-files.js';
import { openTaggedDelivery } from './tagged-delivery.js';

/** A tone of `seconds` (each channel its own pitch) as a WAV of the given depth. */
function toneWav(seconds: number, bitDepth: 16 | 24, sampleRate: number, channels: number): Uint8Array {
  const frames = Math.round(seconds * sampleRate);
  const data = Array.from({ length: channels }, (_, c) =>
    new Float32Array(frames).map((_, i) => 0.4 * Math.sin((2 * Math.PI * (220 + 110 * c) * i) / sampleRate)),
  );
  return encodeWav(data, sampleRate, bitDepth);
}

const silentLog = { warn: () => undefined, error: () => undefined };
const tags: LicenceTags = {
  title: 'Caravan',
  artist: 'Nour',
  bpm: 96,
  key: 'D',
  maqam: 'Hijaz',
  licenseKey: 'TRB-TEST-0001',
  verifyUrl: 'https://tarab.test/verify/TRB-TEST-0001',
  year: 2025,
};

/** The pool, with what each file delivery was given: the spooled original's mode, and its folder. */
function watchedPool(pool: AudioPool) {
  const seen: { mode: number; folder: string }[] = [];
  const watched: AudioPool = {
    ...pool,
    deliver: (async (input: Uint8Array | { file: string; out: string }, format: DeliveryFormat) => {
      if (input instanceof Uint8Array) throw new Error('the delivery files must be made from a file');
      seen.push({ mode: (await fs.stat(input.file)).mode & 0o777, folder: path.dirname(input.file) });
      return pool.deliver(input, format);
    }) as AudioPool['deliver'],
  };
  return { pool: watched, seen };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('delivery files are made from a spooled file, in bounded memory (issue 31)', () => {
  let dir: string;
  let s3: S3TestServer;
  const drivers: [string, () => Storage][] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-delivery-files-'));
    s3 = await startS3TestServer();
    await s3.createBucket('tarab-test');
    drivers.push(['local', () => createLocalStorage(path.join(dir, 'media'))]);
    drivers.push(['s3', () => createS3Storage(s3.options({ prefix: 'delivery' }))]);
  });
  afterAll(async () => {
    await s3?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.each(['local', 's3'])(
    'warm (%s storage) stores both formats as the encoder writes them, each made on a thread retired afterwards',
    async (driver) => {
      const storage = drivers.find(([name]) => name === driver)![1]();
      const audio = createAudioPool({ threads: 1 });
      const { pool, seen } = watchedPool(audio);
      try {
        const original = toneWav(3, 24, 96_000, 2);
        const audioKey = `originals/uploads/${driver}-tone.wav`;
        await storage.put('private', audioKey, original);
        const delivery = createDeliveryFiles({ storage, audio: pool, log: silentLog });
        await delivery.warm(audioKey, ['mp3', 'wav']);

        for (const format of ['mp3', 'wav'] as const) {
          const stored = await storage.get('private', delivery.keyOf(audioKey, format));
          expect(Buffer.compare(stored, Buffer.from((await encodeDelivery(original, format)).bytes))).toBe(0);
        }
        // Each format on its own thread, stopped after it (whatever it allocated goes back to the system).
        expect(audio.stats().recycled).toBe(2);
        expect(audio.stats().finished.deliver).toBe(2);
        // The original was spooled to a private temporary file, removed with its folder afterwards.
        expect(seen.map((s) => s.mode)).toEqual([0o600, 0o600]);
        for (const { folder } of seen) await expect(fs.stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });
      } finally {
        await audio.close();
      }
    },
    60_000,
  );

  it('a bad original stores nothing and leaves no temporary folder', async () => {
    const storage = createLocalStorage(path.join(dir, 'bad'));
    const audio = createAudioPool({ threads: 1 });
    const { pool, seen } = watchedPool(audio);
    const warned: unknown[] = [];
    try {
      await storage.put('private', 'originals/uploads/bad.wav', 'not audio');
      const delivery = createDeliveryFiles({
        storage,
        audio: pool,
        log: { warn: (obj) => warned.push(obj), error: () => undefined },
      });
      await delivery.warm('originals/uploads/bad.wav', ['wav']);
      expect(warned).toHaveLength(1);
      expect(await storage.list('private', 'deliveries/')).toEqual([]);
      expect(seen).toHaveLength(1);
      await expect(fs.stat(seen[0]!.folder)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await audio.close();
    }
  });

  it('tags the streamed files: a WAV with odd data gets its pad byte and licence chunks, an MP3 its ID3 tag', async () => {
    const storage = createLocalStorage(path.join(dir, 'tags'));
    const audio = createAudioPool({ threads: 1 });
    try {
      // Mono 24-bit, an odd number of frames: the data chunk has an odd size (no pad byte in the stored file).
      const original = toneWav(44_101 / 44_100, 24, 44_100, 1);
      const audioKey = 'originals/uploads/odd.wav';
      await storage.put('private', audioKey, original);
      const delivery = createDeliveryFiles({ storage, audio, log: silentLog });
      await delivery.warm(audioKey, ['mp3', 'wav']);

      const wavState = await delivery.await(audioKey, 'wav', 1000);
      expect(wavState.ready).toBe(true);
      if (!wavState.ready) return;
      const stored = await storage.get('private', wavState.file.key);
      const dataBytes = stored.readUInt32LE(40);
      expect(dataBytes % 2).toBe(1);
      expect(stored.length).toBe(44 + dataBytes);
      const tagged = await openTaggedDelivery(storage, wavState.file, 'wav', tags);
      const wav = await readAll(tagged.stream);
      expect(wav.length).toBe(tagged.size);
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      expect(wav.subarray(44, 44 + dataBytes).equals(stored.subarray(44))).toBe(true);
      expect(wav[44 + dataBytes]).toBe(0);
      expect(wav.toString('latin1', 44 + dataBytes + 1, 44 + dataBytes + 5)).toBe('LIST');
      expect(wav.toString('utf8')).toContain('<LICENSE_KEY>TRB-TEST-0001</LICENSE_KEY>');

      const mp3State = await delivery.await(audioKey, 'mp3', 1000);
      if (!mp3State.ready) throw new Error('the MP3 was not made');
      const mp3 = await readAll((await openTaggedDelivery(storage, mp3State.file, 'mp3', tags)).stream);
      expect(NodeID3.read(mp3)).toMatchObject({ title: 'Caravan', artist: 'Nour' });
      const frames = mp3.subarray(id3v2Length(mp3));
      expect(frames.equals(await storage.get('private', mp3State.file.key))).toBe(true);
      // The stored MP3 starts with its Info frame ("Info" after the side information), as the whole-file encoder wrote it.
      expect(frames.toString('latin1', 0, 64)).toContain('Info');
    } finally {
      await audio.close();
    }
  });
});
