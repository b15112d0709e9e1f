import { describe, expect, it } from 'vitest';
import { buildDemoCatalog } from '../catalog/build-catalog.js';
import { decodeMp3 } from '../codecs/mp3-decode.js';
import { encodeMp3 } from '../codecs/mp3-encode.js';
import { encodeWav } from '../codecs/wav.js';
import { SAMPLE_RATE } from '../render/audio-format.js';
import { renderTrackAudio } from '../render/render-track.js';
import { encodeWavPcm, encodeWithFfmpeg, sine, truncated } from '../testing/audio-fixtures.js';
import type { DemoTrackSpec } from '../types.js';
import { analyzeUpload, type IngestResult } from './analyze.js';
import { IngestError, type IngestErrorCode } from './errors.js';
import { findFfmpeg } from './ffmpeg.js';

const ffmpeg = await findFfmpeg();

/** 3 s of a 997 Hz tone at half scale in both channels: BS.1770 reads 20·log10(0.5) = -6.02 LUFS. */
const TONE_LUFS = 20 * Math.log10(0.5);
const tone = sine(997, 3, 44100, 0.5);
const wav16 = encodeWavPcm(tone, 44100, 'pcm16');

async function rejection(promise: Promise<unknown>): Promise<IngestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error('expected an IngestError');
}

async function expectCode(bytes: Uint8Array, code: IngestErrorCode, opts = {}): Promise<IngestError> {
  const error = await rejection(analyzeUpload(bytes, opts));
  expect(error.code).toBe(code);
  return error;
}

/** What every successful analysis must satisfy, whatever the input. */
async function expectWellFormed(result: IngestResult, durationS: number): Promise<void> {
  expect(result.durationS).toBeCloseTo(durationS, 3);
  expect(result.peaks).toHaveLength(500);
  for (const p of result.peaks) expect(p >= 0 && p <= 1).toBe(true);
  expect(Math.max(...result.peaks)).toBe(1);
  const preview = await decodeMp3(result.previewMp3);
  expect(Math.abs(preview.durationS - result.durationS)).toBeLessThan(0.1);
  expect([1, 2]).toContain(preview.channels.length);
}

describe('analyzeUpload: valid files', () => {
  it.each(['pcm16', 'pcm24', 'float32'] as const)('WAV %s', async (format) => {
    const result = await analyzeUpload(encodeWavPcm(tone, 44100, format));
    expect(result).toMatchObject({ format: 'wav', sampleRate: 44100, channelCount: 2 });
    expect(result.loudnessLufs).toBeCloseTo(TONE_LUFS, 1);
    expect(result.bpm).toBeNull(); // a steady tone has no pulse
    await expectWellFormed(result, 3);
  });

  it('MP3 (made with encodeMp3): gapless length, same loudness', async () => {
    const result = await analyzeUpload(await encodeMp3(tone, 44100, 128));
    expect(result).toMatchObject({ format: 'mp3', sampleRate: 44100, channelCount: 2 });
    expect(result.loudnessLufs).toBeCloseTo(TONE_LUFS, 0);
    await expectWellFormed(result, 3);
  });

  // FLAC, AIFF and OGG are decoded by ffmpeg (and these samples made with it): CI installs ffmpeg,
  // a developer machine without it skips this test.
  it.skipIf(!ffmpeg)('FLAC, AIFF and OGG through ffmpeg', async () => {
    for (const format of ['flac', 'aiff', 'ogg'] as const) {
      const result = await analyzeUpload(await encodeWithFfmpeg(wav16, format));
      expect(result).toMatchObject({ format, sampleRate: 44100, channelCount: 2 });
      expect(result.loudnessLufs).toBeCloseTo(TONE_LUFS, 0);
      // Vorbis may pad the end by a few milliseconds.
      expect(Math.abs(result.durationS - 3)).toBeLessThan(format === 'ogg' ? 0.05 : 0.001);
      await expectWellFormed(result, result.durationS);
    }
  });

  it('5.1 at 48 kHz: six channels measured, a stereo preview', async () => {
    const six = sine(997, 2, 48000, 0.25, 6);
    const result = await analyzeUpload(encodeWavPcm(six, 48000, 'pcm24'));
    expect(result).toMatchObject({ format: 'wav', sampleRate: 48000, channelCount: 6 });
    // L, R, C at 1.0, LFE at 0, surrounds at 1.41: 10·log10(5.82) LU above one channel.
    expect(result.loudnessLufs).toBeCloseTo(20 * Math.log10(0.25) - 3.01 + 10 * Math.log10(5.82), 1);
    expect((await decodeMp3(result.previewMp3)).channels).toHaveLength(2);
    await expectWellFormed(result, 2);
  });

  it('96 kHz: the preview is resampled to 48 kHz; mono stays mono', async () => {
    const result = await analyzeUpload(encodeWavPcm(sine(997, 2, 96000, 0.5, 1), 96000, 'pcm24'));
    expect(result).toMatchObject({ sampleRate: 96000, channelCount: 1 });
    const preview = await decodeMp3(result.previewMp3);
    expect(preview.sampleRate).toBe(48000);
    expect(preview.channels).toHaveLength(1);
    await expectWellFormed(result, 2);
  });

  it('a demo loop uploaded as a loop gets its tempo', async () => {
    const spec = buildDemoCatalog().tracks.find((t) => t.key === 'loop-13') as DemoTrackSpec;
    const result = await analyzeUpload(encodeWav(renderTrackAudio(spec), SAMPLE_RATE), { kind: 'loop' });
    expect(Math.round(result.bpm as number)).toBe(spec.bpm);
  });
});

