import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeWavPcm, sine, truncated } from '../testing/audio-fixtures.js';
import { analyzeUpload } from '../ingest/analyze.js';
import { IngestError } from '../ingest/errors.js';
import { encodeDelivery } from '../delivery/encode-delivery.js';
import { encodeAuditionWav } from '../render/audition-wav.js';
import { AudioPoolBusyError, createAudioPool } from './audio-pool.js';

const pool = createAudioPool({ threads: 2, maxQueue: 2 });
afterAll(() => pool.close());

describe('the audio worker pool', () => {
  it('gives the same analysis as in-process, transferring the caller’s bytes to the thread', async () => {
    const wav = encodeWavPcm(sine(997, 2, 44100, 0.5), 44100, 'pcm16');
    const expected = await analyzeUpload(wav);
    const copy = wav.slice();
    const result = await pool.analyze(copy, { kind: 'music' });
    expect(copy.byteLength).toBe(0); // its ArrayBuffer went to the thread
    expect({ ...result, previewMp3: null }).toEqual({ ...expected, previewMp3: null });
    expect(Buffer.from(result.previewMp3).equals(Buffer.from(expected.previewMp3))).toBe(true);
  });

  it('copies bytes that are a view into a larger buffer (the caller keeps them)', async () => {
    const wav = encodeWavPcm(sine(997, 1.5, 44100, 0.5), 44100, 'pcm16');
    const padded = new Uint8Array(wav.length + 16);
    padded.set(wav, 8);
    const view = padded.subarray(8, 8 + wav.length);
    const out = await pool.deliver(view, 'wav');
    expect(view.byteLength).toBe(wav.length);
    expect(Buffer.from(out.bytes).equals(Buffer.from((await encodeDelivery(wav, 'wav')).bytes))).toBe(true);
  });

  it("makes a loop's audition WAV from its preview as in-process (the start-up backfill, decision 043)", async () => {
    const wav = encodeWavPcm(sine(440, 2, 44100, 0.5), 44100, 'pcm16');
    const { previewMp3 } = await analyzeUpload(wav);
    const expected = await encodeAuditionWav(previewMp3);
    const out = await pool.audition(previewMp3.slice());
    expect(Buffer.from(out).equals(Buffer.from(expected))).toBe(true);
    expect(pool.stats().finished.audition).toBeGreaterThanOrEqual(1);
  });

  it('rethrows IngestErrors with their code, detail and message', async () => {
    const wav = encodeWavPcm(sine(997, 2, 44100, 0.5), 44100, 'pcm16');
    const local = (await analyzeUpload(truncated(wav, 0.5)).catch((e: unknown) => e)) as IngestError;
    const remote = (await pool.analyze(truncated(wav, 0.5)).catch((e: unknown) => e)) as IngestError;
    expect(remote).toBeInstanceOf(IngestError);
    expect({ code: remote.code, detail: remote.detail, message: remote.message }).toEqual({
      code: local.code,
      detail: local.detail,
      message: local.message,
    });
    await expect(pool.deliver(new TextEncoder().encode('text'), 'mp3')).rejects.toMatchObject({ code: 'not_audio' });
  });

  it('refuses work beyond its queue (busy), and a task aborted while running frees its thread for the next', async () => {
    const long = () => encodeWavPcm(sine(220, 120, 44100, 0.3, 2), 44100, 'pcm16');
    const controller = new AbortController();
    const running = [
      pool.deliver(long(), 'mp3', { signal: controller.signal }),
      pool.deliver(long(), 'mp3', { signal: controller.signal }),
    ];
    const queued = [
      pool.deliver(long(), 'mp3', { signal: controller.signal }),
      pool.deliver(long(), 'mp3', { signal: controller.signal }),
    ];
    expect(pool.saturated()).toBe(true);
    await expect(pool.deliver(long(), 'wav')).rejects.toBeInstanceOf(AudioPoolBusyError);
    controller.abort();
    for (const task of [...running, ...queued]) await expect(task).rejects.toThrow();
    const after = await pool.deliver(encodeWavPcm(sine(220, 1, 44100, 0.3, 2), 44100, 'pcm16'), 'wav');
    expect(after.sampleRate).toBe(44100);
    expect(pool.stats().pending).toBe(0);
  });
});

