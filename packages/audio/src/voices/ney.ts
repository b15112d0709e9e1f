import type { Rng } from '../random.js';

/**
 * A breathy end-blown flute in the manner of the ney: a soft harmonic tone from two wavetables
 * (soft and bright, crossfaded with dynamics), breath noise band-passed around the fundamental plus
 * a little broadband air, slow attacks, a scoop into each articulated note, legato glides and a
 * vibrato that blooms on long notes.
 */
export interface NeyNote {
  /** Seconds from the phrase start. */
  at: number;
  durS: number;
  freq: number;
  velocity: number;
  /** Slur from the previous note (no new breath attack). */
  legato: boolean;
}

const TABLE_SIZE = 2048;
const SOFT = buildTable([1, 0.2, 0.1, 0.04, 0.02]);
const BRIGHT = buildTable([1, 0.42, 0.26, 0.13, 0.08, 0.05, 0.03]);

function buildTable(partials: readonly number[]): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  let max = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    partials.forEach((amp, k) => {
      v += amp * Math.sin((2 * Math.PI * (k + 1) * i) / TABLE_SIZE + k * 0.7);
    });
    table[i] = v;
    max = Math.max(max, Math.abs(v));
  }
  for (let i = 0; i < TABLE_SIZE; i++) table[i] = (table[i] as number) / max;
  table[TABLE_SIZE] = table[0] as number;
  return table;
}

const BLOCK = 32;

/** Renders a phrase of ney notes into `out` from sample `start` (adding), scaled by `gain`. */
export function renderNeyPhrase(
  notes: readonly NeyNote[],
  out: Float32Array,
  start: number,
  gain: number,
  sampleRate: number,
  rng: Rng,
): void {
  const first = notes[0];
  const last = notes[notes.length - 1];
  if (!first || !last) return;
  const release = 0.16;
  // Run two release times past the last note so the breath has fully died away (below -100 dB).
  const total = Math.min(out.length - start, Math.ceil((last.at + last.durS + 2 * release) * sampleRate));
  const blockS = BLOCK / sampleRate;
  let noteIndex = -1;
  let logFreq = Math.log(first.freq);
  let phase = rng.next();
  let vibPhase = rng.next();
  let amp = 0;
  let noteStart = 0;
  let drift = 0;
  // State-variable band-pass for the pitched breath, one-pole high-pass for air.
  let bpLow = 0;
  let bpBand = 0;
  let hpPrev = 0;
  let hpOut = 0;
  let lowNoise = 0;
  let noise = (rng.next() * 4294967296) >>> 0 || 1;
  const glide = 1 - Math.exp(-blockS / 0.02);
  const vibRate = 4.6 + rng.next() * 1.2;
  for (let b = 0; b < total; b += BLOCK) {
    const t = b / sampleRate;
    while (noteIndex + 1 < notes.length && (notes[noteIndex + 1] as NeyNote).at <= t) {
      noteIndex++;
      const n = notes[noteIndex] as NeyNote;
      noteStart = n.at;
      if (!n.legato || noteIndex === 0) logFreq = Math.log(n.freq) - 0.025; // scoop up from ~40 cents below
    }
    const note = notes[Math.max(0, noteIndex)] as NeyNote;
    const sinceStart = t - noteStart;
    const noteEnd = note.at + note.durS;
    const next = notes[noteIndex + 1];
    const slurredOn = next !== undefined && next.legato && next.at - noteEnd < 0.02;
    // Amplitude: slow breath attack, swell on long notes, release unless slurred on.
    let target = noteIndex < 0 ? 0 : note.velocity;
    if (note.durS > 0.8) target *= 0.88 + 0.18 * Math.sin(Math.min(1, sinceStart / note.durS) * Math.PI);
    if (t > noteEnd && !slurredOn) target = 0;
    const attackTime = note.legato ? 0.05 : 0.09 + 0.06 * (1 - note.velocity);
    const timeConstant = target > amp ? attackTime : target === 0 ? release / 3 : 0.08;
    const nextAmp = amp + (target - amp) * Math.min(1, (2.2 * blockS) / timeConstant);

    logFreq += (Math.log(note.freq) - logFreq) * glide;
    drift += (rng.next() - 0.5) * 0.004 - drift * 0.02;
    const vibDepth = 0.011 * Math.min(1, Math.max(0, (sinceStart - 0.22) / 0.5)) * (note.durS > 0.35 ? 1 : 0.2);
    vibPhase += vibRate * blockS;
    if (vibPhase >= 1) vibPhase -= 1;
    const freq = Math.exp(logFreq + vibDepth * Math.sin(2 * Math.PI * vibPhase) + drift * 0.02);
    const inc = freq / sampleRate;
    const f = 2 * Math.sin((Math.PI * Math.min(freq, sampleRate / 8)) / sampleRate);
    const brightMix = Math.min(1, amp * 0.9);
    const airLevel = 0.05 + 0.16 * Math.max(0, 1 - sinceStart / 0.12);
    const end = Math.min(total, b + BLOCK);
    const ampStep = (nextAmp - amp) / BLOCK;
    let a = amp * gain;
    const aStep = ampStep * gain;
    for (let i = b; i < end; i++) {
      phase += inc;
      if (phase >= 1) phase -= 1;
      const pos = phase * TABLE_SIZE;
      const k = pos | 0;
      const frac = pos - k;
      const s0 = SOFT[k] as number;
      const b0 = BRIGHT[k] as number;
      const soft = s0 + ((SOFT[k + 1] as number) - s0) * frac;
      const bright = b0 + ((BRIGHT[k + 1] as number) - b0) * frac;
      const tone = soft + (bright - soft) * brightMix;
      noise ^= noise << 13;
      noise ^= noise >>> 17;
      noise ^= noise << 5;
      const white = (noise | 0) / 2147483648;
      bpLow += f * bpBand;
      bpBand += f * (white - bpLow - 0.22 * bpBand);
      hpOut = 0.86 * (hpOut + white - hpPrev);
      hpPrev = white;
      lowNoise = lowNoise * 0.7 + hpOut * 0.3;
      const o = start + i;
      out[o] = (out[o] as number) + (tone * 0.78 + bpBand * 0.16 + lowNoise * airLevel) * a;
      a += aStep;
    }
    amp = nextAmp;
  }
}
