import { applyChain } from '../dsp/biquad.js';
import { applyLevels, fadeOut, foldLoop, removeDc } from '../dsp/master.js';
import { applyReverb, type ReverbSettings } from '../dsp/reverb.js';
import type { DrumVoice, MelodicVoice } from '../composition/instruments.js';
import type { Score, ScoreNote } from '../composition/score.js';
import { MUSIC_TAIL_S } from '../composition/arrange-music.js';
import type { Rng } from '../random.js';
import { renderDrone } from '../voices/drone.js';
import { renderNeyPhrase, type NeyNote } from '../voices/ney.js';
import { getKit } from '../voices/percussion.js';
import { OUD_STRING, QANUN_STRING, renderString, type Pluck } from '../voices/pluck.js';
import { mixBus, VOICE_MIX } from './voice-mix.js';

const SPACES: Record<Score['space'], ReverbSettings> = {
  room: { room: 0.8, damping: 0.42, wet: 0.9, preDelayS: 0.012 },
  hall: { room: 0.86, damping: 0.3, wet: 1.05, preDelayS: 0.024 },
};

/** Synthesises a score to stereo: voices on their own buses, EQ, pan, reverb, master. */
export function renderScore(
  score: Score,
  rng: Rng,
  sampleRate: number,
  options: { master?: boolean } = {},
): Float32Array[] {
  const loop = score.loopSamples;
  const lastEventEnd = Math.max(score.lengthS, ...score.notes.map((n) => n.at + n.durS));
  const tailS = loop !== undefined ? Math.max(4.5, lastEventEnd - score.lengthS + 3.5) : MUSIC_TAIL_S;
  const total = (loop ?? Math.ceil(score.lengthS * sampleRate)) + Math.ceil(tailS * sampleRate);
  const left = new Float32Array(total);
  const right = new Float32Array(total);
  const send = new Float32Array(total);
  const bus = new Float32Array(total);

  for (const voice of ['oud', 'qanun', 'ney'] as const) {
    const notes = score.notes.filter((n) => n.voice === voice).sort((a, b) => a.at - b.at);
    if (notes.length === 0) continue;
    const from = Math.max(0, Math.floor(Math.min(...notes.map((n) => n.at)) * sampleRate) - 64);
    const to = Math.min(total, Math.ceil((Math.max(...notes.map((n) => n.at + n.durS)) + 1.2) * sampleRate));
    if (voice === 'ney') renderNey(notes, bus, sampleRate, rng.fork('ney'));
    else renderPlucked(notes, voice, bus, sampleRate, rng.fork(voice));
    finishBus(bus, voice, left, right, send, sampleRate, from, to);
  }

  for (const drum of ['darbuka', 'riq', 'frame-drum'] as const) {
    const hits = score.hits.filter((h) => h.drum === drum);
    if (hits.length === 0) continue;
    const from = Math.max(0, Math.floor(Math.min(...hits.map((h) => h.at)) * sampleRate) - 64);
    const to = Math.min(total, Math.ceil((Math.max(...hits.map((h) => h.at)) + 2.3) * sampleRate));
    renderDrum(drum, hits, score.drumTuneHz, bus, sampleRate, rng.fork(drum));
    finishBus(bus, drum, left, right, send, sampleRate, from, to);
  }

  if (score.drone) {
    const dl = bus;
    const dr = new Float32Array(total);
    const start = Math.round(score.drone.startS * sampleRate);
    const length = loop ?? Math.round((score.drone.endS - score.drone.startS) * sampleRate);
    renderDrone(
      { voices: score.drone.voices, fadeInS: 3, fadeOutS: 2.5, ...(loop !== undefined ? { periodSamples: loop } : {}) },
      dl,
      dr,
      start,
      length,
      1,
      sampleRate,
    );
    const mix = VOICE_MIX.drone;
    for (let i = 0; i < total; i++) {
      const l = (dl[i] as number) * mix.gain;
      const r = (dr[i] as number) * mix.gain;
      left[i] = (left[i] as number) + l;
      right[i] = (right[i] as number) + r;
      send[i] = (send[i] as number) + (l + r) * 0.5 * mix.send;
    }
  }

  applyReverb(send, left, right, sampleRate, SPACES[score.space]);
  removeDc(left, sampleRate);
  removeDc(right, sampleRate);
  let channels: Float32Array[];
  if (loop !== undefined) {
    channels = [foldLoop(left, loop), foldLoop(right, loop)];
  } else {
    channels = [left, right];
    fadeOut(channels, sampleRate, 0.8);
  }
  if (options.master ?? true) applyLevels(channels);
  return channels;
}

