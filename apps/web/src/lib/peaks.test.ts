import { describe, expect, it } from 'vitest';
import { randomPeaks, resamplePeaks } from './peaks';

describe('resamplePeaks', () => {
  it('keeps the loudest of each bucket, within 0…1', () => {
    expect(resamplePeaks([0.1, 0.5, -0.9, 0.2, 0.3, 0.4], 3)).toEqual([0.5, 0.9, 0.4]);
  });

  it('scales data beyond 1 to 0…1 and keeps shorter data as it is', () => {
    expect(resamplePeaks([50, -100, 25], 10)).toEqual([0.5, 1, 0.25]);
    expect(resamplePeaks([0.2, 0.4], 5)).toEqual([0.2, 0.4]);
  });

  it('draws nothing without peaks or bars', () => {
    expect(resamplePeaks([], 10)).toEqual([]);
    expect(resamplePeaks([0.5], 0)).toEqual([]);
  });

  it('reads long data without spreading it into arguments', () => {
    expect(
      resamplePeaks(
        Array.from({ length: 200_000 }, (_, i) => (i === 7 ? 2 : 1)),
        2,
      ),
    ).toEqual([1, 0.5]);
  });
});

describe('randomPeaks', () => {
  it('gives a track without peaks the same 100 bars between 0.05 and 0.95 each time', () => {
    const bars = randomPeaks(42);
    expect(bars).toHaveLength(100);
    expect(bars.every((value) => value >= 0.05 && value <= 0.95)).toBe(true);
    expect(randomPeaks(42)).toEqual(bars);
    expect(randomPeaks(43)).not.toEqual(bars);
  });
});
