import type { Rng } from '../random.js';
import type { Iqa } from '../theory/iqa.js';
import type { Maqam } from '../theory/maqam.js';

/**
 * A small generative phrase model for maqam melodies. Rhythm comes from cells that fill the
 * iqa's beat groups; pitch follows a contour (start → apex → goal) one scale degree at a time,
 * with neighbour-note decorations, and closes with a stepwise cadence (usually from above, as
 * Arabic cadences do). Phrases are varied and sequenced so sections sound composed.
 */
export interface MelodyNote {
  /** Grid step (sixteenth) from the start of the piece. */
  step: number;
  /** Length in grid steps. */
  len: number;
  /** Scale degree (0 = tonic). */
  degree: number;
  /** Metric weight 0..1. */
  accent: number;
}

export interface PhraseContext {
  maqam: Maqam;
  iqa: Iqa;
  rng: Rng;
  /** Lowest and highest degrees allowed. */
  low: number;
  high: number;
  /** Busyness 0..1. */
  density: number;
  /** Seconds per grid step (to keep runs playable). */
  stepS: number;
}

export interface PhraseShape {
  /** First grid step of the phrase. */
  at: number;
  bars: number;
  from: number;
  apex: number;
  to: number;
  /** Steps of silence (breath) at the end of the phrase. */
  breath: number;
}

interface Cell {
  steps: readonly number[];
  busy: number;
}

const CELLS: Record<number, readonly Cell[]> = {
  4: [
    { steps: [4], busy: 0 },
    { steps: [2, 2], busy: 0.35 },
    { steps: [3, 1], busy: 0.45 },
    { steps: [1, 1, 2], busy: 0.65 },
    { steps: [2, 1, 1], busy: 0.7 },
    { steps: [1, 1, 1, 1], busy: 0.95 },
  ],
  6: [
    { steps: [6], busy: 0 },
    { steps: [4, 2], busy: 0.3 },
    { steps: [2, 2, 2], busy: 0.45 },
    { steps: [3, 1, 2], busy: 0.6 },
    { steps: [2, 1, 1, 2], busy: 0.75 },
    { steps: [1, 1, 1, 1, 2], busy: 0.95 },
  ],
};

function pickCell(length: number, density: number, maxBusy: number, rng: Rng): readonly number[] {
  const cells = (CELLS[length] ?? CELLS[4] ?? []).filter((c) => c.busy <= maxBusy);
  if (cells.length === 0) return [length];
  const weights = cells.map((c) => Math.exp(-((c.busy - density) ** 2) / 0.09) + 0.02);
  return rng.weighted(cells, weights).steps;
}

