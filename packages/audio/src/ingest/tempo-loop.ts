import { hasOnsets, onsetEnvelope } from './onset-envelope.js';
import { circularAutocorrelation, eventRate } from './periodicity.js';
import {
  ADDITIVE_MARGIN,
  gridScore,
  MAX_GRID_HZ,
  MIN_BAR_S,
  MIN_GRID_HZ,
  MIN_GRID_SCORE,
  MIN_LAG_S,
} from './tempo-grid.js';
import { chooseOctave, foldAdditive, isAdditive, MAX_BPM, MIN_BPM, type OctaveCandidate } from './tempo-octave.js';

/**
 * Tempo of a seamless loop: the loop holds a whole number of beats, so the tempo is
 * 60 · beats / duration and the task is to find the number of beats.
 *
 * 1. The grid (tempo-grid.ts): the pulse count N per loop that best explains which shifts of the
 *    loop look alike. Its odd part tells the meter: a power of two is duple, an odd part of 5–15
 *    (9 eighths, 10 = 2·5) is additive.
 * 2. Additive: N counts eighths; duple: the level among 2^k beats per loop is chosen by
 *    tempo-octave.ts.
 */
export function loopTempo(mono: Float32Array, sampleRate: number): number | null {
  return analyzeLoop(mono, sampleRate)?.bpm ?? null;
}

/** The loop's tempo with the evidence behind it (for diagnostics). */
interface LoopTempo {
  bpm: number;
  meter: 'duple' | 'additive';
  /** Pulses per loop of the best grid, and its score (tempo-grid.ts). */
  pulses: number;
  score: number;
}

function analyzeLoop(mono: Float32Array, sampleRate: number): LoopTempo | null {
  const durationS = mono.length / sampleRate;
  const envelope = onsetEnvelope(mono, sampleRate, true);
  const frames = envelope.accent.length;
  if (frames < 8 || !hasOnsets(envelope.detail)) return null;
  const acf = circularAutocorrelation(envelope.accent);
  const maxShift = Math.max(2, Math.floor(durationS / MIN_LAG_S));
  const similarity = new Float64Array(maxShift + 1);
  similarity[1] = 1;
  for (let b = 2; b <= maxShift; b++) similarity[b] = acf.at(frames / b);

  let duple: { n: number; score: number } | null = null;
  let additive: { n: number; score: number } | null = null;
  const lo = Math.max(2, Math.floor(durationS * MIN_GRID_HZ));
  const hi = Math.floor(durationS * MAX_GRID_HZ);
  for (let n = lo; n <= hi; n++) {
    const score = gridScore(similarity, n, maxShift);
    const isPow2 = (n & (n - 1)) === 0;
    if (isPow2 && (!duple || score > duple.score)) duple = { n, score };
    if (isAdditive(n) && (!additive || score > additive.score)) additive = { n, score };
  }
  if (!duple || Math.max(duple.score, additive?.score ?? 0) < MIN_GRID_SCORE) return null;
  if (additive && additive.score > duple.score + ADDITIVE_MARGIN) {
    return {
      bpm: foldAdditive((60 * additive.n) / durationS),
      meter: 'additive',
      pulses: additive.n,
      score: additive.score,
    };
  }

  const strongest = Math.max(...[2, 4, 8, 16].filter((b) => b <= maxShift).map((b) => similarity[b] as number));
  const candidates: OctaveCandidate[] = [];
  for (let beats = 1; (60 * beats) / durationS <= MAX_BPM; beats *= 2) {
    const bpm = (60 * beats) / durationS;
    if (bpm < MIN_BPM) continue;
    let cycle = 0;
    for (const perBar of [2, 4]) {
      const bars = beats / perBar;
      if (!Number.isInteger(bars) || bars < 2 || bars > maxShift || durationS / bars < MIN_BAR_S) continue;
      cycle = Math.max(cycle, similarity[bars] as number);
    }
    candidates.push({ bpm, cycle: strongest > 0 ? cycle / strongest : 0 });
  }
  const rate = eventRate(envelope.detail, envelope.frameRate, true);
  const chosen = chooseOctave(candidates, rate);
  return chosen ? { bpm: chosen.bpm, meter: 'duple', pulses: duple.n, score: duple.score } : null;
}