function finishBus(
  bus: Float32Array,
  voice: MelodicVoice | DrumVoice,
  left: Float32Array,
  right: Float32Array,
  send: Float32Array,
  sampleRate: number,
  from: number,
  to: number,
): void {
  const mix = VOICE_MIX[voice];
  applyChain(bus, mix.eq(sampleRate), from, to);
  mixBus(bus, mix, left, right, send, from, to);
  bus.fill(0, from, to);
}

function renderPlucked(
  notes: readonly ScoreNote[],
  voice: 'oud' | 'qanun',
  bus: Float32Array,
  sampleRate: number,
  rng: Rng,
): void {
  const model = voice === 'oud' ? OUD_STRING : QANUN_STRING;
  const ring = voice === 'oud' ? 0.06 : 0.3;
  for (const note of notes) {
    const plucks: Pluck[] = [];
    if (note.tremoloHz) {
      const interval = 1 / note.tremoloHz;
      const count = Math.max(1, Math.floor(note.durS / interval));
      for (let k = 0; k < count; k++) {
        const shape = 0.82 + 0.18 * Math.sin((Math.PI * (k + 0.5)) / count);
        const fade = k > count * 0.75 ? 1 - 0.5 * ((k - count * 0.75) / (count * 0.25)) : 1;
        plucks.push({ at: k * interval, velocity: note.velocity * shape * fade * (k % 2 === 0 ? 1 : 0.72) });
      }
    } else {
      plucks.push({ at: 0, velocity: note.velocity });
    }
    const start = Math.round(note.at * sampleRate);
    if (start >= bus.length) continue;
    renderString({ freq: note.freq, holdS: note.durS + ring, plucks }, model, bus, start, 0.5, sampleRate, rng);
  }
}

function renderNey(notes: readonly ScoreNote[], bus: Float32Array, sampleRate: number, rng: Rng): void {
  // Split into breaths wherever the line rests.
  let phrase: NeyNote[] = [];
  let phraseStart = 0;
  const flush = (): void => {
    if (phrase.length === 0) return;
    renderNeyPhrase(phrase, bus, Math.round(phraseStart * sampleRate), 0.5, sampleRate, rng);
    phrase = [];
  };
  let lastEnd = -Infinity;
  for (const note of notes) {
    if (note.at - lastEnd > 0.25) {
      flush();
      phraseStart = note.at;
    }
    phrase.push({
      at: note.at - phraseStart,
      durS: note.durS,
      freq: note.freq,
      velocity: note.velocity,
      legato: phrase.length > 0 && (note.legato ?? false),
    });
    lastEnd = Math.max(lastEnd, note.at + note.durS);
  }
  flush();
}

function renderDrum(
  drum: DrumVoice,
  hits: Score['hits'],
  tuneHz: number,
  bus: Float32Array,
  sampleRate: number,
  rng: Rng,
): void {
  const kit = getKit(drum, tuneHz, sampleRate);
  for (const hit of hits) {
    const variants = kit.strokes[hit.stroke];
    const sample = variants[rng.int(0, variants.length - 1)];
    if (!sample) continue;
    const start = Math.round(hit.at * sampleRate);
    const n = Math.min(sample.length, bus.length - start);
    const g = hit.velocity * (0.8 + 0.2 * hit.velocity);
    for (let i = 0; i < n; i++) bus[start + i] = (bus[start + i] as number) + (sample[i] as number) * g;
  }
}
