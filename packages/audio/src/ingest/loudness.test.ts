import { describe, expect, it } from 'vitest';
import { sine } from '../testing/audio-fixtures.js';
import { channelWeights, measureLoudness } from './loudness.js';

const lufs = (channels: Float32Array[], rate: number): number => {
  const value = measureLoudness(channels, rate);
  if (value === null) throw new Error('no loudness');
  return value;
};

describe('measureLoudness (ITU-R BS.1770-4)', () => {
  // BS.1770 calibrates K-weighting so that a full-scale ~1 kHz sine in one channel reads -3.01 LUFS;
  // channels add in power, so the same sine in both channels of a stereo file reads 3.01 LU more
  // (EBU Tech 3341 case 1: a -23 dBFS stereo sine reads -23 LUFS).
  it('reads a full-scale 997 Hz sine as -3.01 LUFS per channel', () => {
    expect(lufs(sine(997, 5, 48000, 1, 1), 48000)).toBeCloseTo(-3.01, 1);
    expect(lufs(sine(997, 5, 48000, 1, 2), 48000)).toBeCloseTo(0, 1);
  });

  it('reads a -20 dBFS 1 kHz sine as -23.0 LUFS in one channel and -20.0 LUFS in stereo', () => {
    const amplitude = 10 ** (-20 / 20);
    expect(lufs(sine(1000, 5, 44100, amplitude, 1), 44100)).toBeCloseTo(-23.0, 1);
    expect(lufs(sine(1000, 5, 44100, amplitude, 2), 44100)).toBeCloseTo(-20.0, 1);
    expect(lufs(sine(1000, 5, 48000, 10 ** (-23 / 20), 2), 48000)).toBeCloseTo(-23.0, 1);
  });

  it('does not depend on the sample rate (filters derived by the bilinear transform)', () => {
    for (const freq of [60, 997, 5000]) {
      const reference = lufs(sine(freq, 4, 48000, 0.5), 48000);
      for (const rate of [44100, 32000, 96000])
        expect(Math.abs(lufs(sine(freq, 4, rate, 0.5), rate) - reference)).toBeLessThan(0.1);
    }
  });

  it('applies K-weighting: the same level reads louder at 5 kHz and much quieter at 30 Hz', () => {
    const at = (freq: number): number => lufs(sine(freq, 4, 48000, 0.5, 1), 48000);
    expect(at(5000) - at(997)).toBeGreaterThan(3);
    expect(at(997) - at(30)).toBeGreaterThan(3);
  });

  it('gates silence and quiet passages', () => {
    expect(measureLoudness(sine(997, 3, 48000, 0, 2), 48000)).toBeNull();
    expect(measureLoudness(sine(997, 0.3, 48000, 1, 2), 48000)).toBeNull(); // shorter than one block
    // 3 s at -20 dBFS then 3 s at -60 dBFS: the quiet half falls under the relative gate, so the
    // result stays near the loud half's (only the blocks straddling the change lower it a little)
    // instead of dropping 3 LU, as an ungated mean would.
    const loud = sine(1000, 3, 48000, 0.1, 1)[0]!;
    const quiet = sine(1000, 3, 48000, 0.001, 1)[0]!;
    const mixed = new Float32Array(loud.length + quiet.length);
    mixed.set(loud);
    mixed.set(quiet, loud.length);
    expect(Math.abs(lufs([mixed], 48000) - lufs([loud], 48000))).toBeLessThan(0.5);
  });

  it('weights surround channels 1.41 and ignores the LFE of 5.1', () => {
    expect(channelWeights(2)).toEqual([1, 1]);
    expect(channelWeights(6)).toEqual([1, 1, 1, 0, 1.41, 1.41]);
  });
});
