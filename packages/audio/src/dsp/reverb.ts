/**
 * A small Schroeder/Freeverb-style room: parallel damped combs then series allpasses, run twice
 * with offset delay lengths for a decorrelated stereo pair. Mono in, adds into stereo out.
 */
export interface ReverbSettings {
  /** Comb feedback, 0.6 (small room) … 0.88 (hall). */
  room: number;
  /** High-frequency damping inside the combs, 0 … 0.7. */
  damping: number;
  /** Output gain of the wet signal. */
  wet: number;
  /** Pre-delay in seconds. */
  preDelayS: number;
}

const COMBS = [1116, 1188, 1277, 1356, 1422, 1491];
const ALLPASSES = [556, 441, 341];
const STEREO_SPREAD = 23;

export function applyReverb(
  input: Float32Array,
  left: Float32Array,
  right: Float32Array,
  sampleRate: number,
  settings: ReverbSettings,
): void {
  const scale = sampleRate / 44100;
  const preDelay = Math.round(settings.preDelayS * sampleRate);
  const n = Math.min(input.length, left.length, right.length);
  const wet = new Float32Array(n);
  for (let side = 0; side < 2; side++) {
    wet.fill(0);
    const spread = side === 0 ? 0 : STEREO_SPREAD;
    for (const base of COMBS)
      comb(input, wet, Math.round((base + spread) * scale), preDelay, settings.room, settings.damping);
    for (const base of ALLPASSES) allpass(wet, Math.round((base + spread) * scale), 0.5);
    const out = side === 0 ? left : right;
    const g = settings.wet / COMBS.length;
    for (let i = 0; i < n; i++) out[i] = (out[i] as number) + (wet[i] as number) * g;
  }
}

/** Feedback comb with a one-pole lowpass in the loop; adds into `out`. */
function comb(
  input: Float32Array,
  out: Float32Array,
  delay: number,
  preDelay: number,
  feedback: number,
  damping: number,
): void {
  const buf = new Float32Array(delay);
  let idx = 0;
  let store = 0;
  const n = out.length;
  const d1 = damping;
  const d2 = 1 - damping;
  for (let i = 0; i < n; i++) {
    const j = i - preDelay;
    const x = j >= 0 ? (input[j] as number) : 0;
    const y = buf[idx] as number;
    store = y * d2 + store * d1;
    buf[idx] = x + store * feedback;
    if (++idx === delay) idx = 0;
    out[i] = (out[i] as number) + y;
  }
}

function allpass(data: Float32Array, delay: number, feedback: number): void {
  const buf = new Float32Array(delay);
  let idx = 0;
  const n = data.length;
  for (let i = 0; i < n; i++) {
    const b = buf[idx] as number;
    const x = data[i] as number;
    buf[idx] = x + b * feedback;
    data[i] = b - x;
    if (++idx === delay) idx = 0;
  }
}
