/**
 * Rhythm cycles (iqa'at) written as dum/tek strokes on a sixteenth-note grid.
 * 'D' = dum (low, centre of the skin), 'T' = tek (sharp, rim), 'K' = ka (the other hand's tek),
 * 'S' = sak (slap); lower case = softer; '.' = rest.
 */
export type Stroke = 'dum' | 'tek' | 'ka' | 'sak';

export interface Iqa {
  name: string;
  meter: string;
  /** Counting units per cycle (quarter notes for x/4, eighth notes for x/8); the BPM counts these. */
  beatsPerBar: number;
  /** Grid steps per counting unit: 4 for x/4 (sixteenths), 2 for x/8 (sixteenths). */
  stepsPerBeat: number;
  /** The skeleton (one cycle). */
  pattern: string;
  /** Grouping of the cycle in grid steps (for phrasing melodies), e.g. [4,4,4,4] or [6,4,4,6]. */
  groups: readonly number[];
  /** Comfortable tempo range (BPM of the counting unit). */
  tempo: readonly [number, number];
}

export const IQAAT: readonly Iqa[] = [
  {
    name: 'Maqsum',
    meter: '4/4',
    beatsPerBar: 4,
    stepsPerBeat: 4,
    pattern: 'D.T...T.D...T...',
    groups: [4, 4, 4, 4],
    tempo: [88, 124],
  },
  {
    name: 'Baladi',
    meter: '4/4',
    beatsPerBar: 4,
    stepsPerBeat: 4,
    pattern: 'D.D...T.D...T...',
    groups: [4, 4, 4, 4],
    tempo: [84, 118],
  },
  {
    name: 'Saidi',
    meter: '4/4',
    beatsPerBar: 4,
    stepsPerBeat: 4,
    pattern: 'D.T...D.D...T...',
    groups: [4, 4, 4, 4],
    tempo: [96, 128],
  },
  {
    name: 'Wahda',
    meter: '4/4',
    beatsPerBar: 4,
    stepsPerBeat: 4,
    pattern: 'D.....T...T.....',
    groups: [4, 4, 4, 4],
    tempo: [60, 92],
  },
  {
    name: 'Ayyub',
    meter: '2/4',
    beatsPerBar: 2,
    stepsPerBeat: 4,
    pattern: 'D..kD.T.',
    groups: [4, 4],
    tempo: [84, 132],
  },
  {
    name: 'Malfuf',
    meter: '2/4',
    beatsPerBar: 2,
    stepsPerBeat: 4,
    pattern: 'D..T..T.',
    groups: [4, 4],
    tempo: [100, 140],
  },
  {
    name: "Sama'i Thaqil",
    meter: '10/8',
    beatsPerBar: 10,
    stepsPerBeat: 2,
    pattern: 'D.....T...D.D.T.....',
    groups: [6, 4, 4, 6],
    tempo: [150, 200],
  },
  {
    name: 'Karsilama',
    meter: '9/8',
    beatsPerBar: 9,
    stepsPerBeat: 2,
    pattern: 'D...T...D...T.T.T.',
    groups: [4, 4, 4, 6],
    tempo: [180, 240],
  },
];

export function getIqa(name: string): Iqa {
  const iqa = IQAAT.find((i) => i.name === name);
  if (!iqa) throw new Error(`Unknown iqa ${name}`);
  return iqa;
}

export interface PatternStroke {
  step: number;
  stroke: Stroke;
  accent: boolean;
}

const STROKES: Record<string, Stroke> = { d: 'dum', t: 'tek', k: 'ka', s: 'sak' };

export function parsePattern(pattern: string): PatternStroke[] {
  const out: PatternStroke[] = [];
  for (let step = 0; step < pattern.length; step++) {
    const ch = pattern[step] ?? '.';
    const stroke = STROKES[ch.toLowerCase()];
    if (stroke) out.push({ step, stroke, accent: ch !== ch.toLowerCase() });
  }
  return out;
}

export function stepsPerBar(iqa: Iqa): number {
  return iqa.beatsPerBar * iqa.stepsPerBeat;
}

/** Seconds per cycle of the iqa' at a tempo. */
export function barSeconds(iqa: Iqa, bpm: number): number {
  return (iqa.beatsPerBar * 60) / bpm;
}
