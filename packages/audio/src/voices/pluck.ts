import type { Rng } from '../random.js';

/**
 * Plucked string (extended Karplus–Strong): a delay line closed by a one-zero loss filter and a
 * first-order allpass whose phase delay is solved exactly at the fundamental, so the pitch of
 * quarter-tone degrees is accurate to a fraction of a cent. Re-plucks inject new energy into the
 * vibrating string (risha tremolo) instead of restarting it.
 */
export interface StringModel {
  /** Loss-filter weight on the previous sample: 0.5 = warm (oud), lower = brighter sustain (qanun). */
  lossBlend: number;
  /** T60 decay of the fundamental while the note is held, seconds (at 110 Hz; shorter higher up). */
  sustainS: number;
  /** T60 once the note is damped. */
  releaseS: number;
  /** Pluck position as a fraction of the string (comb in the excitation). */
  pluckPosition: number;
  /** Excitation brightness 0..1 at full velocity. */
  brightness: number;
  /** Level of the plectrum/finger noise click. */
  pickNoise: number;
}

export const OUD_STRING: StringModel = {
  lossBlend: 0.5,
  sustainS: 2.6,
  releaseS: 0.14,
  pluckPosition: 0.16,
  brightness: 0.55,
  pickNoise: 0.1,
};

export const QANUN_STRING: StringModel = {
  lossBlend: 0.36,
  sustainS: 3.6,
  releaseS: 0.5,
  pluckPosition: 0.09,
  brightness: 0.72,
  pickNoise: 0.07,
};

export interface Pluck {
  /** Seconds from the note start. */
  at: number;
  velocity: number;
}

export interface StringNote {
  freq: number;
  /** Seconds the string is left ringing before it is damped. */
  holdS: number;
  plucks: readonly Pluck[];
}

/** Phase delay (in samples) at angular frequency w of the loss filter (1-s) + s·z⁻¹. */
function lossPhaseDelay(s: number, w: number): number {
  return Math.atan2(s * Math.sin(w), 1 - s + s * Math.cos(w)) / w;
}

/** Phase delay at w of the allpass (c + z⁻¹)/(1 + c·z⁻¹). */
function allpassPhaseDelay(c: number, w: number): number {
  const num = Math.atan2(-Math.sin(w), c + Math.cos(w));
  const den = Math.atan2(-c * Math.sin(w), 1 + c * Math.cos(w));
  let phase = num - den;
  if (phase > 0) phase -= 2 * Math.PI;
  return -phase / w;
}

