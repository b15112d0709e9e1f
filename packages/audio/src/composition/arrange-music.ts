import { createRng, type Rng } from '../random.js';
import { barSeconds, getIqa, stepsPerBar, type Iqa } from '../theory/iqa.js';
import { degreeRange, getMaqam, type Maqam } from '../theory/maqam.js';
import type { DemoTrackSpec } from '../types.js';
import { drumVoices, hasDrone, melodicVoices, type MelodicVoice } from './instruments.js';
import { answerPhrase, makePhrase, sequencePhrase, type MelodyNote, type PhraseContext } from './melody.js';
import type { BarRole } from './percussion-part.js';
import { realiseMelody, stepTime, type Timing } from './realise.js';
import { droneVoices, drumTuneHz, voiceTonicHz } from './registers.js';
import type { Score, ScoreHit, ScoreNote } from './score.js';
import { styleFor, type Style } from './style.js';
import { timedBar } from './timed-drums.js';

/** Seconds of reverb and decay the renderer adds after the music. */
export const MUSIC_TAIL_S = 2.6;

type Role = 'open' | 'answer' | 'rise' | 'high' | 'cadence' | 'final';

interface PhrasePlan {
  role: Role;
  bar: number;
  voices: MelodicVoice[];
  dynamic: number;
}

interface Form {
  totalBars: number;
  introBars: number;
  phraseBars: number;
  phrases: PhrasePlan[];
}

function planForm(
  spec: DemoTrackSpec,
  iqa: Iqa,
  style: Style,
  melodic: readonly MelodicVoice[],
  hasDrums: boolean,
  rng: Rng,
): Form {
  const barS = barSeconds(iqa, spec.bpm);
  const totalBars = Math.max(2, Math.round((spec.targetDurationS - MUSIC_TAIL_S) / barS));
  let phraseBars = Math.min(4, Math.max(1, Math.round(4.8 / barS)));
  if (melodic.length === 0) return { totalBars, introBars: totalBars, phraseBars, phrases: [] };
  const wantsIntro = style.intro !== 'full' && totalBars >= phraseBars * 3;
  let introBars = wantsIntro ? (style.intro === 'drums' && hasDrums ? Math.min(2, phraseBars) : phraseBars) : 0;
  let count = Math.floor((totalBars - introBars) / phraseBars);
  if (count < 1) {
    phraseBars = Math.max(1, totalBars);
    introBars = 0;
    count = 1;
  }
  // Of the bars left over after whole phrases, at most one lengthens an intro; the rest are dropped.
  if (introBars > 0) introBars += Math.min(1, totalBars - introBars - count * phraseBars);
  const usedBars = introBars + count * phraseBars;
  const roles: Role[] = [];
  for (let i = 0; i < count; i++) {
    const inGroup = i % 4;
    const group = Math.floor(i / 4);
    roles.push(
      inGroup === 0
        ? 'open'
        : inGroup === 1
          ? 'answer'
          : inGroup === 2
            ? group % 2 === 1 || rng.chance(0.35)
              ? 'high'
              : 'rise'
            : 'cadence',
    );
  }
  roles[count - 1] = 'final';
  const phrases = roles.map((role, i): PhrasePlan => {
    const group = Math.floor(i / 4);
    const lead = melodic[group % melodic.length] as MelodicVoice;
    const other = melodic[(group + 1) % melodic.length] as MelodicVoice;
    const inGroup = i % 4;
    const voices =
      melodic.length === 1 || role === 'final' || inGroup >= 2 ? [...melodic] : inGroup === 0 ? [lead] : [other];
    const dynamic = 0.55 + 0.45 * Math.sin((Math.PI * (i + 0.5)) / count);
    return { role, bar: introBars + i * phraseBars, voices, dynamic };
  });
  return { totalBars: usedBars, introBars, phraseBars, phrases };
}

function composeMelody(
  form: Form,
  maqam: Maqam,
  ctx: PhraseContext,
  spb: number,
): { plan: PhrasePlan; notes: MelodyNote[] }[] {
  const { rng } = ctx;
  const g = maqam.ghammaz;
  const out: { plan: PhrasePlan; notes: MelodyNote[] }[] = [];
  let opening: MelodyNote[] = [];
  for (const plan of form.phrases) {
    const at = plan.bar * spb;
    const bars = form.phraseBars;
    const breath = plan.role === 'final' ? 0 : rng.pick([0, 1, 2]);
    let notes: MelodyNote[];
    switch (plan.role) {
      case 'open':
        notes = makePhrase(ctx, {
          at,
          bars,
          from: rng.pick([0, 0, 2, g]),
          apex: g + rng.int(0, 1),
          to: rng.pick([1, 2, g]),
          breath,
        });
        opening = notes;
        break;
      case 'answer':
        notes =
          opening.length > 0
            ? answerPhrase(ctx, opening, at, 0)
            : makePhrase(ctx, { at, bars, from: 2, apex: g, to: 0, breath });
        break;
      case 'rise':
        notes =
          opening.length > 0 && rng.chance(0.4)
            ? sequencePhrase(ctx, opening, at, g, g)
            : makePhrase(ctx, { at, bars, from: g, apex: Math.min(ctx.high, g + rng.int(2, 4)), to: g, breath });
        break;
      case 'high':
        notes = makePhrase(ctx, { at, bars, from: g + 1, apex: Math.min(ctx.high, 7 + rng.int(0, 1)), to: g, breath });
        break;
      case 'cadence':
      case 'final':
        notes = makePhrase(ctx, {
          at,
          bars,
          from: rng.pick([g, g + 1, 2]),
          apex: Math.min(ctx.high, g + 1),
          to: 0,
          breath,
        });
        break;
    }
    out.push({ plan, notes });
  }
  return out;
}

