import { createRng, hashString, type Rng } from '../random.js';
import { sineAt } from '../dsp/sine-table.js';
import type { Stroke } from '../theory/iqa.js';

/**
 * Hand percussion strokes, synthesised once per track into short sample buffers:
 * darbuka (goblet drum), riq (tambourine with heavy jingles) and frame drum (bendir/daf).
 * Membranes are decaying inharmonic modes (circular-membrane ratios) with a pitch drop on
 * the attack; slaps and rim strokes add band-limited noise; jingles are clusters of
 * high inharmonic partials with scattered micro-hits.
 */
export type DrumKind = 'darbuka' | 'riq' | 'frame-drum';

export interface StrokeKit {
  kind: DrumKind;
  /** Variants per stroke, to avoid machine-gun repetition. */
  strokes: Record<Stroke, Float32Array[]>;
}

const MEMBRANE_RATIOS = [1, 1.59, 2.14, 2.3, 2.65, 2.92];

interface Mode {
  freq: number;
  amp: number;
  decayS: number;
}

function addModes(
  out: Float32Array,
  modes: readonly Mode[],
  sampleRate: number,
  pitchDrop: number,
  dropS: number,
  rng: Rng,
): void {
  for (const m of modes) {
    let phase = rng.next() * 0.2;
    const decay = Math.exp(-1 / (m.decayS * sampleRate));
    const dropDecay = Math.exp(-1 / (dropS * sampleRate));
    const inc = m.freq / sampleRate;
    let env = m.amp;
    let drop = pitchDrop;
    for (let i = 0; i < out.length && env > 1e-5; i++) {
      phase += inc * (1 + drop);
      if (phase >= 1) phase -= 1;
      out[i] = (out[i] as number) + sineAt(phase) * env;
      env *= decay;
      drop *= dropDecay;
    }
  }
}

/** Noise through a 2-pole resonator (centre, bandwidth) with an exponential envelope. */
function addNoise(
  out: Float32Array,
  centre: number,
  q: number,
  amp: number,
  decayS: number,
  sampleRate: number,
  rng: Rng,
  from = 0,
): void {
  const w = (2 * Math.PI * centre) / sampleRate;
  const r = Math.exp(-w / (2 * q));
  const a1 = -2 * r * Math.cos(w);
  const a2 = r * r;
  const norm = (1 - r) * 1.6;
  const decay = Math.exp(-1 / (decayS * sampleRate));
  let y1 = 0;
  let y2 = 0;
  let env = amp;
  for (let i = from; i < out.length && env > 1e-5; i++) {
    const x = (rng.next() * 2 - 1) * norm;
    const y = x - a1 * y1 - a2 * y2;
    y2 = y1;
    y1 = y;
    out[i] = (out[i] as number) + y * env;
    env *= decay;
  }
}

/** Jingles: bursts of high inharmonic partials, re-struck a few times as the zils rattle. */
function addJingles(out: Float32Array, amp: number, decayS: number, hits: number, sampleRate: number, rng: Rng): void {
  for (let h = 0; h < hits; h++) {
    const offset = Math.round((h === 0 ? 0 : rng.range(0.004, 0.028)) * sampleRate);
    const level = amp * (h === 0 ? 1 : rng.range(0.25, 0.6));
    const partials = 7;
    for (let p = 0; p < partials; p++) {
      const freq = rng.range(3200, 8800);
      const d = decayS * rng.range(0.5, 1.2);
      const decay = Math.exp(-1 / (d * sampleRate));
      let env = (level / partials) * rng.range(0.6, 1.2);
      let phase = rng.next();
      const inc = freq / sampleRate;
      for (let i = offset; i < out.length && env > 1e-5; i++) {
        phase += inc;
        if (phase >= 1) phase -= 1;
        out[i] = (out[i] as number) + sineAt(phase) * env;
        env *= decay;
      }
    }
    addNoise(out, 6200, 1.4, level * 0.45, decayS * 0.5, sampleRate, rng, offset);
  }
}

/**
 * Click-free edges: a 1.5 ms raised-cosine attack, and a 40 ms fade at the end of the buffer so a
 * stroke never stops while it still rings.
 */
function softenEdges(out: Float32Array, sampleRate: number): Float32Array {
  const n = Math.min(out.length, Math.round(0.0015 * sampleRate));
  for (let i = 0; i < n; i++) out[i] = (out[i] as number) * (0.5 - 0.5 * Math.cos((Math.PI * i) / n));
  const m = Math.min(out.length, Math.round(0.04 * sampleRate));
  const start = out.length - m;
  for (let i = 0; i < m; i++) out[start + i] = (out[start + i] as number) * (0.5 + 0.5 * Math.cos((Math.PI * i) / m));
  return out;
}

