import { describe, expect, it } from 'vitest';
import { stretchLoop } from './stretch';
import { stretchTempo, targetFrames } from './timing';

const RATE = 48000;

/** A loop of `beats` beats at `bpm`: a 660 Hz burst on each beat over a quiet 220 Hz hum. */
function clickLoop(beats: number, bpm: number): Float32Array {
  const frames = targetFrames(beats, bpm, RATE);
  const beat = frames / beats;
  const x = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const sinceBeat = i % beat;
    x[i] =
      0.05 * Math.sin((2 * Math.PI * 220 * i) / RATE) +
      0.8 * Math.exp(-sinceBeat / 2400) * Math.sin((2 * Math.PI * 660 * sinceBeat) / RATE);
  }
  return x;
}

/** For each of `beats` beats: the frame of the sharpest rise of short-time energy within half a beat of it. */
function onsets(x: Float32Array, beats: number): number[] {
  const win = 128;
  const energy: number[] = [];
  for (let i = 0; i + win <= x.length; i += win) {
    let e = 0;
    for (let j = i; j < i + win; j++) e += (x[j] as number) ** 2;
    energy.push(e);
  }
  const perBeat = energy.length / beats;
  return Array.from({ length: beats }, (_, b) => {
    let best = 0;
    let bestRise = -Infinity;
    for (let k = Math.round((b - 0.5) * perBeat); k < Math.round((b + 0.5) * perBeat); k++) {
      const at = (k + energy.length) % energy.length;
      const rise = (energy[at] as number) - (energy.at(at - 1) as number);
      if (rise > bestRise) [best, bestRise] = [k, rise];
    }
    return best * win;
  });
}

/** Zero crossings per second / 2. */
function frequency(x: Float32Array): number {
  let crossings = 0;
  for (let i = 1; i < x.length; i++) if ((x[i - 1] as number) < 0 !== (x[i] as number) < 0) crossings++;
  return crossings / 2 / (x.length / RATE);
}

function stepsSorted(x: Float32Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < x.length; i++) out.push(Math.abs((x[i] as number) - (x[i - 1] as number)));
  return out.sort((a, b) => a - b);
}

describe('stretchLoop (SoundTouch)', () => {
  it('makes exactly the target length, with the beats on the project grid', () => {
    const source = clickLoop(8, 96);
    const frames = targetFrames(8, 120, RATE);
    const [left, right] = stretchLoop([source, source], {
      tempo: stretchTempo(source.length, frames),
      semitones: 0,
      frames,
    });
    expect(left.length).toBe(frames);
    expect(right.length).toBe(frames);
    const found = onsets(left, 8);
    const beat = frames / 8;
    // Each burst within 15 ms of its beat at 120 BPM (WSOLA moves a segment by up to its seek
    // window), and no lag overall: the stretcher's latency is not in the result.
    const offsets = found.map((at, i) => at - i * beat);
    for (const offset of offsets) expect(Math.abs(offset)).toBeLessThan(0.015 * RATE);
    expect(Math.abs(offsets.reduce((a, b) => a + b, 0) / offsets.length)).toBeLessThan(0.003 * RATE);
  });

  it('keeps the pitch when it changes the tempo, and transposes by semitones when asked', () => {
    const frames = RATE; // 1 s
    const tone = new Float32Array(RATE);
    for (let i = 0; i < RATE; i++) tone[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE);
    const slower = targetFrames(2, 60 * 0.8, RATE);
    const [stretched] = stretchLoop([tone], { tempo: stretchTempo(frames, slower), semitones: 0, frames: slower });
    expect(stretched.length).toBe(slower);
    expect(frequency(stretched)).toBeGreaterThan(435);
    expect(frequency(stretched)).toBeLessThan(445);
    const [up] = stretchLoop([tone], { tempo: 1, semitones: 2, frames });
    expect(up.length).toBe(frames);
    // 440 Hz × 2^(2/12) = 493.9 Hz
    expect(frequency(up)).toBeGreaterThan(489);
    expect(frequency(up)).toBeLessThan(499);
  });

  it('closes the seam: the step from the last frame to the first is like any other step', () => {
    const source = clickLoop(8, 96);
    const frames = targetFrames(8, 104, RATE);
    for (const semitones of [0, -3]) {
      const [left] = stretchLoop([source], { tempo: stretchTempo(source.length, frames), semitones, frames });
      const wrap = Math.abs((left[0] as number) - (left[frames - 1] as number));
      const steps = stepsSorted(left);
      expect(wrap).toBeLessThanOrEqual(steps[Math.floor(steps.length * 0.999)] as number);
    }
  });

  it('copies a loop that needs nothing done', () => {
    const source = clickLoop(4, 100);
    const [left] = stretchLoop([source], { tempo: 1, semitones: 0, frames: source.length });
    expect(Array.from(left.subarray(0, 100))).toEqual(Array.from(source.subarray(0, 100)));
  });
});
