import type { Iqa } from '../theory/iqa.js';

/** Performance character derived from a track's genres and moods. */
export interface Style {
  /** Melodic busyness 0..1 (share of short notes). */
  density: number;
  /** Percussion ornamentation 0..1. */
  energy: number;
  /** Likelihood of risha tremolo on long plucked notes. */
  tremolo: number;
  /** Sixteenth-note swing as a fraction of a step. */
  swing: number;
  space: 'room' | 'hall';
  /** How the piece opens: drum solo, free melodic solo over the drone, or everyone together. */
  intro: 'drums' | 'solo' | 'full';
}

const CALM = new Set(['Ambient', 'Sufi', 'Meditative', 'Mystical', 'Melancholic']);
const DANCE = new Set(['Belly Dance', 'Arabic Pop', 'Khaleeji', 'Energetic', 'Joyful']);
const BIG = new Set(['Cinematic Oriental', 'Epic', 'Ambient', 'Sufi', 'Mystical', 'Adventure']);

export function styleFor(genres: readonly string[], moods: readonly string[], iqa: Iqa, bpm: number): Style {
  const tags = [...genres, ...moods];
  const calm = tags.filter((t) => CALM.has(t)).length;
  const dance = tags.filter((t) => DANCE.has(t)).length;
  const big = tags.some((t) => BIG.has(t));
  let density = 0.45 + 0.12 * dance - 0.12 * calm;
  // Fast tempos read busier: thin out the sixteenths.
  const stepS = 60 / bpm / iqa.stepsPerBeat;
  if (stepS < 0.12) density -= 0.15;
  if (stepS > 0.2) density += 0.1;
  density = Math.min(0.85, Math.max(0.1, density));
  const energy = Math.min(0.9, Math.max(0.15, 0.45 + 0.15 * dance - 0.12 * calm));
  return {
    density,
    energy,
    tremolo: calm > 0 ? 0.75 : 0.55,
    swing: dance > 0 && iqa.stepsPerBeat === 4 ? 0.08 : 0.03,
    space: big ? 'hall' : 'room',
    intro: dance > 0 ? 'drums' : calm > 0 ? 'solo' : 'full',
  };
}
