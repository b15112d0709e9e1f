/**
 * The timing maths of loop audition (decision 043): how long a loop lasts at the project's tempo,
 * how much it is stretched to get there, and how far it is transposed to the project's tonic.
 * Pure functions: the engine, the tests and the bench all use these.
 */

export const MIN_PROJECT_BPM = 40;
export const MAX_PROJECT_BPM = 240;
export const DEFAULT_PROJECT_BPM = 100;
export const MAX_LAYERS = 4;

/** The twelve tonics a project can be in (the catalog's spelling: flats, as the maqam tables write them). */
export const PROJECT_TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

const LETTER_SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/**
 * Semitones above C of a note name such as "D", "Bb", "F#" or "E half-flat" (Arabic half-flats are
 * a quarter tone, 0.5 semitone, down); null for anything else.
 */
export function noteSemitones(name: string): number | null {
  const match = /^([A-G])(#|b)?( half-flat)?$/.exec(name.trim());
  if (!match) return null;
  const [, letter = 'C', accidental, halfFlat] = match;
  let semitones = LETTER_SEMITONES[letter] ?? 0;
  if (accidental === '#') semitones += 1;
  if (accidental === 'b') semitones -= 1;
  if (halfFlat) semitones -= 0.5;
  return ((semitones % 12) + 12) % 12;
}

/**
 * Semitones to move a loop in `loopTonic` so that it sits on `projectTonic`, the shortest way:
 * in (-6, +6] (a tritone goes up). 0 when either tonic is unknown (the loop is left as it is).
 */
export function semitonesToTonic(loopTonic: string | null | undefined, projectTonic: string | null): number {
  if (!loopTonic || !projectTonic) return 0;
  const from = noteSemitones(loopTonic);
  const to = noteSemitones(projectTonic);
  if (from === null || to === null) return 0;
  let shift = (((to - from) % 12) + 12) % 12;
  if (shift > 6) shift -= 12;
  return shift;
}

/**
 * Whole beats in a loop: its duration at its own tempo, rounded (a loop holds whole bars, so this
 * is exact up to the rounding of the stored duration). At least one.
 */
export function loopBeats(durationS: number, bpm: number): number {
  return Math.max(1, Math.round((durationS * bpm) / 60));
}

/** Samples of `beats` beats at `bpm` and `sampleRate`, rounded once: the layer's exact buffer length. */
export function targetFrames(beats: number, bpm: number, sampleRate: number): number {
  return Math.round(((beats * 60) / bpm) * sampleRate);
}

/**
 * SoundTouch's `tempo` for a layer: how much faster the stretched loop plays than the source
 * (>1 faster). Taken from the two sample counts, so the output has exactly `target` frames.
 */
export function stretchTempo(sourceFrames: number, target: number): number {
  return sourceFrames / target;
}

/** Clamps and rounds a typed project tempo into the allowed range. */
export function clampBpm(bpm: number): number {
  if (!Number.isFinite(bpm)) return DEFAULT_PROJECT_BPM;
  return Math.min(MAX_PROJECT_BPM, Math.max(MIN_PROJECT_BPM, Math.round(bpm)));
}

/**
 * Where a layer added to a running mix starts within its own cycle, so it lands on the shared
 * grid: every layer was (or would have been) started at `origin` on the context clock.
 */
export function cycleOffset(now: number, origin: number, frames: number, sampleRate: number): number {
  const elapsed = Math.max(0, Math.round((now - origin) * sampleRate));
  return (elapsed % frames) / sampleRate;
}

/**
 * Drift of a layer against the beat grid after `seconds`, in seconds: where its current cycle
 * started on the context clock (a whole number of its buffers after the common start) minus where
 * the grid says that beat is. Two layers drift apart by the difference of their drifts.
 */
export function gridDrift(frames: number, beats: number, bpm: number, sampleRate: number, seconds: number): number {
  const cycleS = frames / sampleRate;
  const cycles = Math.floor(seconds / cycleS);
  const startedAt = cycles * cycleS;
  const gridAt = (cycles * beats * 60) / bpm;
  return startedAt - gridAt;
}
