import { mixToMono } from '../analysis/peaks.js';
import { loopTempo } from './tempo-loop.js';
import { streamTempo } from './tempo-stream.js';

export interface TempoOptions {
  /**
   * The audio is a seamless loop holding a whole number of beats: the tempo is then exactly
   * 60 · beats / duration.
   */
  loop?: boolean;
}

/** Loops longer than this are analysed like any other piece (the loop analysis grows with length²). */
const MAX_LOOP_S = 32;
/** Shortest audio with a measurable tempo. */
const MIN_DURATION_S = 2;
/** Longer pieces are analysed on this much from their middle (past any intro; plenty for a tempo). */
const MAX_ANALYSED_S = 90;

/**
 * Estimated tempo in BPM (fractional; 40–240), or null when there is no clear pulse (silence,
 * noise, a held tone, or under 2 s). Duple meters are counted in quarter notes, additive meters
 * (9/8, 10/8…) in eighths, as the iqa'at of Arabic and Turkish music are counted.
 */
export function estimateBpm(channels: Float32Array[], sampleRate: number, opts: TempoOptions = {}): number | null {
  const frames = channels[0]?.length ?? 0;
  const durationS = frames / sampleRate;
  if (durationS < MIN_DURATION_S) return null;
  if (opts.loop && durationS <= MAX_LOOP_S) return loopTempo(mixToMono(channels), sampleRate);
  const window = Math.min(frames, Math.round(MAX_ANALYSED_S * sampleRate));
  const start = Math.floor((frames - window) / 2);
  return streamTempo(mixToMono(channels.map((c) => c.subarray(start, start + window))), sampleRate);
}

/**
 * The part of a piece `estimateBpm` looks at, for a caller that streams the audio: the whole of a
 * loop of at most MAX_LOOP_S, else MAX_ANALYSED_S from the middle. `frames` is the stated length.
 */
export function tempoWindow(frames: number, sampleRate: number, loop: boolean): { start: number; length: number } {
  if (loop && frames <= MAX_LOOP_S * sampleRate) return { start: 0, length: frames };
  const length = Math.min(frames, Math.round(MAX_ANALYSED_S * sampleRate));
  return { start: Math.floor((frames - length) / 2), length };
}

/** `estimateBpm` on the window a streaming caller collected (mono); `durationS` is the whole piece's. */
export function estimateBpmOfWindow(
  mono: Float32Array,
  sampleRate: number,
  durationS: number,
  opts: TempoOptions = {},
): number | null {
  if (durationS < MIN_DURATION_S) return null;
  if (opts.loop && durationS <= MAX_LOOP_S) return loopTempo(mono, sampleRate);
  return streamTempo(mono, sampleRate);
}
