import { describe, expect, it } from 'vitest';
import { degreeFrequency, degreeQuarterTones, getMaqam, MAQAMAT, noteFrequency } from './index.js';
import { arrangeTrack } from './render/render-track.js';
import { frequencyAtLeast, noteQuarterTones } from './theory/pitch.js';
import { renderDrone } from './voices/drone.js';
import { renderNeyPhrase } from './voices/ney.js';
import { OUD_STRING, QANUN_STRING, renderString } from './voices/pluck.js';
import { createRng } from './random.js';
import { cents, estimatePitch } from './testing/estimate-pitch.js';
import { shortLoop, shortMusic } from './testing/specs.js';

const SR = 44100;

describe('maqam tables', () => {
  it('has the quarter tones of the core maqamat', () => {
    const names = MAQAMAT.map((m) => m.name);
    for (const n of [
      'Rast',
      'Bayati',
      'Hijaz',
      'Saba',
      'Nahawand',
      'Kurd',
      'Sikah',
      'Ajam',
      'Huzam',
      'Nikriz',
      'Jiharkah',
    ])
      expect(names).toContain(n);
    const cents = (maqam: string): number[] =>
      [0, 1, 2, 3, 4, 5, 6, 7].map((d) => degreeQuarterTones(getMaqam(maqam), d) * 50);
    expect(cents('Rast')).toEqual([0, 200, 350, 500, 700, 900, 1050, 1200]);
    expect(cents('Bayati')).toEqual([0, 150, 300, 500, 700, 800, 1000, 1200]);
    expect(cents('Hijaz')).toEqual([0, 100, 400, 500, 700, 800, 1000, 1200]);
    expect(cents('Sikah')).toEqual([0, 150, 350, 550, 700, 850, 1050, 1200]);
    // Saba does not close at the octave: its eighth degree is a diminished octave.
    expect(cents('Saba')).toEqual([0, 150, 300, 400, 700, 800, 1000, 1100]);
    expect(degreeQuarterTones(getMaqam('Rast'), -1)).toBe(-3);
  });

  it('names half-flat tonics', () => {
    expect(noteQuarterTones('E half-flat')).toBe(7);
    expect(noteFrequency('A', 4)).toBeCloseTo(440, 9);
    expect(cents(noteFrequency('E half-flat', 3), noteFrequency('E', 3))).toBeCloseTo(-50, 9);
    expect(frequencyAtLeast('D', 98)).toBeCloseTo(146.832, 2);
  });

  it('every note of an arrangement is a degree of its maqam', () => {
    for (const spec of [
      shortMusic({ maqam: 'Sikah', tonic: 'E half-flat', instruments: ['Oud', 'Qanun', 'Ney'], targetDurationS: 12 }),
      shortLoop({ maqam: 'Saba', tonic: 'D', instruments: ['Qanun'], targetDurationS: 5 }),
    ]) {
      const maqam = getMaqam(spec.maqam);
      const allowed = new Set<number>();
      for (let d = -10; d <= 16; d++)
        allowed.add((((degreeQuarterTones(maqam, d) + noteQuarterTones(spec.tonic)) % 24) + 24) % 24);
      const notes = arrangeTrack(spec).notes;
      expect(notes.length).toBeGreaterThan(4);
      for (const note of notes) {
        const qt = 24 * Math.log2(note.freq / noteFrequency('C', 4));
        expect(Math.abs(qt - Math.round(qt))).toBeLessThan(1e-6);
        expect(allowed.has(((Math.round(qt) % 24) + 24) % 24)).toBe(true);
      }
    }
  });
});

describe('voices sound at the maqam pitches', () => {
  it('an oud note on the half-flat third of Rast is within 2 cents', () => {
    const expected = degreeFrequency(getMaqam('Rast'), noteFrequency('C', 3), 2); // E half-flat 3
    const out = new Float32Array(SR);
    renderString(
      { freq: expected, holdS: 0.9, plucks: [{ at: 0, velocity: 0.8 }] },
      OUD_STRING,
      out,
      0,
      1,
      SR,
      createRng(5),
    );
    const measured = estimatePitch(out, SR, expected, 4410, 8820);
    expect(Math.abs(cents(measured, expected))).toBeLessThan(2);
    // Clearly not the neighbouring semitones E or E flat.
    expect(Math.abs(cents(measured, noteFrequency('E', 3)))).toBeGreaterThan(40);
    expect(Math.abs(cents(measured, noteFrequency('Eb', 3)))).toBeGreaterThan(40);
  });

  it('qanun notes across the range are within 2 cents (tremolo re-plucks included)', () => {
    const maqam = getMaqam('Bayati');
    for (const degree of [-2, 1, 5, 8]) {
      const expected = degreeFrequency(maqam, noteFrequency('D', 4), degree);
      const out = new Float32Array(SR);
      const plucks = [0, 0.08, 0.16, 0.24].map((at) => ({ at, velocity: 0.7 }));
      renderString({ freq: expected, holdS: 0.9, plucks }, QANUN_STRING, out, 0, 1, SR, createRng(degree + 10));
      const measured = estimatePitch(out, SR, expected, 13230, 6000);
      expect(Math.abs(cents(measured, expected))).toBeLessThan(2);
    }
  });

  it('a held ney note centres on its pitch (vibrato averages out)', () => {
    const expected = degreeFrequency(getMaqam('Sikah'), frequencyAtLeast('E half-flat', 196), 1);
    const out = new Float32Array(SR * 2);
    renderNeyPhrase([{ at: 0, durS: 1.8, freq: expected, velocity: 0.8, legato: false }], out, 0, 1, SR, createRng(2));
    const measured = estimatePitch(out, SR, expected, 8820, 512);
    expect(Math.abs(cents(measured, expected))).toBeLessThan(25);
    const settled = estimatePitch(out, SR, expected, 6000, 2000);
    expect(Math.abs(cents(settled, expected))).toBeLessThan(12);
  });

  it('a loop drone is exactly periodic and close to tonic and fifth', () => {
    const period = 44100 * 3 + 17;
    const left = new Float32Array(period * 2);
    const right = new Float32Array(period * 2);
    const tonic = noteFrequency('D', 2);
    renderDrone(
      { voices: [{ freq: tonic, level: 1 }], fadeInS: 0, fadeOutS: 0, periodSamples: period },
      left,
      right,
      0,
      period * 2,
      1,
      SR,
    );
    for (let i = 0; i < period; i += 997) expect(left[i + period]).toBeCloseTo(left[i] as number, 3);
    const measured = estimatePitch(left, SR, tonic, 1000, 8000);
    expect(Math.abs(cents(measured, tonic))).toBeLessThan(6);
  });
});
