import { describe, expect, it } from 'vitest';
import { computePeaks, decodeWav, renderTrack } from './index.js';
import { mixToMono } from './analysis/peaks.js';
import { shortLoop } from './testing/specs.js';

describe('computePeaks', () => {
  it('returns 500 values in [0, 1] with the loudest bucket at 1, rounded to 3 decimals', () => {
    const samples = Float32Array.from({ length: 44100 }, (_, i) => Math.sin(i / 7) * (i / 44100));
    const peaks = computePeaks(samples);
    expect(peaks).toHaveLength(500);
    expect(Math.max(...peaks)).toBe(1);
    expect(Math.min(...peaks)).toBeGreaterThanOrEqual(0);
    for (const p of peaks) expect(Math.round(p * 1000) / 1000).toBe(p);
    // A linear ramp of loudness gives rising peaks.
    expect(peaks[50]).toBeLessThan(peaks[250] as number);
    expect(peaks[250]).toBeLessThan(peaks[450] as number);
  });

  it('shows a silent section as ~0 and a loud one as high', () => {
    const samples = new Float32Array(100_000);
    for (let i = 50_000; i < 100_000; i++) samples[i] = 0.6 * Math.sin(i / 5);
    const peaks = computePeaks(samples);
    expect(Math.max(...peaks.slice(0, 245))).toBe(0);
    expect(Math.min(...peaks.slice(255))).toBeGreaterThan(0.9);
  });

  it('uses the maximum absolute value (negative peaks count) and honours count', () => {
    const samples = new Float32Array(1000);
    samples[10] = -0.5;
    samples[990] = 0.25;
    const peaks = computePeaks(samples, 10);
    expect(peaks).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5]);
  });

  it('copes with fewer samples than buckets and with silence', () => {
    expect(computePeaks(Float32Array.from([0.5, -1]), 4)).toEqual([0.5, 0.5, 1, 1]);
    expect(computePeaks(new Float32Array(2000))).toEqual(new Array(500).fill(0));
  });

  it('agrees with the rendered audio', async () => {
    const rendered = await renderTrack(
      shortLoop({ instruments: ['Darbuka'], iqa: 'Maqsum', bpm: 120, targetDurationS: 4 }),
    );
    const { channels } = decodeWav(rendered.wav);
    const fromWav = computePeaks(mixToMono(channels));
    expect(rendered.peaks).toHaveLength(500);
    for (let i = 0; i < 500; i++)
      expect(Math.abs((rendered.peaks[i] as number) - (fromWav[i] as number))).toBeLessThan(0.01);
  });
});
