import { encodeMp3 } from '../codecs/mp3-encode.js';
import { downmixToStereo } from './downmix.js';
import { INGEST_PREVIEW_KBPS } from './limits.js';
import { resample } from './resample.js';

/** Sample rates MPEG audio (and so the encoder) supports. */
const MPEG_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);

/** The rate a preview is encoded at: the source rate when MPEG supports it, else 44.1 or 48 kHz. */
export function previewRate(sampleRate: number): number {
  if (MPEG_RATES.has(sampleRate)) return sampleRate;
  return sampleRate % 48_000 === 0 ? 48_000 : 44_100;
}

/** A CBR MP3 of audio at any rate and channel count (mono stays mono, more than two channels are downmixed). */
export async function encodeMp3FromAny(
  channels: Float32Array[],
  sampleRate: number,
  kbps: number,
): Promise<Uint8Array> {
  const stereo = downmixToStereo(channels);
  const rate = previewRate(sampleRate);
  const pcm = rate === sampleRate ? stereo : resample(stereo, sampleRate, rate);
  return encodeMp3(pcm, rate, kbps);
}

/** A 128 kbps CBR MP3 of the whole audio: the public preview of an upload. */
export function encodeUploadPreview(channels: Float32Array[], sampleRate: number): Promise<Uint8Array> {
  return encodeMp3FromAny(channels, sampleRate, INGEST_PREVIEW_KBPS);
}
