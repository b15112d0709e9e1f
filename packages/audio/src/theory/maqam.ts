/**
 * Maqam scales in 24-tone equal temperament: one step = a quarter tone = 50 cents.
 * Each maqam lists its ladder from the tonic (index 0), with a few notes below and above,
 * so melodies can reach under the tonic and into the upper octave with the right inflections.
 */
export interface Maqam {
  name: string;
  /** The family (fasila) it belongs to, named after its main maqam (maqamworld.com's grouping). */
  family: string;
  /** Quarter-tone offsets of the ascending octave from the tonic, tonic first (7 notes, octave excluded). */
  octave: readonly number[];
  /** Explicit ladder override (quarter tones from the tonic) for scales that do not repeat at the octave. */
  ladder?: readonly number[];
  /** Degree index of the ghammaz (dominant), where the second jins starts. */
  ghammaz: number;
  /** Quarter tones of the drone's second note above the tonic (a fifth unless the maqam forbids it). */
  droneInterval: number;
  /** Names of the lower and upper ajnas, for descriptions. */
  ajnas: readonly [string, string];
  /** Default tonics (note names) for this maqam, most common first. */
  tonics: readonly string[];
}

export const MAQAMAT: readonly Maqam[] = [
  {
    name: 'Rast',
    family: 'Rast',
    octave: [0, 4, 7, 10, 14, 18, 21],
    ghammaz: 4,
    droneInterval: 14,
    ajnas: ['Rast', 'Rast'],
    tonics: ['C', 'G', 'F'],
  },
  {
    name: 'Bayati',
    family: 'Bayati',
    octave: [0, 3, 6, 10, 14, 16, 20],
    ghammaz: 3,
    droneInterval: 14,
    ajnas: ['Bayati', 'Nahawand'],
    tonics: ['D', 'A', 'G'],
  },
  {
    name: 'Hijaz',
    family: 'Hijaz',
    octave: [0, 2, 8, 10, 14, 16, 20],
    ghammaz: 3,
    droneInterval: 14,
    ajnas: ['Hijaz', 'Nahawand'],
    tonics: ['D', 'A', 'G'],
  },
  {
    name: 'Saba',
    family: 'Saba',
    octave: [0, 3, 6, 8, 14, 16, 20],
    // Saba does not close at the octave: its upper tonic is flattened (Db over D), then Hijaz on Db.
    ladder: [-10, -8, -4, 0, 3, 6, 8, 14, 16, 20, 22, 28, 30, 32],
    ghammaz: 2,
    droneInterval: 14,
    ajnas: ['Saba', 'Hijaz'],
    tonics: ['D', 'A'],
  },
  {
    name: 'Nahawand',
    family: 'Nahawand',
    octave: [0, 4, 6, 10, 14, 16, 20],
    ghammaz: 4,
    droneInterval: 14,
    ajnas: ['Nahawand', 'Kurd'],
    tonics: ['C', 'G', 'D'],
  },
  {
    name: 'Kurd',
    family: 'Kurd',
    octave: [0, 2, 6, 10, 14, 16, 20],
    ghammaz: 3,
    droneInterval: 14,
    ajnas: ['Kurd', 'Nahawand'],
    tonics: ['D', 'A'],
  },
  {
    name: 'Sikah',
    family: 'Sikah',
    octave: [0, 3, 7, 11, 14, 17, 21],
    ghammaz: 2,
    droneInterval: 14,
    ajnas: ['Sikah', 'Rast'],
    tonics: ['E half-flat', 'B half-flat'],
  },
  {
    name: 'Ajam',
    family: 'Ajam',
    octave: [0, 4, 8, 10, 14, 18, 22],
    ghammaz: 4,
    droneInterval: 14,
    ajnas: ['Ajam', 'Ajam'],
    tonics: ['Bb', 'C', 'F'],
  },
  // Huzam: Sikah trichord, then Hijaz on the third; its fifth is not perfect, so the drone doubles the octave.
  {
    name: 'Huzam',
    family: 'Sikah',
    octave: [0, 3, 7, 9, 15, 17, 21],
    ghammaz: 2,
    droneInterval: 24,
    ajnas: ['Sikah', 'Hijaz'],
    tonics: ['E half-flat'],
  },
  {
    name: 'Nikriz',
    family: 'Nawa Athar',
    octave: [0, 4, 6, 12, 14, 18, 20],
    ghammaz: 4,
    droneInterval: 14,
    ajnas: ['Nikriz', 'Nahawand'],
    tonics: ['C', 'G'],
  },
  {
    name: 'Jiharkah',
    family: 'Ajam',
    octave: [0, 4, 8, 10, 14, 18, 21],
    ghammaz: 4,
    droneInterval: 14,
    ajnas: ['Jiharkah', 'Jiharkah'],
    tonics: ['F', 'C'],
  },
  {
    name: 'Hijazkar',
    family: 'Hijaz',
    octave: [0, 2, 8, 10, 14, 16, 22],
    ghammaz: 4,
    droneInterval: 14,
    ajnas: ['Hijaz', 'Hijaz'],
    tonics: ['C', 'D'],
  },
];

export function getMaqam(name: string): Maqam {
  const maqam = MAQAMAT.find((m) => m.name === name);
  if (!maqam) throw new Error(`Unknown maqam ${name}`);
  return maqam;
}

/** Quarter tones from the tonic of a (possibly negative or upper-octave) scale degree. */
export function degreeQuarterTones(maqam: Maqam, degree: number): number {
  if (maqam.ladder) {
    const value = maqam.ladder[maqam.ladder.indexOf(0) + degree];
    if (value !== undefined) return value;
    // Outside the explicit ladder: fall back to the octave pattern.
  }
  const n = maqam.octave.length;
  const octave = Math.floor(degree / n);
  const step = degree - octave * n;
  return (maqam.octave[step] as number) + 24 * octave;
}

/** Lowest and highest degree indexes that the maqam's ladder defines musically. */
export function degreeRange(maqam: Maqam): { low: number; high: number } {
  if (maqam.ladder) {
    const tonicIndex = maqam.ladder.indexOf(0);
    return { low: -tonicIndex, high: maqam.ladder.length - 1 - tonicIndex };
  }
  return { low: -4, high: 11 };
}

export function degreeFrequency(maqam: Maqam, tonicHz: number, degree: number): number {
  return tonicHz * 2 ** (degreeQuarterTones(maqam, degree) / 24);
}
