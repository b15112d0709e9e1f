import { createRng } from '../random.js';
import { barSeconds, getIqa, stepsPerBar } from '../theory/iqa.js';
import { degreeRange, getMaqam } from '../theory/maqam.js';
import type { DemoTrackSpec } from '../types.js';
import { loopBars, loopSampleCount } from '../render/loop-timing.js';
import { drumVoices, hasDrone, melodicVoices } from './instruments.js';
import { answerPhrase, makePhrase, type MelodyNote, type PhraseContext } from './melody.js';
import { realiseMelody, type Timing } from './realise.js';
import { droneVoices, drumTuneHz, voiceTonicHz } from './registers.js';
import type { Score, ScoreHit, ScoreNote } from './score.js';
import { styleFor } from './style.js';
import { timedBar } from './timed-drums.js';

/**
 * Arranges a loop: an exact number of cycles of the iqa' at the exact tempo. Events are placed
 * inside one period (anything nudged before zero wraps to the end); the renderer folds decays
 * and reverb back onto the start.
 */
export function arrangeLoop(spec: DemoTrackSpec, sampleRate: number): Score {
  const rng = createRng(spec.seed);
  const maqam = getMaqam(spec.maqam);
  const iqa = getIqa(spec.iqa);
  const style = styleFor(spec.genres, spec.moods, iqa, spec.bpm);
  const bars = loopBars(spec);
  const loopSamples = loopSampleCount(spec, sampleRate);
  const lengthS = loopSamples / sampleRate;
  const spb = stepsPerBar(iqa);
  const timing: Timing = { stepS: barSeconds(iqa, spec.bpm) / spb, offsetS: 0, swing: style.swing };
  const wrap = (t: number): number => ((t % lengthS) + lengthS) % lengthS;

  const notes: ScoreNote[] = [];
  const melodic = melodicVoices(spec.instruments);
  if (melodic.length > 0) {
    const range = degreeRange(maqam);
    const ctx: PhraseContext = {
      maqam,
      iqa,
      rng: rng.fork('melody'),
      low: Math.max(range.low, -2),
      high: Math.min(range.high, 7),
      density: style.density,
      stepS: timing.stepS,
    };
    const g = maqam.ghammaz;
    const half = bars >= 2 && bars * barSeconds(iqa, spec.bpm) > 5 ? bars / 2 : 0;
    let line: MelodyNote[];
    if (half > 0 && Number.isInteger(half)) {
      const question = makePhrase(ctx, { at: 0, bars: half, from: 0, apex: g, to: ctx.rng.pick([1, 2, g]), breath: 1 });
      line = [...question, ...answerPhrase(ctx, question, half * spb, 0)];
    } else {
      line = makePhrase(ctx, { at: 0, bars, from: ctx.rng.pick([0, 2]), apex: g, to: 0, breath: 1 });
    }
    for (const voice of melodic) {
      const realised = realiseMelody(line, voice, {
        maqam,
        tonicHz: voiceTonicHz(voice, spec.tonic),
        timing,
        style,
        rng: rng.fork(voice),
        dynamic: 0.7,
      });
      notes.push(...realised.map((n) => ({ ...n, at: wrap(n.at) })));
    }
  }

  const hits: ScoreHit[] = [];
  const drumRng = rng.fork('drums');
  for (let bar = 0; bar < bars; bar++) {
    const role = bars >= 4 && bar === bars - 1 ? 'fill' : 'groove';
    for (const drum of drumVoices(spec.instruments)) {
      hits.push(...timedBar(drum, bar, role, iqa, style, timing, spb, drumRng).map((h) => ({ ...h, at: wrap(h.at) })));
    }
  }

  const score: Score = { lengthS, loopSamples, notes, hits, drumTuneHz: drumTuneHz(spec.tonic), space: style.space };
  if (hasDrone(spec.instruments)) score.drone = { voices: droneVoices(maqam, spec.tonic), startS: 0, endS: lengthS };
  return score;
}
