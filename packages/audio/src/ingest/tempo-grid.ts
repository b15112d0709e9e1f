/** The pulse grid of one rhythmic cycle (a loop, or a bar-long repetition of a piece). */

/** Slowest and fastest pulse considered for the grid (pulses per second). */
export const MIN_GRID_HZ = 1.5;
export const MAX_GRID_HZ = 6;
/** Shortest lag whose self-similarity is measured. */
export const MIN_LAG_S = 1 / 12;
/** An additive grid must explain the cycle's self-similarity this much better than a duple one. */
export const ADDITIVE_MARGIN = 0.02;
/**
 * Below this grid score there is no clear pulse and no tempo (white noise scores about 0.02;
 * the weakest demo loop, a ney over a drone, 0.06).
 */
export const MIN_GRID_SCORE = 0.04;
/** Shortest bar considered when checking a tempo's cycle. */
export const MIN_BAR_S = 0.7;

/**
 * How well a grid of n pulses per cycle explains which shifts of the cycle look alike:
 * the mean self-similarity r(b) (shift by 1/b of the cycle) over the b that divide n, minus the
 * mean over the b that do not, for b = 2 … min(maxShift, 2n).
 */
export function gridScore(similarity: Float64Array, n: number, maxShift: number): number {
  let onSum = 0;
  let onCount = 0;
  let offSum = 0;
  let offCount = 0;
  for (let b = 2; b <= Math.min(maxShift, 2 * n); b++) {
    if (n % b === 0) {
      onSum += similarity[b] as number;
      onCount++;
    } else {
      offSum += similarity[b] as number;
      offCount++;
    }
  }
  return (onCount ? onSum / onCount : 0) - (offCount ? offSum / offCount : 0);
}
