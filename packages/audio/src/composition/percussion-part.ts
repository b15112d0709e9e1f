import type { Rng } from '../random.js';
import { parsePattern, stepsPerBar, type Iqa, type Stroke } from '../theory/iqa.js';
import type { DrumVoice } from './instruments.js';

/** One bar of a drum part on the grid: the iqa's skeleton plus the player's ornaments. */
export interface GridHit {
  step: number;
  stroke: Stroke;
  velocity: number;
}

export type BarRole = 'groove' | 'fill' | 'sparse';

/**
 * Strokes for one cycle. Darbuka ornaments the gaps with light ka/tek (more on eighths than on
 * sixteenths, more with energy) and rolls into the next phrase on fill bars; the riq keeps a
 * jingle pulse; the frame drum stays close to the skeleton.
 */
export function drumBar(iqa: Iqa, drum: DrumVoice, role: BarRole, energy: number, rng: Rng): GridHit[] {
  const total = stepsPerBar(iqa);
  const skeleton = parsePattern(iqa.pattern);
  const occupied = new Set(skeleton.map((s) => s.step));
  const hits: GridHit[] = [];
  const fillFrom = role === 'fill' ? total - (iqa.groups[iqa.groups.length - 1] ?? 4) : total;

  for (const s of skeleton) {
    if (s.step >= fillFrom) continue;
    if (role === 'sparse' && s.stroke !== 'dum' && s.step !== 0 && rng.chance(0.5)) continue;
    const base = s.stroke === 'dum' ? 0.95 : s.stroke === 'tek' ? 0.8 : 0.55;
    hits.push({ step: s.step, stroke: s.stroke, velocity: (s.accent ? base : base * 0.7) * rng.range(0.92, 1.04) });
  }
  if (role !== 'sparse') {
    for (let step = 0; step < fillFrom; step++) {
      if (occupied.has(step)) continue;
      const onEighth = step % 2 === 0;
      const p =
        drum === 'darbuka'
          ? onEighth
            ? 0.25 + 0.6 * energy
            : 0.45 * energy * energy
          : drum === 'riq'
            ? onEighth
              ? 0.85
              : 0.5 * energy
            : onEighth
              ? 0.12 + 0.3 * energy
              : 0;
      if (!rng.chance(p)) continue;
      const stroke: Stroke = drum === 'riq' ? 'ka' : step % 2 === 1 ? 'ka' : rng.chance(0.6) ? 'ka' : 'tek';
      hits.push({ step, stroke, velocity: (onEighth ? 0.42 : 0.3) * rng.range(0.8, 1.15) });
    }
  }
  if (role === 'fill') {
    // A roll of alternating hands that swells into the next downbeat.
    const length = total - fillFrom;
    for (let k = 0; k < length; k++) {
      const step = fillFrom + k;
      const lead = k === 0 || (drum !== 'riq' && k === length - 2);
      const stroke: Stroke = lead ? (drum === 'frame-drum' ? 'dum' : 'tek') : k % 2 === 0 ? 'tek' : 'ka';
      hits.push({ step, stroke, velocity: Math.min(1, 0.45 + (0.5 * k) / length) * rng.range(0.9, 1.05) });
    }
  }
  return hits.sort((a, b) => a.step - b.step);
}