describe('analyzeUpload: rejected files', () => {
  it('a text file renamed to .wav, and random bytes: not_audio', async () => {
    await expectCode(new TextEncoder().encode('Not audio, whatever the name says.\n'.repeat(50)), 'not_audio');
    let seed = 5;
    const random = Uint8Array.from({ length: 50_000 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 16) & 0x7f;
    });
    await expectCode(random, 'not_audio');
  });

  it('a truncated WAV: corrupt, saying so', async () => {
    const error = await expectCode(truncated(wav16, 0.6), 'corrupt');
    expect(String(error.detail)).toMatch(/truncated/);
  });

  it('garbage after an MP3 frame header: corrupt', async () => {
    const mp3 = await encodeMp3(tone, 44100, 128);
    const garbage = new Uint8Array(40_000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
    garbage.set(mp3.subarray(0, 4)); // a valid first header, then noise
    await expectCode(garbage, 'corrupt');
    await expectCode(truncated(mp3, 0.01), 'corrupt');
  });

  it('0.5 s: too_short; 21 minutes: too_long (rejected from the header)', async () => {
    expect((await expectCode(encodeWavPcm(sine(997, 0.5, 44100, 0.5), 44100, 'pcm16'), 'too_short')).detail).toBe(0.5);
    const long = encodeWavPcm([new Float32Array(21 * 60 * 8000)], 8000, 'pcm16');
    expect((await expectCode(long, 'too_long')).detail).toBe(21 * 60);
  });

  it('4000 Hz: sample_rate; nine channels: channels', async () => {
    expect((await expectCode(encodeWavPcm(sine(440, 2, 4000, 0.5), 4000, 'pcm16'), 'sample_rate')).detail).toBe(4000);
    expect((await expectCode(encodeWavPcm(sine(440, 2, 8000, 0.5, 9), 8000, 'pcm16'), 'channels')).detail).toBe(9);
  });

  it('silence, and a tone far below the -70 LUFS gate: silent', async () => {
    await expectCode(encodeWavPcm(sine(997, 2, 44100, 0), 44100, 'pcm16'), 'silent');
    await expectCode(encodeWavPcm(sine(997, 2, 44100, 10 ** (-80 / 20)), 44100, 'float32'), 'silent');
  });

  it('FLAC, AIFF or OGG without ffmpeg: needs_ffmpeg, naming the format', async () => {
    const flac = new Uint8Array(1000);
    flac.set(new TextEncoder().encode('fLaC'));
    expect((await expectCode(flac, 'needs_ffmpeg', { ffmpegPath: null })).detail).toBe('flac');
    await expectCode(flac, 'needs_ffmpeg', { ffmpegPath: '/nonexistent/ffmpeg' });
  });

  // The FLAC is made by ffmpeg (see above); it is rejected from its STREAMINFO, before decoding.
  it.skipIf(!ffmpeg)('a 21-minute FLAC: too_long from its header', async () => {
    const flac = await encodeWithFfmpeg(encodeWavPcm([new Float32Array(21 * 60 * 8000)], 8000, 'pcm16'), 'flac');
    expect((await expectCode(flac, 'too_long', { ffmpegPath: '/nonexistent/ffmpeg' })).detail).toBe(21 * 60);
  });

  // Needs ffmpeg to fail on the damaged file (see above).
  it.skipIf(!ffmpeg)('a damaged FLAC: corrupt, with ffmpeg’s explanation', async () => {
    const flac = await encodeWithFfmpeg(wav16, 'flac');
    const broken = flac.slice(0, 200);
    const error = await expectCode(broken, 'corrupt');
    expect(String(error.detail).length).toBeGreaterThan(0);
  });
});
