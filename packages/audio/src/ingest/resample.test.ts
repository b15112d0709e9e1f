import { describe, expect, it } from 'vitest';
import { estimatePitch } from '../testing/estimate-pitch.js';
import { sine } from '../testing/audio-fixtures.js';
import { resample } from './resample.js';

function rms(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (x[i] as number) ** 2;
  return Math.sqrt(sum / (to - from));
}

describe('resample', () => {
  it.each([
    [96000, 44100],
    [88200, 44100],
    [192000, 48000],
    [22050, 44100],
  ])('%i Hz → %i Hz keeps length, pitch and level of a 1 kHz tone', (from, to) => {
    const [input] = sine(1000, 0.5, from, 0.5, 1) as [Float32Array];
    const [out] = resample([input], from, to) as [Float32Array];
    expect(out.length).toBe(Math.round((input.length * to) / from));
    expect(estimatePitch(out, to, 1000, 2000, 4000)).toBeCloseTo(1000, 0);
    // Away from the edges, the level is unchanged (0.5 / √2).
    expect(rms(out, 1000, out.length - 1000)).toBeCloseTo(0.5 / Math.SQRT2, 3);
  });

  it('removes content above the new Nyquist frequency instead of aliasing it', () => {
    const [input] = sine(30000, 0.5, 96000, 0.5, 1) as [Float32Array];
    const [out] = resample([input], 96000, 44100) as [Float32Array];
    expect(rms(out, 1000, out.length - 1000)).toBeLessThan(0.5 * 10 ** (-60 / 20));
  });
});