/** The allpass coefficient whose phase delay at w equals `target` samples (bisection). */
function solveAllpass(target: number, w: number): number {
  let lo = -0.999;
  let hi = 0.999;
  // Phase delay decreases as c grows.
  for (let i = 0; i < 48; i++) {
    const mid = (lo + hi) / 2;
    if (allpassPhaseDelay(mid, w) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Renders one string note and adds it into `out` from sample `start`, scaled by `gain`. */
export function renderString(
  note: StringNote,
  model: StringModel,
  out: Float32Array,
  start: number,
  gain: number,
  sampleRate: number,
  rng: Rng,
): void {
  const w = (2 * Math.PI * note.freq) / sampleRate;
  const period = sampleRate / note.freq;
  const s = model.lossBlend;
  const lossDelay = lossPhaseDelay(s, w);
  const length = Math.max(2, Math.floor(period - lossDelay - 0.15));
  const c = solveAllpass(period - lossDelay - length, w);
  const lossMagnitude = Math.hypot(1 - s + s * Math.cos(w), s * Math.sin(w));
  // Higher notes decay faster, as on real strings.
  const sustain = model.sustainS * Math.min(1.6, Math.max(0.35, (110 / note.freq) ** 0.45));
  const holdGain = Math.min(0.99995, 10 ** (-3 / (sustain * note.freq)) / lossMagnitude);
  const releaseGain = Math.min(holdGain, 10 ** (-3 / (model.releaseS * note.freq)) / lossMagnitude);

  const line = new Float32Array(length);
  const burst = new Float32Array(length);
  const holdEnd = Math.round(note.holdS * sampleRate);
  const end = Math.min(out.length - start, holdEnd + Math.round(model.releaseS * 1.1 * sampleRate));
  const plucks = note.plucks.map((p) => ({ index: Math.round(p.at * sampleRate), velocity: p.velocity }));
  const a0 = 1 - s;
  let nextPluck = 0;
  let idx = 0;
  let prev = 0;
  let apIn = 0;
  let apOut = 0;
  let i = 0;
  let o = start;
  while (i < end) {
    while (nextPluck < plucks.length && (plucks[nextPluck] as { index: number }).index <= i) {
      const p = plucks[nextPluck] as { index: number; velocity: number };
      excite(line, burst, idx, p.velocity, model, rng);
      addClick(out, o, model.pickNoise * p.velocity * gain, sampleRate, rng);
      nextPluck++;
    }
    const g = i < holdEnd ? holdGain : releaseGain;
    let segmentEnd = i < holdEnd ? Math.min(end, holdEnd) : end;
    const upcoming = plucks[nextPluck];
    if (upcoming) segmentEnd = Math.min(segmentEnd, upcoming.index);
    for (; i < segmentEnd; i++) {
      const x = line[idx] as number;
      const lp = g * (a0 * x + s * prev);
      prev = x;
      const ap = c * (lp - apOut) + apIn;
      apIn = lp;
      apOut = ap;
      line[idx] = ap;
      if (++idx === length) idx = 0;
      out[o] = (out[o] as number) + x * gain;
      o++;
    }
  }
}

/** The plectrum's scrape: a few milliseconds of bright noise. */
function addClick(out: Float32Array, at: number, level: number, sampleRate: number, rng: Rng): void {
  const n = Math.min(out.length - at, Math.round(0.012 * sampleRate));
  const decay = Math.exp(-1 / (0.0025 * sampleRate));
  let env = level;
  let click = 0;
  for (let i = 0; i < n; i++) {
    // Low-passed noise (about 5 kHz): a woody scrape rather than a hiss.
    click += (rng.next() * 2 - 1 - click) * 0.5;
    out[at + i] = (out[at + i] as number) + click * env * (i < 24 ? i / 24 : 1);
    env *= decay;
  }
}

/** Adds a filtered, zero-mean noise burst into the delay line (one period of excitation). */
function excite(
  line: Float32Array,
  burst: Float32Array,
  at: number,
  velocity: number,
  model: StringModel,
  rng: Rng,
): void {
  const n = line.length;
  const brightness = Math.min(0.98, model.brightness * (0.55 + 0.45 * velocity));
  const a = 1 - brightness;
  let lp = 0;
  let mean = 0;
  for (let i = 0; i < n; i++) {
    lp = lp * a + (rng.next() * 2 - 1) * (1 - a);
    burst[i] = lp;
    mean += lp;
  }
  mean /= n;
  const offset = Math.max(1, Math.round(model.pluckPosition * n));
  let energy = 0;
  for (let i = n - 1; i >= 0; i--) {
    const v = (burst[i] as number) - mean - (i >= offset ? (burst[i - offset] as number) - mean : 0);
    burst[i] = v;
    energy += v * v;
  }
  const norm = velocity / Math.sqrt(energy / n + 1e-12);
  // The first samples read after the pluck ramp in (under a millisecond), so onsets have no step.
  const ramp = Math.max(1, Math.min(40, Math.floor(n / 4)));
  for (let i = 0; i < n; i++) {
    const w = i < ramp ? (i + 1) / (ramp + 1) : 1;
    const j = (at + i) % n;
    line[j] = (line[j] as number) * (1 - 0.65 * w) + (burst[i] as number) * norm * 0.5 * w;
  }
}