/** Onsets and lengths (relative grid steps) for a phrase of `bars` cycles. */
function phraseRhythm(
  ctx: PhraseContext,
  bars: number,
  breath: number,
): { step: number; len: number; accent: number }[] {
  const { iqa, rng } = ctx;
  const maxBusy = ctx.stepS >= 0.115 ? 1 : ctx.stepS >= 0.085 ? 0.72 : 0.5;
  const groups: number[] = [];
  for (let b = 0; b < bars; b++) groups.push(...iqa.groups);
  // The phrase ends on a long note spanning the last group (two short groups if they are short).
  const tailGroups = groups.length >= 4 && (groups[groups.length - 1] ?? 0) <= 4 ? 2 : 1;
  const out: { step: number; len: number; accent: number }[] = [];
  let step = 0;
  groups.forEach((length, g) => {
    if (g >= groups.length - tailGroups) return;
    const cell = g === 0 && rng.chance(0.25) && length === 4 ? [2, 1, 1] : pickCell(length, ctx.density, maxBusy, rng);
    let s = step;
    cell.forEach((len, k) => {
      out.push({ step: s, len, accent: k === 0 ? (g % iqa.groups.length === 0 ? 1 : 0.8) : 0.55 });
      s += len;
    });
    step += length;
  });
  const tail = groups.slice(groups.length - tailGroups).reduce((a, b) => a + b, 0);
  out.push({ step, len: Math.max(1, tail - breath), accent: 0.9 });
  // Sometimes start with a pickup rest instead of on the downbeat.
  const first = out[0];
  if (first && first.len >= 2 && out.length > 3 && rng.chance(0.2)) {
    first.step += 1;
    first.len -= 1;
  }
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** Degrees along a contour from `from` through `apex` to `to`, moving mostly by step. */
function phrasePitches(ctx: PhraseContext, count: number, shape: PhraseShape, lens: readonly number[]): number[] {
  const { rng, low, high } = ctx;
  const apexPos = rng.range(0.35, 0.65);
  const degrees: number[] = [];
  let prev = shape.from;
  for (let j = 0; j < count; j++) {
    let d: number;
    if (j === 0) {
      d = shape.from;
    } else if (j === count - 1) {
      d = shape.to;
    } else if (j === count - 2 && count > 2) {
      // Cadential approach: from the degree above (most often) or below.
      const above = shape.to + 1;
      const below = shape.to - 1;
      d = rng.chance(0.72) && above <= high ? above : below >= low ? below : above;
      if (Math.abs(d - prev) > 2) d = prev + Math.sign(d - prev) * 2;
    } else {
      const pos = j / (count - 1);
      const contour =
        pos < apexPos
          ? shape.from + (shape.apex - shape.from) * (pos / apexPos)
          : shape.apex + (shape.to - shape.apex) * ((pos - apexPos) / (1 - apexPos));
      const len = lens[j] ?? 2;
      if (len <= 1 && rng.chance(0.28)) {
        // Neighbour-note decoration on quick notes.
        d = prev + (rng.chance(0.5) ? 1 : -1);
      } else {
        d = Math.round(contour + rng.gauss() * 0.55);
        d = clamp(d, prev - 2, prev + 2);
        if (d === prev && len >= 3) d += contour >= prev ? 1 : -1;
        if (Math.abs(d - prev) === 2 && rng.chance(0.5)) d = prev + Math.sign(d - prev);
      }
      // Stay able to reach the goal stepwise.
      const remaining = count - 1 - j;
      if (Math.abs(shape.to - d) > remaining * 2) d = prev + Math.sign(shape.to - prev);
    }
    d = clamp(d, low, high);
    degrees.push(d);
    prev = d;
  }
  return degrees;
}

export function makePhrase(ctx: PhraseContext, shape: PhraseShape): MelodyNote[] {
  const rhythm = phraseRhythm(ctx, shape.bars, shape.breath);
  const degrees = phrasePitches(
    ctx,
    rhythm.length,
    shape,
    rhythm.map((r) => r.len),
  );
  return rhythm.map((r, i) => ({
    step: shape.at + r.step,
    len: r.len,
    degree: degrees[i] ?? shape.to,
    accent: r.accent,
  }));
}

/**
 * An answer to a phrase: the same opening (rhythm and pitches) for about half of it, then a new
 * continuation towards a different goal.
 */
export function answerPhrase(ctx: PhraseContext, model: readonly MelodyNote[], at: number, to: number): MelodyNote[] {
  const first = model[0];
  if (!first) return [];
  const offset = at - first.step;
  const keep = Math.max(1, Math.floor(model.length * ctx.rng.range(0.4, 0.6)));
  const head = model.slice(0, keep).map((n) => ({ ...n, step: n.step + offset }));
  const tailModel = model.slice(keep);
  const lastHead = head[head.length - 1] ?? first;
  const lens = tailModel.map((n) => n.len);
  const shape: PhraseShape = {
    at,
    bars: 0,
    from: lastHead.degree,
    apex: Math.max(lastHead.degree, to) + 1,
    to,
    breath: 0,
  };
  const degrees = phrasePitches(ctx, lens.length + 1, shape, [lastHead.len, ...lens]).slice(1);
  const tail = tailModel.map((n, i) => ({ ...n, step: n.step + offset, degree: degrees[i] ?? to }));
  return [...head, ...tail];
}

/** The phrase moved by `by` scale degrees (a melodic sequence), ending on `to`. */
export function sequencePhrase(
  ctx: PhraseContext,
  model: readonly MelodyNote[],
  at: number,
  by: number,
  to: number,
): MelodyNote[] {
  const first = model[0];
  if (!first) return [];
  const offset = at - first.step;
  const moved = model.map((n) => ({ ...n, step: n.step + offset, degree: clamp(n.degree + by, ctx.low, ctx.high) }));
  const last = moved[moved.length - 1];
  const penultimate = moved[moved.length - 2];
  if (last) last.degree = to;
  if (penultimate && Math.abs(penultimate.degree - to) > 2) penultimate.degree = to + 1;
  return moved;
}
