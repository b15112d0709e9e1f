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
