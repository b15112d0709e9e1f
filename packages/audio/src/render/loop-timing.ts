import type { DemoTrackSpec } from '../types.js';
import { barSeconds, getIqa } from '../theory/iqa.js';

/** Whole cycles of the iqa' in a loop: the target duration rounded to bars (at least one). */
export function loopBars(spec: Pick<DemoTrackSpec, 'iqa' | 'bpm' | 'targetDurationS'>): number {
  return Math.max(1, Math.round(spec.targetDurationS / barSeconds(getIqa(spec.iqa), spec.bpm)));
}

/** Exact length of a loop: bars × beats × 60 / bpm × sampleRate, rounded once. */
export function loopSampleCount(
  spec: Pick<DemoTrackSpec, 'iqa' | 'bpm' | 'targetDurationS'>,
  sampleRate: number,
): number {
  const iqa = getIqa(spec.iqa);
  return Math.round(((loopBars(spec) * iqa.beatsPerBar * 60) / spec.bpm) * sampleRate);
}
