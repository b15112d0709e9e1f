import type { Rng } from '../random.js';
import type { Iqa } from '../theory/iqa.js';
import type { DrumVoice } from './instruments.js';
import { drumBar, type BarRole } from './percussion-part.js';
import { stepTime, type Timing } from './realise.js';
import type { ScoreHit } from './score.js';
import type { Style } from './style.js';

/** One bar of a drum part placed in time, with a few milliseconds of human looseness. */
export function timedBar(
  drum: DrumVoice,
  bar: number,
  role: BarRole,
  iqa: Iqa,
  style: Style,
  timing: Timing,
  stepsInBar: number,
  rng: Rng,
): ScoreHit[] {
  return drumBar(iqa, drum, role, style.energy, rng).map((h) => ({
    drum,
    at: Math.max(0, stepTime(timing, bar * stepsInBar + h.step) + rng.gauss() * 0.003),
    stroke: h.stroke,
    velocity: h.velocity,
  }));
}
