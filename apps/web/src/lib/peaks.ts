import { Limits } from '@tarab/contracts/limits';

/**
 * A track without peaks gets 100 random bars between 0.05 and 0.95 (spec §3 "Waveform").
 * Seeded by the track id so one track always draws the same bars.
 */
export function randomPeaks(seed: number, count: number = Limits.downloadWaveformBars): number[] {
  let state = (Math.abs(Math.floor(seed)) * 2654435761 + 1) >>> 0 || 1;
  const next = () => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  return Array.from({ length: count }, () => 0.05 + next() * 0.9);
}

/** Reduces peaks to `bars` values (the loudest of each bucket), each within 0…1. */
export function resamplePeaks(peaks: readonly number[], bars: number): number[] {
  if (peaks.length === 0 || bars <= 0) return [];
  const max = peaks.reduce((m, value) => Math.max(m, Math.abs(value)), 0) || 1;
  // Normalise only when the data is not already 0…1.
  const scale = max > 1 ? 1 / max : 1;
  if (peaks.length <= bars) return peaks.map((value) => Math.min(1, Math.abs(value) * scale));
  const out: number[] = [];
  const size = peaks.length / bars;
  for (let i = 0; i < bars; i += 1) {
    const from = Math.floor(i * size);
    const to = Math.max(from + 1, Math.floor((i + 1) * size));
    let loudest = 0;
    for (let j = from; j < to; j += 1) loudest = Math.max(loudest, Math.abs(peaks[j] ?? 0));
    out.push(Math.min(1, loudest * scale));
  }
  return out;
}