describe('memory of an analysis goes back to the system (issue 31)', () => {
  it('retires the thread of every analysis; analyses queued behind it on a one-thread pool still run', async () => {
    const single = createAudioPool({ threads: 1, maxQueue: 4 });
    try {
      const wav = () => encodeWavPcm(sine(997, 1.5, 44100, 0.5), 44100, 'pcm16');
      const results = await Promise.all([single.analyze(wav()), single.analyze(wav()), single.analyze(wav())]);
      expect(results.map((r) => r.durationS)).toEqual([1.5, 1.5, 1.5]);
      expect(single.stats().recycled).toBe(3);
      // Other work keeps its thread.
      await single.deliver(wav(), 'wav');
      await single.deliver(wav(), 'wav');
      expect(single.stats().recycled).toBe(3);
      expect(single.stats().threads).toBe(1);
    } finally {
      await single.close();
    }
  });

  it('analyses a file the thread reads itself (a spooled upload), the same as its bytes', async () => {
    const wav = encodeWavPcm(sine(997, 2, 44100, 0.5), 44100, 'pcm16');
    const dir = await mkdtemp(join(tmpdir(), 'tarab-pool-'));
    try {
      const file = join(dir, 'upload.bin');
      await writeFile(file, wav);
      const fromFile = await pool.analyze({ file });
      const fromBytes = await pool.analyze(wav.slice());
      expect({ ...fromFile, previewMp3: null }).toEqual({ ...fromBytes, previewMp3: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a delivery file made from a file, on a thread retired afterwards (issue 31)', () => {
  it('writes the same bytes as from the bytes, into a private file, and retires the thread each time', async () => {
    const single = createAudioPool({ threads: 1, maxQueue: 4 });
    const dir = await mkdtemp(join(tmpdir(), 'tarab-pool-delivery-'));
    try {
      const wav = encodeWavPcm(sine(440, 2, 96_000, 0.5, 2), 96_000, 'pcm24');
      const file = join(dir, 'original');
      await writeFile(file, wav);
      const before = single.stats().recycled;
      // Both formats at once, as the warm after an upload asks: the second waits for a fresh thread.
      const [mp3, master] = await Promise.all([
        single.deliver({ file, out: join(dir, 'out.mp3') }, 'mp3'),
        single.deliver({ file, out: join(dir, 'out.wav') }, 'wav'),
      ]);
      expect(single.stats().recycled - before).toBe(2);
      expect(single.stats().finished.deliver).toBe(2);
      expect(master).toMatchObject({ format: 'wav', sampleRate: 96_000, channels: 2, bitDepth: 24, frames: 192_000 });
      expect(mp3).toMatchObject({ format: 'mp3', sampleRate: 48_000, channels: 2, bitDepth: null });
      for (const [format, written] of [
        ['mp3', mp3],
        ['wav', master],
      ] as const) {
        const bytes = await readFile(join(dir, `out.${format}`));
        expect(written.size).toBe(bytes.length);
        expect(Buffer.compare(bytes, Buffer.from((await encodeDelivery(wav, format)).bytes))).toBe(0);
        expect((await stat(join(dir, `out.${format}`))).mode & 0o777).toBe(0o600);
      }
      // A delivery from bytes keeps its thread, as before.
      await single.deliver(wav.slice(), 'wav');
      expect(single.stats().recycled - before).toBe(2);
    } finally {
      await single.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rethrows a bad original’s IngestError, leaves no output file, and still retires the thread', async () => {
    const single = createAudioPool({ threads: 1 });
    const dir = await mkdtemp(join(tmpdir(), 'tarab-pool-delivery-'));
    try {
      const file = join(dir, 'original');
      await writeFile(file, 'plain text, not audio');
      const out = join(dir, 'out.wav');
      await expect(single.deliver({ file, out }, 'wav')).rejects.toMatchObject({ code: 'not_audio' });
      await expect(stat(out)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(single.stats().recycled).toBe(1);
    } finally {
      await single.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
