import { describe, expect, it } from 'vitest';
import {
  clampBpm,
  cycleOffset,
  gridDrift,
  loopBeats,
  noteSemitones,
  semitonesToTonic,
  stretchTempo,
  targetFrames,
} from './timing';

describe('audition timing', () => {
  it('reads note names with sharps, flats and Arabic half-flats', () => {
    expect(noteSemitones('C')).toBe(0);
    expect(noteSemitones('D')).toBe(2);
    expect(noteSemitones('Bb')).toBe(10);
    expect(noteSemitones('F#')).toBe(6);
    expect(noteSemitones('Cb')).toBe(11);
    expect(noteSemitones('E half-flat')).toBe(3.5);
    expect(noteSemitones('H')).toBeNull();
  });

  it('transposes to the project tonic the shortest way', () => {
    expect(semitonesToTonic('D', 'D')).toBe(0);
    expect(semitonesToTonic('D', 'E')).toBe(2);
    expect(semitonesToTonic('D', 'C')).toBe(-2);
    // A to C: up 3, not down 9; C to A: down 3, not up 9.
    expect(semitonesToTonic('A', 'C')).toBe(3);
    expect(semitonesToTonic('C', 'A')).toBe(-3);
    expect(semitonesToTonic('G', 'C')).toBe(5);
    expect(semitonesToTonic('C', 'G')).toBe(-5);
    // The tritone goes up.
    expect(semitonesToTonic('C', 'F#')).toBe(6);
    expect(semitonesToTonic('F#', 'C')).toBe(6);
    // Across the octave line: B to C is one up, C to B one down.
    expect(semitonesToTonic('B', 'C')).toBe(1);
    expect(semitonesToTonic('C', 'B')).toBe(-1);
    expect(semitonesToTonic('E half-flat', 'D')).toBe(-1.5);
    for (const from of ['C', 'Eb', 'F#', 'A', 'B'])
      for (const to of ['C', 'D', 'E', 'G', 'Bb']) {
        const shift = semitonesToTonic(from, to);
        expect(shift).toBeGreaterThan(-6);
        expect(shift).toBeLessThanOrEqual(6);
        expect((((noteSemitones(from)! + shift - noteSemitones(to)!) % 12) + 12) % 12).toBe(0);
      }
  });

  it('leaves a loop alone when a tonic is unknown or not asked for', () => {
    expect(semitonesToTonic(null, 'D')).toBe(0);
    expect(semitonesToTonic('D', null)).toBe(0);
    expect(semitonesToTonic('not a note', 'D')).toBe(0);
  });

  it('counts whole beats in a loop and the exact target length at the project tempo', () => {
    // Two bars of Maqsum (4/4) at 96 BPM: 5 s.
    expect(loopBeats(5, 96)).toBe(8);
    // A stored duration rounded to 0.01 s still gives the whole beats.
    expect(loopBeats(4.99, 96)).toBe(8);
    expect(loopBeats(0.1, 60)).toBe(1);
    expect(targetFrames(8, 120, 48000)).toBe(192000);
    expect(targetFrames(8, 96, 44100)).toBe(220500);
    // 10 beats at 137 BPM at 48 kHz: 210 218.978… → 210 219, rounded once.
    expect(targetFrames(10, 137, 48000)).toBe(210219);
  });

  it('stretches by the ratio of the sample counts (faster project: tempo above 1)', () => {
    const source = targetFrames(8, 96, 48000);
    expect(stretchTempo(source, targetFrames(8, 120, 48000))).toBeCloseTo(120 / 96, 9);
    expect(stretchTempo(source, targetFrames(8, 80, 48000))).toBeCloseTo(80 / 96, 9);
    expect(stretchTempo(source, source)).toBe(1);
  });

  it('clamps a typed tempo into 40–240 BPM, whole numbers', () => {
    expect(clampBpm(10)).toBe(40);
    expect(clampBpm(999)).toBe(240);
    expect(clampBpm(121.6)).toBe(122);
    expect(clampBpm(Number.NaN)).toBe(100);
  });

  it('starts an added layer at its place in the running cycle', () => {
    // Started at t = 2 s; 1.5 s later a 1 s loop is half-way through its second cycle.
    expect(cycleOffset(3.5, 2, 48000, 48000)).toBeCloseTo(0.5, 9);
    expect(cycleOffset(1, 2, 48000, 48000)).toBe(0);
  });

  it('keeps stacked layers within a fraction of a millisecond of the grid after a minute', () => {
    const rate = 48000;
    const bpm = 137;
    const a = targetFrames(8, bpm, rate);
    const b = targetFrames(10, bpm, rate);
    const drift = Math.abs(gridDrift(a, 8, bpm, rate, 60) - gridDrift(b, 10, bpm, rate, 60));
    // Each cycle is off the grid by under half a sample: ≤ cycles/2 samples after 60 s.
    expect(drift).toBeLessThan(0.001);
  });
});
