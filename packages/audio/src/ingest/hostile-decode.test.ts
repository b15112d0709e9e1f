import { describe, expect, it } from 'vitest';
import { encodeWavPcm, encodeWithFfmpeg, silentFlac, sine } from '../testing/audio-fixtures.js';
import { analyzeUpload } from './analyze.js';
import { IngestError } from './errors.js';
import { decodeWithFfmpeg, findFfmpeg } from './ffmpeg.js';
import { INGEST_LIMITS } from './limits.js';

const ffmpeg = await findFfmpeg();

async function codeOf(promise: Promise<unknown>): Promise<IngestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof IngestError)) throw new Error(`expected an IngestError, got ${String(error)}`);
  return error;
}

// Decompression bombs need ffmpeg, both to be made and to be read (CI installs it; scripts/ensure-ffmpeg.mjs).
describe.skipIf(!ffmpeg)('memory bounds of decoding (hostile compressed files)', () => {
  it('refuses a FLAC that hides its length and runs past 20 minutes, from the counting pass, before allocating samples', async () => {
    const bomb = await silentFlac(8_000, 'mono', 21 * 60, { hideLength: true });
    expect(bomb.length).toBeLessThan(500_000); // 21 minutes of audio in a few hundred kilobytes
    let allocated = false;
    const error = await codeOf(
      decodeWithFfmpeg(ffmpeg!, bomb, {
        onMeasured: ({ durationS }) => {
          if (durationS > INGEST_LIMITS.maxDurationS) throw new IngestError('too_long', durationS);
          allocated = true;
        },
      }),
    );
    expect(error.code).toBe('too_long');
    expect(Number(error.detail)).toBeGreaterThan(20 * 60);
    expect(allocated).toBe(false);
    expect((await codeOf(analyzeUpload(bomb))).code).toBe('too_long');
  });

  it('refuses a short file whose decoded samples exceed the memory budget (8 channels at 192 kHz), header or not', async () => {
    const seconds = Math.ceil(INGEST_LIMITS.maxDecodedSamples / (192_000 * 8)) + 5;
    for (const hideLength of [false, true]) {
      const bomb = await silentFlac(192_000, '7.1', seconds, { hideLength });
      expect(bomb.length).toBeLessThan(2_000_000);
      const error = await codeOf(analyzeUpload(bomb));
      expect(error.code).toBe('too_large');
      expect(Number(error.detail)).toBeGreaterThan(INGEST_LIMITS.maxDecodedSamples);
    }
  });

  it('streams ffmpeg output into exactly sized buffers: a legitimate FLAC decodes sample for sample', async () => {
    const tone = sine(440, 2.5, 32_000, 0.5, 3);
    const flac = await encodeWithFfmpeg(encodeWavPcm(tone, 32_000, 'pcm16'), 'flac');
    const measured: number[] = [];
    const decoded = await decodeWithFfmpeg(ffmpeg!, flac, { onMeasured: (m) => void measured.push(m.durationS) });
    expect(decoded.sampleRate).toBe(32_000);
    expect(decoded.channels).toHaveLength(3);
    expect(decoded.channels[0]).toHaveLength(2.5 * 32_000);
    expect(measured).toEqual([2.5]);
    for (let c = 0; c < 3; c++) {
      const src = tone[c] as Float32Array;
      const out = decoded.channels[c] as Float32Array;
      let worst = 0;
      for (let i = 0; i < src.length; i++) worst = Math.max(worst, Math.abs((src[i] as number) - (out[i] as number)));
      expect(worst).toBeLessThan(1 / 16_000); // 16-bit quantisation
    }
  });
});
