import { computePeaks, mixToMono } from '../analysis/peaks.js';
import { encodeWav } from '../codecs/wav.js';
import { arrangeLoop } from '../composition/arrange-loop.js';
import { arrangeMusic } from '../composition/arrange-music.js';
import type { Score } from '../composition/score.js';
import { createRng, mixSeeds } from '../random.js';
import type { DemoTrackSpec, RenderedTrack } from '../types.js';
import { voiceOf } from '../composition/instruments.js';
import { PEAK_COUNT, PREVIEW_KBPS, SAMPLE_RATE } from './audio-format.js';
import { encodeAuditionWav } from './audition-wav.js';
import { encodePreview, PREVIEW_DEFAULTS } from './preview-mp3.js';
import { VOICE_MIX } from './voice-mix.js';
import { renderScore } from './render-score.js';

export function arrangeTrack(spec: DemoTrackSpec): Score {
  return spec.kind === 'loop' ? arrangeLoop(spec, SAMPLE_RATE) : arrangeMusic(spec);
}

/** Synthesises a spec to stereo float samples at SAMPLE_RATE (no encoding). */
export function renderTrackAudio(spec: DemoTrackSpec): Float32Array[] {
  return renderScore(arrangeTrack(spec), createRng(mixSeeds(spec.seed, 0x50f7)), SAMPLE_RATE);
}

/** Renders a spec: WAV original, MP3 preview, a loop's audition WAV, waveform peaks, measured duration and tempo. */
export async function renderTrack(spec: DemoTrackSpec): Promise<RenderedTrack> {
  const channels = renderTrackAudio(spec);
  const wav = encodeWav(channels, SAMPLE_RATE, 24);
  const verify = spec.instruments.some((name) => VOICE_MIX[voiceOf(name)].bright === true);
  const mp3 = await encodePreview(channels, SAMPLE_RATE, { ...PREVIEW_DEFAULTS, kbps: PREVIEW_KBPS, verify });
  const peaks = computePeaks(mixToMono(channels), PEAK_COUNT);
  const frames = channels[0]?.length ?? 0;
  // A loop's audition file: exactly its loopSampleCount samples (the rendered length), gapless.
  const audition = spec.kind === 'loop' ? await encodeAuditionWav(mp3, frames) : undefined;
  return { wav, mp3, peaks, durationS: frames / SAMPLE_RATE, bpm: spec.bpm, ...(audition ? { audition } : {}) };
}
