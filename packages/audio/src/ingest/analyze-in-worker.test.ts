import { describe, expect, it } from 'vitest';
import { encodeWavPcm, sine, truncated } from '../testing/audio-fixtures.js';
import { analyzeUpload } from './analyze.js';
import { analyzeUploadInWorker } from './analyze-in-worker.js';
import { IngestError } from './errors.js';

describe('analyzeUploadInWorker', () => {
  it('gives the same result as analyzeUpload, transferring the bytes to the worker', async () => {
    const wav = encodeWavPcm(sine(997, 2, 44100, 0.5), 44100, 'pcm16');
    const expected = await analyzeUpload(wav);
    const copy = wav.slice();
    const result = await analyzeUploadInWorker(copy, { kind: 'music' });
    expect(copy.byteLength).toBe(0); // its ArrayBuffer went to the worker
    expect(result.previewMp3).toBeInstanceOf(Uint8Array);
    expect({ ...result, previewMp3: null }).toEqual({ ...expected, previewMp3: null });
    expect(result.previewMp3.length).toBe(expected.previewMp3.length);
  });

  it('copies bytes that are a view into a larger buffer (the caller keeps them)', async () => {
    const wav = encodeWavPcm(sine(997, 1.5, 44100, 0.5), 44100, 'pcm16');
    const padded = new Uint8Array(wav.length + 16);
    padded.set(wav, 8);
    const view = padded.subarray(8, 8 + wav.length);
    const result = await analyzeUploadInWorker(view);
    expect(view.byteLength).toBe(wav.length);
    expect(result.durationS).toBeCloseTo(1.5, 6);
  });

  it('rethrows IngestErrors with their code, detail and message', async () => {
    const wav = encodeWavPcm(sine(997, 2, 44100, 0.5), 44100, 'pcm16');
    const local = await analyzeUpload(truncated(wav, 0.5)).catch((e: unknown) => e);
    const remote = await analyzeUploadInWorker(truncated(wav, 0.5)).catch((e: unknown) => e);
    expect(remote).toBeInstanceOf(IngestError);
    expect(local).toBeInstanceOf(IngestError);
    const [l, r] = [local as IngestError, remote as IngestError];
    expect({ code: r.code, detail: r.detail, message: r.message }).toEqual({
      code: l.code,
      detail: l.detail,
      message: l.message,
    });
    await expect(analyzeUploadInWorker(new TextEncoder().encode('text'))).rejects.toMatchObject({ code: 'not_audio' });
  });
});
