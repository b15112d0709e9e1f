import { describe, expect, it } from 'vitest';
import { degreeFrequency, getMaqam, MAQAMAT } from './theory/maqam.js';
import { noteFrequency } from './theory/pitch.js';
import { degreeKeys, keyboardMapping, maqamCents, scalaScale, tonicMidiNote } from './theory/tuning.js';

/** A Scala .scl reader as synths read it: comments skipped, description, count, then pitches (cents or ratios). */
function parseScl(text: string): { description: string; cents: number[] } {
  const lines = text.split('\n').filter((l) => !l.startsWith('!') && l.trim() !== '' /* the format allows none here */);
  const [description = '', countLine = '', ...pitches] = lines;
  const count = Number(countLine.trim());
  const cents = pitches.slice(0, count).map((line) => {
    const token = line.trim().split(/\s+/)[0]!;
    if (token.includes('.')) return Number(token);
    const [n, d = '1'] = token.split('/');
    return 1200 * Math.log2(Number(n) / Number(d));
  });
  expect(cents).toHaveLength(count);
  return { description, cents };
}

/** A .kbm reader: the seven header numbers, then the mapping (x = unmapped). */
function parseKbm(text: string) {
  const values = text.split('\n').filter((l) => !l.startsWith('!') && l.trim() !== '');
  const [size, first, last, middle, reference, frequency, octaveDegree, ...map] = values;
  return {
    size: Number(size),
    first: Number(first),
    last: Number(last),
    middle: Number(middle),
    reference: Number(reference),
    frequency: Number(frequency),
    octaveDegree: Number(octaveDegree),
    map: map.map((m) => (m.trim() === 'x' ? null : Number(m))),
  };
}

/** Frequency a synth plays for a MIDI key under .scl + .kbm (the Scala mapping rule). */
function keyFrequency(scl: ReturnType<typeof parseScl>, kbm: ReturnType<typeof parseKbm>, key: number): number | null {
  const offset = key - kbm.middle;
  const pattern = Math.floor(offset / kbm.size);
  const degree = kbm.map[offset - pattern * kbm.size];
  if (degree === null || degree === undefined) return null;
  const steps = [0, ...scl.cents];
  const octave = steps[kbm.octaveDegree]!;
  const centsFromRef = pattern * octave + steps[degree]!;
  return kbm.frequency * 2 ** (centsFromRef / 1200);
}

describe('Scala tuning files of a maqam', () => {
  it("Rast's third and seventh are neutral", () => {
    const { cents } = parseScl(scalaScale('Rast', 'C'));
    expect(cents).toHaveLength(7);
    // cents[i] is degree i + 1: the third is cents[1], the seventh cents[5].
    expect(cents[1]).toBeGreaterThanOrEqual(340);
    expect(cents[1]).toBeLessThanOrEqual(360);
    expect(cents[5]).toBeGreaterThanOrEqual(1040);
    expect(cents[5]).toBeLessThanOrEqual(1070);
    expect(cents[6]).toBe(1200);
  });

  it("Hijaz's augmented second: the second step is 270-300 cents above the first", () => {
    const { cents } = parseScl(scalaScale('Hijaz', 'D'));
    const step = cents[1]! - cents[0]!;
    expect(step).toBeGreaterThanOrEqual(270);
    expect(step).toBeLessThanOrEqual(300);
  });

  it('Bayati starts with a three-quarter tone and the description names the maqam and its ajnas', () => {
    const { description, cents } = parseScl(scalaScale('Bayati', 'D'));
    expect(cents[0]).toBe(150);
    expect(description).toContain('Bayati on D');
    expect(description).toContain('Nahawand');
  });

  it('every maqam: 7 rising degrees, the same cents the synthesizer plays', () => {
    for (const maqam of MAQAMAT) {
      const { cents } = parseScl(scalaScale(maqam.name, maqam.tonics[0]!));
      const synth = [1, 2, 3, 4, 5, 6].map((d) => 1200 * Math.log2(degreeFrequency(maqam, 100, d) / 100));
      expect(cents.slice(0, 6).map((c) => c.toFixed(3))).toEqual(synth.map((c) => c.toFixed(3)));
      for (let i = 1; i < cents.length; i++) expect(cents[i]!).toBeGreaterThan(cents[i - 1]!);
      expect(maqamCents(maqam)).toHaveLength(7);
    }
  });

  it('the keyboard mapping puts the tonic on its key at its exact frequency, quarter tones included', () => {
    const scl = parseScl(scalaScale('Sikah', 'E half-flat'));
    const kbm = parseKbm(keyboardMapping('Sikah', 'E half-flat'));
    expect(kbm.size).toBe(12);
    expect(kbm.map).toHaveLength(12);
    expect(kbm.middle).toBe(64);
    expect(kbm.reference).toBe(64);
    expect(kbm.octaveDegree).toBe(7);
    expect(kbm.frequency).toBeCloseTo(noteFrequency('E half-flat', 4), 3);
    // E half-flat is a quarter tone under E (329.63 Hz): 320.24 Hz.
    expect(keyFrequency(scl, kbm, 64)).toBeCloseTo(320.24, 1);
    expect(keyFrequency(scl, kbm, 76)).toBeCloseTo(640.48, 1);
    expect(keyFrequency(scl, kbm, 65)).toBeNull();
  });

  it('every degree of every maqam sounds where the synthesizer plays it, on the key nearest to it', () => {
    for (const maqam of MAQAMAT) {
      for (const tonic of maqam.tonics) {
        const scl = parseScl(scalaScale(maqam.name, tonic));
        const kbm = parseKbm(keyboardMapping(maqam.name, tonic));
        const keys = degreeKeys(maqam);
        expect(new Set(keys).size).toBe(7);
        const tonicHz = noteFrequency(tonic, 4);
        keys.forEach((key, degree) => {
          const hz = keyFrequency(scl, kbm, tonicMidiNote(tonic) + key)!;
          expect(hz).toBeCloseTo(degreeFrequency(getMaqam(maqam.name), tonicHz, degree), 2);
          // The next octave's key plays the degree an octave up.
          expect(keyFrequency(scl, kbm, tonicMidiNote(tonic) + key + 12)! / hz).toBeCloseTo(2, 6);
        });
      }
    }
  });

  it('unknown maqamat and note names are refused', () => {
    expect(() => scalaScale('Nope', 'D')).toThrow();
    expect(() => keyboardMapping('Rast', 'H')).toThrow();
  });
});