/** A slow, free-sounding opening over the drone: few long notes, rising to the ghammaz and home. */
function composeIntro(form: Form, maqam: Maqam, ctx: PhraseContext): MelodyNote[] {
  const slow: PhraseContext = { ...ctx, density: 0.05 };
  return makePhrase(slow, { at: 0, bars: form.introBars, from: 0, apex: maqam.ghammaz, to: 0, breath: 2 });
}

function barRole(bar: number, form: Form, style: Style, rng: Rng): BarRole {
  const isIntroEnd = form.introBars > 0 && bar === form.introBars - 1;
  const sinceIntro = bar - form.introBars;
  const phraseEnd = sinceIntro >= 0 && (sinceIntro + 1) % form.phraseBars === 0 && bar < form.totalBars - 1;
  const groupEnd = phraseEnd && ((sinceIntro + 1) / form.phraseBars) % 4 === 0;
  if (isIntroEnd || groupEnd || (phraseEnd && rng.chance(0.3 + 0.3 * style.energy))) return 'fill';
  if (style.energy < 0.3 && rng.chance(0.5)) return 'sparse';
  return 'groove';
}

/** Arranges a piece of music from its spec: form, melody, heterophonic parts, drums and drone. */
export function arrangeMusic(spec: DemoTrackSpec): Score {
  const rng = createRng(spec.seed);
  const maqam = getMaqam(spec.maqam);
  const iqa = getIqa(spec.iqa);
  const style = styleFor(spec.genres, spec.moods, iqa, spec.bpm);
  const melodic = melodicVoices(spec.instruments);
  const drums = drumVoices(spec.instruments);
  const spb = stepsPerBar(iqa);
  const barS = barSeconds(iqa, spec.bpm);
  const timing: Timing = { stepS: barS / spb, offsetS: 0.05, swing: style.swing };
  const form = planForm(spec, iqa, style, melodic, drums.length > 0, rng.fork('form'));
  const range = degreeRange(maqam);
  const ctx: PhraseContext = {
    maqam,
    iqa,
    rng: rng.fork('melody'),
    low: Math.max(range.low, -2),
    high: Math.min(range.high, 8),
    density: style.density,
    stepS: timing.stepS,
  };
  const notes: ScoreNote[] = [];
  const endStep = form.totalBars * spb;
  const lengthS = stepTime(timing, endStep) + (drums.length > 0 ? 60 / spec.bpm : 0);

  const melody = composeMelody(form, maqam, ctx, spb);
  melody.forEach(({ plan, notes: line }) => {
    for (const voice of plan.voices) {
      const isFinal = plan.role === 'final';
      notes.push(
        ...realiseMelody(line, voice, {
          maqam,
          tonicHz: voiceTonicHz(voice, spec.tonic),
          timing,
          style,
          rng: rng.fork(`${voice}-${plan.bar}`),
          dynamic: plan.dynamic,
          extendLastS: isFinal ? 1.2 : 0,
        }),
      );
    }
  });

  const introIsSolo = form.introBars > 0 && melodic.length > 0 && (style.intro === 'solo' || drums.length === 0);
  if (introIsSolo) {
    const soloist: MelodicVoice = melodic.includes('ney')
      ? 'ney'
      : melodic.includes('qanun')
        ? 'qanun'
        : (melodic[0] as MelodicVoice);
    const line = composeIntro(form, maqam, ctx);
    notes.push(
      ...realiseMelody(line, soloist, {
        maqam,
        tonicHz: voiceTonicHz(soloist, spec.tonic),
        timing,
        style: { ...style, tremolo: 0.9 },
        rng: rng.fork('intro'),
        dynamic: 0.45,
      }),
    );
  }

  const hits: ScoreHit[] = [];
  const drumRng = rng.fork('drums');
  const firstDrumBar = introIsSolo ? form.introBars : 0;
  for (let bar = firstDrumBar; bar < form.totalBars; bar++) {
    const role = barRole(bar, form, style, drumRng);
    for (const drum of drums) hits.push(...timedBar(drum, bar, role, iqa, style, timing, spb, drumRng));
  }
  if (drums.length > 0) {
    // The closing stroke on the downbeat after the last cycle.
    const at = stepTime(timing, endStep);
    for (const drum of drums) hits.push({ drum, at, stroke: drum === 'riq' ? 'tek' : 'dum', velocity: 1 });
  }

  const score: Score = { lengthS, notes, hits, drumTuneHz: drumTuneHz(spec.tonic), space: style.space };
  if (hasDrone(spec.instruments)) {
    score.drone = { voices: droneVoices(maqam, spec.tonic), startS: 0, endS: lengthS + MUSIC_TAIL_S * 0.6 };
  }
  return score;
}
