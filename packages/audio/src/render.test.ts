import { describe, expect, it } from 'vitest';
import { decodeMp3, decodeWav, renderTrack } from './index.js';
import { shortLoop, shortMusic } from './testing/specs.js';

const CEILING = 10 ** (-1 / 20);

describe('renderTrack', () => {
  it('renders music with sane levels: peak ≤ -1 dBFS, no DC, not too quiet', async () => {
    const spec = shortMusic({
      instruments: ['Oud', 'Ney', 'Frame Drum', 'Drone'],
      maqam: 'Hijaz',
      tonic: 'D',
      iqa: 'Ayyub',
      bpm: 100,
      targetDurationS: 8,
    });
    const rendered = await renderTrack(spec);
    const { channels, sampleRate } = decodeWav(rendered.wav);
    expect(sampleRate).toBe(44100);
    expect(channels).toHaveLength(2);
    expect(rendered.durationS).toBe((channels[0]?.length ?? 0) / 44100);
    expect(rendered.durationS).toBeGreaterThan(6);
    expect(rendered.durationS).toBeLessThan(14);
    expect(rendered.bpm).toBe(100);
    for (const x of channels) {
      let peak = 0;
      let sum = 0;
      let squares = 0;
      for (const v of x) {
        peak = Math.max(peak, Math.abs(v));
        sum += v;
        squares += v * v;
      }
      expect(peak).toBeLessThanOrEqual(CEILING);
      expect(Math.abs(sum / x.length)).toBeLessThan(1e-3);
      expect(20 * Math.log10(Math.sqrt(squares / x.length))).toBeGreaterThan(-24);
    }
    // It ends in silence after the reverb tail.
    const last = channels[0]?.subarray(-441) ?? new Float32Array();
    expect(Math.max(...Array.from(last, Math.abs))).toBeLessThan(0.01);
  });

  it('is deterministic: the same spec gives identical bytes, another seed differs', async () => {
    const spec = shortLoop({
      instruments: ['Qanun', 'Riq'],
      maqam: 'Bayati',
      tonic: 'D',
      iqa: 'Malfuf',
      bpm: 120,
      targetDurationS: 4,
    });
    const a = await renderTrack(spec);
    const b = await renderTrack({ ...spec });
    expect(Buffer.from(a.wav).equals(Buffer.from(b.wav))).toBe(true);
    expect(Buffer.from(a.mp3).equals(Buffer.from(b.mp3))).toBe(true);
    expect(a.peaks).toEqual(b.peaks);
    const c = await renderTrack({ ...spec, seed: spec.seed + 1 });
    expect(Buffer.from(a.wav).equals(Buffer.from(c.wav))).toBe(false);
    expect(c.durationS).toBe(a.durationS);
  });

  it('keeps the MP3 preview under -1 dBFS too (bright riq jingles overshoot in MP3 coding)', async () => {
    const rendered = await renderTrack(
      shortLoop({ instruments: ['Riq'], iqa: 'Maqsum', bpm: 114, targetDurationS: 4.2 }),
    );
    const decoded = await decodeMp3(rendered.mp3);
    let peak = 0;
    for (const x of decoded.channels) for (const v of x) peak = Math.max(peak, Math.abs(v));
    expect(peak).toBeLessThanOrEqual(CEILING);
    expect(peak).toBeGreaterThan(CEILING * 0.7);
  });
});
