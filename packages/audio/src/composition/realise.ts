import type { Rng } from '../random.js';
import { degreeFrequency, type Maqam } from '../theory/maqam.js';
import type { MelodicVoice } from './instruments.js';
import type { MelodyNote } from './melody.js';
import type { ScoreNote } from './score.js';
import type { Style } from './style.js';

/** Grid → seconds. */
export interface Timing {
  stepS: number;
  offsetS: number;
  /** Delay of off-beat sixteenths, as a fraction of a step. */
  swing: number;
}

export function stepTime(timing: Timing, step: number): number {
  const swing = step % 2 === 1 ? timing.swing * timing.stepS : 0;
  return timing.offsetS + step * timing.stepS + swing;
}

export interface RealiseContext {
  maqam: Maqam;
  /** Tonic frequency in this voice's register. */
  tonicHz: number;
  timing: Timing;
  style: Style;
  rng: Rng;
  /** Overall dynamic of the passage, 0..1. */
  dynamic: number;
  /** Seconds the final note keeps ringing past its written length. */
  extendLastS?: number;
}

/**
 * Turns a melody into one instrument's performance, heterophonically: each instrument keeps the
 * line but ornaments it its own way. Oud and qanun pluck every note, tremolo (risha) on long
 * notes and add grace notes; the qanun doubles long notes at the lower octave; the ney slurs
 * the phrase, merges repeated notes and turns into long ones from above.
 */
export function realiseMelody(notes: readonly MelodyNote[], voice: MelodicVoice, ctx: RealiseContext): ScoreNote[] {
  return voice === 'ney' ? realiseNey(notes, ctx) : realisePlucked(notes, voice, ctx);
}

function humanise(rng: Rng): number {
  return rng.gauss() * 0.004;
}

function realisePlucked(notes: readonly MelodyNote[], voice: 'oud' | 'qanun', ctx: RealiseContext): ScoreNote[] {
  const { maqam, tonicHz, timing, style, rng } = ctx;
  const out: ScoreNote[] = [];
  notes.forEach((n, i) => {
    const at = Math.max(0, stepTime(timing, n.step) + humanise(rng));
    let durS = n.len * timing.stepS;
    if (i === notes.length - 1) durS += ctx.extendLastS ?? 0;
    const freq = degreeFrequency(maqam, tonicHz, n.degree);
    const velocity = Math.min(1, (0.5 + 0.42 * n.accent) * (0.75 + 0.35 * ctx.dynamic) * rng.range(0.92, 1.05));
    const note: ScoreNote = { voice, at, durS, freq, velocity };
    const tremoloChance = style.tremolo * (voice === 'qanun' ? 1.1 : 1);
    if (durS >= 0.55 && rng.chance(tremoloChance)) {
      const perStep = Math.max(1, Math.round(timing.stepS * 12.5));
      note.tremoloHz = perStep / timing.stepS;
    }
    const previous = notes[i - 1];
    if (n.accent >= 0.9 && n.len >= 3 && previous && previous.len >= 2 && rng.chance(0.22)) {
      // Grace note from the degree above, just before the beat.
      out.push({
        voice,
        at: Math.max(0, at - 0.06),
        durS: 0.06,
        freq: degreeFrequency(maqam, tonicHz, n.degree + 1),
        velocity: velocity * 0.55,
      });
    }
    out.push(note);
    if (voice === 'qanun' && n.len >= 4 && rng.chance(0.55)) {
      out.push({ voice, at: at + 0.004, durS, freq: freq / 2, velocity: velocity * 0.5 });
    }
  });
  return out;
}

function realiseNey(notes: readonly MelodyNote[], ctx: RealiseContext): ScoreNote[] {
  const { maqam, tonicHz, timing, rng } = ctx;
  // Merge repeated degrees that follow without a gap: the ney sustains instead of re-tonguing.
  const merged: MelodyNote[] = [];
  for (const n of notes) {
    const last = merged[merged.length - 1];
    if (last && last.degree === n.degree && last.step + last.len === n.step && n.len <= 2) last.len += n.len;
    else merged.push({ ...n });
  }
  const out: ScoreNote[] = [];
  merged.forEach((n, i) => {
    const previous = merged[i - 1];
    const legato = previous !== undefined && previous.step + previous.len >= n.step;
    const at = Math.max(0, stepTime(timing, n.step) + humanise(rng));
    let durS = n.len * timing.stepS;
    if (i === merged.length - 1) durS += (ctx.extendLastS ?? 0) * 0.6;
    const velocity = Math.min(1, (0.62 + 0.3 * n.accent) * (0.8 + 0.3 * ctx.dynamic) * rng.range(0.95, 1.05));
    const freq = degreeFrequency(maqam, tonicHz, n.degree);
    if (durS >= 0.6 && rng.chance(0.28)) {
      const grace = Math.min(0.09, durS * 0.15);
      out.push({
        voice: 'ney',
        at,
        durS: grace,
        freq: degreeFrequency(maqam, tonicHz, n.degree + 1),
        velocity: velocity * 0.9,
        legato,
      });
      out.push({ voice: 'ney', at: at + grace, durS: durS - grace, freq, velocity, legato: true });
    } else {
      out.push({ voice: 'ney', at, durS, freq, velocity, legato });
    }
  });
  return out;
}
