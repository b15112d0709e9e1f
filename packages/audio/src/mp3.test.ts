import { describe, expect, it } from 'vitest';
import { computePeaks, decodeMp3, decodeWav, encodeMp3, renderTrack } from './index.js';
import { mixToMono } from './analysis/peaks.js';
import { countFrames, parseFrameHeader } from './codecs/mp3-frame-header.js';
import { crc16 } from './codecs/mp3-info-frame.js';
import { createRng } from './random.js';
import { pearson } from './testing/estimate-pitch.js';
import { shortMusic } from './testing/specs.js';

function noiseBursts(n: number, seed: number): Float32Array {
  const rng = createRng(seed);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (rng.next() - 0.5) * (Math.floor(i / 4410) % 3 === 0 ? 0.8 : 0.05);
  return out;
}

describe('MP3', () => {
  it('encodes 128 kbps CBR with a LAME Info frame and decodes gaplessly to the exact length and alignment', async () => {
    const n = 44100 * 2 + 123;
    const left = noiseBursts(n, 1);
    const right = noiseBursts(n, 2);
    const mp3 = await encodeMp3([left, right], 44100);
    const first = parseFrameHeader(mp3, 0);
    expect(first).not.toBeNull();
    expect(first?.sampleRate).toBe(44100);
    const tagAt = 4 + (first?.sideInfoBytes ?? 0);
    expect(String.fromCharCode(...mp3.subarray(tagAt, tagAt + 4))).toBe('Info');
    const lame = tagAt + 120;
    expect(String.fromCharCode(...mp3.subarray(lame, lame + 4))).toBe('LAME');
    expect((mp3[lame + 34]! << 8) | mp3[lame + 35]!).toBe(crc16(mp3, 0, lame + 34));
    const audioFrames = countFrames(mp3) - 1;
    expect(new DataView(mp3.buffer, mp3.byteOffset).getUint32(tagAt + 8)).toBe(audioFrames);
    // Average bitrate of the audio frames.
    const kbps = ((mp3.length - (first?.frameBytes ?? 0)) * 8) / ((audioFrames * 1152) / 44100) / 1000;
    expect(kbps).toBeGreaterThan(125);
    expect(kbps).toBeLessThan(131);

    const decoded = await decodeMp3(mp3);
    expect(decoded.sampleRate).toBe(44100);
    expect(decoded.channels).toHaveLength(2);
    expect(decoded.channels[0]?.length).toBe(n);
    expect(decoded.durationS).toBeCloseTo(n / 44100, 6);
    // No delay left: the decoded noise lines up with the input at lag 0.
    const x = decoded.channels[0] as Float32Array;
    const corr = (lag: number): number => {
      let s = 0;
      for (let i = 5000; i < 15000; i++) s += (x[i + lag] as number) * (left[i] as number);
      return s;
    };
    const lags = [-1105, -576, -529, -1, 0, 1, 529, 576, 1105];
    const best = lags.reduce((a, b) => (corr(b) > corr(a) ? b : a));
    expect(best).toBe(0);
  });

  it('handles mono and very short input', async () => {
    const decoded = await decodeMp3(await encodeMp3([noiseBursts(1000, 3)], 44100));
    expect(decoded.channels).toHaveLength(1);
    expect(decoded.channels[0]?.length).toBe(1000);
  });

  it('rejects unsupported bitrates and channel counts', async () => {
    await expect(encodeMp3([new Float32Array(10)], 44100, 100)).rejects.toThrow(/bitrate/);
    await expect(encodeMp3([], 44100)).rejects.toThrow(/channels/);
  });

  it('the preview of a rendered track has its duration and its shape', async () => {
    const rendered = await renderTrack(shortMusic({ instruments: ['Qanun', 'Riq'], targetDurationS: 5 }));
    const decoded = await decodeMp3(rendered.mp3);
    expect(Math.abs(decoded.durationS - rendered.durationS)).toBeLessThan(0.1);
    const { channels } = decodeWav(rendered.wav);
    expect(channels[0]?.length).toBe(Math.round(rendered.durationS * 44100));
    const r = pearson(computePeaks(mixToMono(decoded.channels)), computePeaks(mixToMono(channels)));
    expect(r).toBeGreaterThan(0.9);
    expect(pearson(rendered.peaks, computePeaks(mixToMono(decoded.channels)))).toBeGreaterThan(0.9);
  });
});