function darbukaStroke(stroke: Stroke, tuneHz: number, sampleRate: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round((stroke === 'dum' ? 1.1 : 0.35) * sampleRate));
  const v = rng.range(0.94, 1.06);
  if (stroke === 'dum') {
    addModes(
      out,
      MEMBRANE_RATIOS.map((r, i) => ({
        freq: tuneHz * r * v,
        amp: i === 0 ? 0.6 : 0.16 / i,
        decayS: i === 0 ? 0.2 : 0.06 / i,
      })),
      sampleRate,
      0.45,
      0.02,
      rng,
    );
    addNoise(out, 900, 0.8, 0.18, 0.006, sampleRate, rng);
  } else {
    const strength = stroke === 'ka' ? 0.7 : stroke === 'sak' ? 1.1 : 1;
    // Rim ring of a metal darbuka plus the sharp crack of the skin edge.
    const ring = [620, 1040, 1770, 2530, 3900].map((f, i) => ({
      freq: f * v,
      amp: (0.28 * strength) / (1 + i * 0.6),
      decayS: 0.055 / (1 + i * 0.35),
    }));
    addModes(out, ring, sampleRate, 0.06, 0.004, rng);
    addNoise(out, stroke === 'ka' ? 3200 : 4200, 1.3, 0.9 * strength, 0.012, sampleRate, rng);
    addNoise(out, 1500, 1.8, 0.3 * strength, 0.02, sampleRate, rng);
    if (stroke === 'sak') addModes(out, [{ freq: tuneHz * 2.1, amp: 0.5, decayS: 0.05 }], sampleRate, 0.3, 0.01, rng);
  }
  return softenEdges(out, sampleRate);
}

function riqStroke(stroke: Stroke, tuneHz: number, sampleRate: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(0.9 * sampleRate));
  const v = rng.range(0.95, 1.05);
  if (stroke === 'dum') {
    addModes(
      out,
      [
        { freq: tuneHz * 2 * v, amp: 0.8, decayS: 0.08 },
        { freq: tuneHz * 3.2 * v, amp: 0.2, decayS: 0.04 },
      ],
      sampleRate,
      0.3,
      0.015,
      rng,
    );
    addJingles(out, 0.35, 0.12, 2, sampleRate, rng);
  } else if (stroke === 'tek' || stroke === 'sak') {
    addNoise(out, 2600, 1.2, 0.35, 0.01, sampleRate, rng);
    addJingles(out, stroke === 'sak' ? 1 : 0.8, 0.14, 3, sampleRate, rng);
  } else {
    addJingles(out, 0.42, 0.09, 2, sampleRate, rng);
  }
  return softenEdges(out, sampleRate);
}

function frameDrumStroke(stroke: Stroke, tuneHz: number, sampleRate: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round((stroke === 'dum' ? 2.2 : 0.4) * sampleRate));
  const v = rng.range(0.96, 1.04);
  if (stroke === 'dum') {
    const f0 = tuneHz * 0.75 * v;
    addModes(
      out,
      MEMBRANE_RATIOS.map((r, i) => ({
        freq: f0 * r,
        amp: i === 0 ? 0.5 : 0.2 / i,
        decayS: i === 0 ? 0.42 : 0.12 / i,
      })),
      sampleRate,
      0.25,
      0.03,
      rng,
    );
    addNoise(out, 300, 0.7, 0.25, 0.015, sampleRate, rng);
  } else {
    const strength = stroke === 'ka' ? 0.6 : 1;
    addModes(
      out,
      [
        { freq: 380 * v, amp: 0.4 * strength, decayS: 0.05 },
        { freq: 640 * v, amp: 0.2 * strength, decayS: 0.035 },
      ],
      sampleRate,
      0.1,
      0.005,
      rng,
    );
    addNoise(out, 2100, 1, 0.6 * strength, 0.018, sampleRate, rng);
  }
  return softenEdges(out, sampleRate);
}

const STROKE_NAMES: readonly Stroke[] = ['dum', 'tek', 'ka', 'sak'];

const VARIANTS = 3;
const kits = new Map<string, StrokeKit>();

/**
 * The kit of stroke variants for a drum tuned to `tuneHz` (the dum's fundamental). Kits depend only
 * on their key, so they are cached per thread: the same drum sounds the same in every track.
 */
export function getKit(kind: DrumKind, tuneHz: number, sampleRate: number): StrokeKit {
  const key = `${kind}:${tuneHz.toFixed(3)}:${sampleRate}`;
  let kit = kits.get(key);
  if (!kit) {
    const rng = createRng(hashString(key));
    const make = kind === 'darbuka' ? darbukaStroke : kind === 'riq' ? riqStroke : frameDrumStroke;
    const strokes = {} as Record<Stroke, Float32Array[]>;
    for (const stroke of STROKE_NAMES)
      strokes[stroke] = Array.from({ length: VARIANTS }, () => make(stroke, tuneHz, sampleRate, rng));
    kit = { kind, strokes };
    kits.set(key, kit);
  }
  return kit;
}
