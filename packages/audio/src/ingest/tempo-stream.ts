import { hasOnsets, onsetEnvelope } from './onset-envelope.js';
import { eventRate, linearAutocorrelation, type Autocorrelation } from './periodicity.js';
import { chooseOctave, foldAdditive, MAX_BPM, MIN_BPM, type OctaveCandidate } from './tempo-octave.js';
import {
  ADDITIVE_MARGIN,
  gridScore,
  MAX_GRID_HZ,
  MIN_BAR_S,
  MIN_GRID_HZ,
  MIN_GRID_SCORE,
  MIN_LAG_S,
} from './tempo-grid.js';

/** Range of lags searched for the rhythm's cycle (a bar or two). */
const MIN_CYCLE_S = 1.2;
const MAX_CYCLE_S = 6;
/** Cycles (autocorrelation peaks) tried. */
const CYCLE_CANDIDATES = 4;

/**
 * Tempo of a piece that is not a loop.
 *
 * 1. The pulse: the strongest repetitions of the onset envelope between 1.2 and 6 s are each
 *    analysed like one period of a loop (tempo-grid.ts); the best grid gives the pulse period.
 * 2. The meter: whether the envelope repeats after 8 and 16 pulses (duple) or after 9 and 18, or
 *    10 and 20 (additive, counted in its pulses).
 * 3. Duple: the level among pulse·2^k is chosen by tempo-octave.ts.
 */
export function streamTempo(mono: Float32Array, sampleRate: number): number | null {
  const envelope = onsetEnvelope(mono, sampleRate, false);
  const fr = envelope.frameRate;
  const frames = envelope.accent.length;
  const maxLag = Math.min(frames - 1, Math.floor(MAX_CYCLE_S * 2 * fr));
  if (maxLag < MIN_CYCLE_S * fr * 2 || !hasOnsets(envelope.detail)) return null;
  const acf = linearAutocorrelation(envelope.accent, maxLag);

  // The pulse grid: the strongest repetitions are each analysed as one period of a loop.
  let grid: { tatumS: number; score: number } | null = null;
  for (const lag of cyclePeaks(acf, Math.round(MIN_CYCLE_S * fr), Math.min(maxLag, Math.round(MAX_CYCLE_S * fr)))) {
    const result = pulseGrid(acf, lag, lag / fr);
    if (result && (!grid || result.score > grid.score)) grid = { tatumS: lag / fr / result.n, score: result.score };
  }
  if (!grid || grid.score < MIN_GRID_SCORE) return null;
  const tatum = grid.tatumS * fr;
  const at = (pulses: number): number => (pulses * tatum <= maxLag ? acf.at(pulses * tatum) : 0);
  // The meter: does the pattern repeat after 8 and 16 pulses, or after 9 and 18, or 10 and 20?
  const duple = (at(8) + at(16)) / 2;
  const additive = Math.max((at(9) + at(18)) / 2, (at(10) + at(20)) / 2);
  if (additive > duple + ADDITIVE_MARGIN) return foldAdditive(60 / grid.tatumS);

  const lagOf = (seconds: number): number => seconds * fr;
  let strongest = 0;
  for (const pulses of [2, 4, 8, 16]) strongest = Math.max(strongest, at(pulses));
  const base = 60 / grid.tatumS;
  const candidates: OctaveCandidate[] = [];
  for (let k = -6; k <= 6; k++) {
    const bpm = base * 2 ** k;
    if (bpm < MIN_BPM || bpm > MAX_BPM) continue;
    let cycle = 0;
    for (const perBar of [2, 4]) {
      const barS = (60 * perBar) / bpm;
      if (barS < MIN_BAR_S || lagOf(barS) > maxLag) continue;
      cycle = Math.max(cycle, acf.at(lagOf(barS)));
    }
    candidates.push({ bpm, cycle: strongest > 0 ? cycle / strongest : 0 });
  }
  const rate = eventRate(envelope.detail, fr, false);
  return chooseOctave(candidates, rate)?.bpm ?? null;
}

/** The pulse count that best explains the self-similarity of one cycle (see tempo-grid.ts). */
function pulseGrid(acf: Autocorrelation, lag: number, cycleS: number): { n: number; score: number } | null {
  const maxShift = Math.max(2, Math.floor(cycleS / MIN_LAG_S));
  const similarity = new Float64Array(maxShift + 1);
  similarity[1] = 1;
  for (let b = 2; b <= maxShift; b++) similarity[b] = acf.at(lag / b);
  let best: { n: number; score: number } | null = null;
  for (let n = Math.max(2, Math.floor(cycleS * MIN_GRID_HZ)); n <= Math.floor(cycleS * MAX_GRID_HZ); n++) {
    const score = gridScore(similarity, n, maxShift);
    if (!best || score > best.score) best = { n, score };
  }
  return best;
}

/** Lags of the highest local maxima in [lo, hi], refined to a fraction of a frame. */
function cyclePeaks(acf: Autocorrelation, lo: number, hi: number): number[] {
  const peaks: { lag: number; value: number }[] = [];
  for (let k = Math.max(1, lo); k <= hi; k++) {
    const a = acf.at(k - 1);
    const b = acf.at(k);
    const c = acf.at(k + 1);
    if (b > a && b >= c) {
      const denom = a - 2 * b + c;
      const offset = denom !== 0 ? (0.5 * (a - c)) / denom : 0;
      peaks.push({ lag: k + offset, value: b });
    }
  }
  return peaks
    .sort((x, y) => y.value - x.value)
    .slice(0, CYCLE_CANDIDATES)
    .map((p) => p.lag);
}
