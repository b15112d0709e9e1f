import { describe, expect, it } from 'vitest';
import { decodeWav, getIqa, loopBars, loopSampleCount, renderTrack, type DemoTrackSpec } from './index.js';
import { foldLoop } from './dsp/master.js';
import { createRng } from './random.js';
import { renderScore } from './render/render-score.js';
import { shortLoop } from './testing/specs.js';

const LOOPS: DemoTrackSpec[] = [
  shortLoop({ instruments: ['Darbuka'], iqa: 'Maqsum', bpm: 96, targetDurationS: 5 }),
  shortLoop({
    instruments: ['Oud', 'Darbuka'],
    maqam: 'Hijaz',
    tonic: 'D',
    iqa: 'Baladi',
    bpm: 100,
    targetDurationS: 4.8,
  }),
  shortLoop({
    instruments: ['Qanun'],
    maqam: 'Rast',
    tonic: 'C',
    iqa: "Sama'i Thaqil",
    bpm: 171,
    targetDurationS: 3.5,
  }),
  shortLoop({
    instruments: ['Ney', 'Drone'],
    maqam: 'Saba',
    tonic: 'D',
    iqa: 'Karsilama',
    bpm: 213,
    genres: ['Ambient'],
    moods: ['Meditative'],
    targetDurationS: 5,
  }),
  shortLoop({ instruments: ['Riq', 'Frame Drum'], iqa: 'Malfuf', bpm: 127, targetDurationS: 3.8 }),
];

function jumps(x: Float32Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < x.length; i++) out.push(Math.abs((x[i] as number) - (x[i - 1] as number)));
  return out.sort((a, b) => a - b);
}

describe('loops', () => {
  for (const spec of LOOPS) {
    it(`${spec.instruments.join(' & ')} ${spec.iqa} ${spec.bpm} BPM: exact length, seamless wrap`, async () => {
      const rendered = await renderTrack(spec);
      const { channels } = decodeWav(rendered.wav);
      const iqa = getIqa(spec.iqa);
      const bars = loopBars(spec);
      const expected = Math.round(((bars * iqa.beatsPerBar * 60) / spec.bpm) * 44100);
      expect(bars).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(bars)).toBe(true);
      expect(loopSampleCount(spec, 44100)).toBe(expected);
      expect(channels[0]?.length).toBe(expected);
      expect(rendered.durationS).toBe(expected / 44100);
      expect(rendered.bpm).toBe(spec.bpm);

      // The audition file: 16-bit WAV of exactly loopSampleCount samples, seamless at the wrap too.
      const audition = decodeWav(rendered.audition!);
      expect(audition.sampleRate).toBe(44100);
      expect(audition.channels.length).toBe(2);
      for (const x of audition.channels) {
        expect(x.length).toBe(expected);
        const inside = jumps(x);
        const wrap = Math.abs((x[0] as number) - (x[x.length - 1] as number));
        expect(wrap).toBeLessThanOrEqual(inside[Math.floor(inside.length * 0.999)] as number);
      }

      for (const x of channels) {
        const inside = jumps(x);
        const wrap = Math.abs((x[0] as number) - (x[x.length - 1] as number));
        const p99 = inside[Math.floor(inside.length * 0.99)] as number;
        expect(wrap).toBeLessThanOrEqual(p99);
        // The decay of the end rings on into the start: the first 5 ms are not silent.
        let head = 0;
        for (let i = 0; i < 220; i++) head = Math.max(head, Math.abs(x[i] as number));
        expect(head).toBeGreaterThan(1e-4);
      }
    });
  }
});

describe('loop folding', () => {
  it('adds everything past the period back onto the start', () => {
    const folded = foldLoop(Float32Array.from([1, 2, 3, 4, 5, 6, 7]), 3);
    expect(Array.from(folded)).toEqual([1 + 4 + 7, 2 + 5, 3 + 6]);
  });

  it('a note near the end of a loop rings on into its start, without a seam', () => {
    const period = 44100 * 2;
    const channels = renderScore(
      {
        lengthS: 2,
        loopSamples: period,
        notes: [{ voice: 'qanun', at: 1.6, durS: 1, freq: 293.66, velocity: 0.9 }],
        hits: [],
        drumTuneHz: 73.4,
        space: 'hall',
      },
      createRng(3),
      44100,
    );
    for (const x of channels) {
      expect(x.length).toBe(period);
      let peak = 0;
      for (const v of x) peak = Math.max(peak, Math.abs(v));
      // Nothing starts before 1.6 s, yet the first 100 ms carry the note's decay and reverb.
      let head = 0;
      for (let i = 0; i < 4410; i++) head = Math.max(head, Math.abs(x[i] as number));
      expect(head).toBeGreaterThan(0.1 * peak);
      const inside = jumps(x);
      expect(Math.abs((x[0] as number) - (x[period - 1] as number))).toBeLessThanOrEqual(
        inside[Math.floor(inside.length * 0.99)] as number,
      );
    }
  });
});
