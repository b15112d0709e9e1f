/**
 * Choosing the metrical level that a tempo counts, among candidates an octave apart.
 *
 * Duple meters are counted in quarter notes, between ~60 and ~140 BPM; that range is wider than an
 * octave, so no fixed window can choose the level. Three cues are weighed instead:
 *  - a prior: tempos near PRIOR_BPM are likelier;
 *  - density: a beat holds about EVENTS_PER_BEAT distinct events (a slow wahda with few strokes
 *    is counted slowly, a busy maqsum at the same event grid fast);
 *  - the cycle: a bar of 2 or 4 beats repeats (how strongly, relative to the strongest repetition).
 * The weights were fitted on the synthesized demo loops, with the widest margin between levels.
 *
 * Additive meters (9/8, 10/8, 7/8, 5/8) are counted in their eighths, as Arabic and Turkish
 * musicians count them, between ADDITIVE_MIN_BPM and twice that.
 */
const PRIOR_BPM = 117;
const EVENTS_PER_BEAT = 1.78;
const DENSITY_WEIGHT = 1.03;
const CYCLE_WEIGHT = 0.71;
const ADDITIVE_MIN_BPM = 135;
export const MIN_BPM = 40;
export const MAX_BPM = 240;

export interface OctaveCandidate {
  bpm: number;
  /** Relative strength (0–1) of the best repetition at 2 or 4 beats of this tempo. */
  cycle: number;
}

/** The candidate with the lowest cost, given the signal's distinct events per second. */
export function chooseOctave(candidates: readonly OctaveCandidate[], eventsPerSecond: number): OctaveCandidate | null {
  let best: OctaveCandidate | null = null;
  let bestCost = Infinity;
  for (const c of candidates) {
    const prior = Math.log(c.bpm / PRIOR_BPM) ** 2;
    const perBeat = eventsPerSecond > 0 ? (eventsPerSecond * 60) / c.bpm : EVENTS_PER_BEAT;
    const density = Math.log(perBeat / EVENTS_PER_BEAT) ** 2;
    const cost = prior + DENSITY_WEIGHT * density - CYCLE_WEIGHT * c.cycle;
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/** Folds a tempo counted in eighths into [ADDITIVE_MIN_BPM, 2·ADDITIVE_MIN_BPM). */
export function foldAdditive(bpm: number): number {
  let t = bpm;
  while (t < ADDITIVE_MIN_BPM) t *= 2;
  while (t >= 2 * ADDITIVE_MIN_BPM) t /= 2;
  return t;
}

/** Odd part of an integer (12 → 3, 18 → 9). */
function oddPart(n: number): number {
  let m = n;
  while (m > 0 && m % 2 === 0) m /= 2;
  return m;
}

/** Odd parts that mark an additive meter's cycle (in eighths). */
export function isAdditive(n: number): boolean {
  const odd = oddPart(n);
  return odd >= 5 && odd <= 15;
}
