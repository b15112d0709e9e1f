import { describe, expect, it } from 'vitest';
import { encodeMp3 } from '../codecs/mp3-encode.js';
import { encodeWavPcm, encodeWithFfmpeg, sine } from '../testing/audio-fixtures.js';
import { findFfmpeg } from './ffmpeg.js';
import { probeHeader } from './probe.js';

const ffmpeg = await findFfmpeg();

describe('probeHeader', () => {
  it('reads WAV and MP3 headers', async () => {
    const tone = sine(440, 2.5, 48000, 0.5, 1);
    expect(probeHeader(encodeWavPcm(tone, 48000, 'pcm24'), 'wav')).toEqual({
      sampleRate: 48000,
      channels: 1,
      durationS: 2.5,
      bitsPerSample: 24,
    });
    const mp3 = probeHeader(await encodeMp3(sine(440, 2.5, 44100, 0.5), 44100, 128), 'mp3');
    expect(mp3).toMatchObject({ sampleRate: 44100, channels: 2 });
    expect(Math.abs((mp3?.durationS ?? 0) - 2.5)).toBeLessThan(0.1);
  });

  // The FLAC, AIFF and OGG samples are made by ffmpeg (CI installs it).
  it.skipIf(!ffmpeg)('reads FLAC STREAMINFO, AIFF COMM and the OGG identification header', async () => {
    const wav = encodeWavPcm(sine(440, 2.5, 32000, 0.5, 3), 32000, 'pcm16');
    for (const format of ['flac', 'aiff', 'ogg'] as const) {
      const header = probeHeader(await encodeWithFfmpeg(wav, format), format);
      expect(header).toMatchObject({ sampleRate: 32000, channels: 3 });
      if (format !== 'ogg') expect(header?.bitsPerSample).toBe(16);
      expect(Math.abs((header?.durationS ?? 0) - 2.5)).toBeLessThan(0.01);
    }
  });

  it('gives null for headers it cannot read', () => {
    const junk = new Uint8Array(64);
    junk.set(new TextEncoder().encode('fLaC'));
    junk[4] = 0x05; // not STREAMINFO first
    expect(probeHeader(junk, 'flac')).toBeNull();
    expect(probeHeader(new TextEncoder().encode('OggS but nothing else, not even a page'), 'ogg')).toBeNull();
  });
});
