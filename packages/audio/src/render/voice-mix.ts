import type { BiquadCoefficients } from '../dsp/biquad.js';
import { highShelf, highpass, lowpass, peaking } from '../dsp/biquad.js';
import type { VoiceId } from '../composition/instruments.js';

/** How each voice sits in the stereo mix: level, pan (-1..1), reverb send and body/tone EQ. */
export interface VoiceMix {
  gain: number;
  pan: number;
  send: number;
  eq: (sampleRate: number) => BiquadCoefficients[];
  /** Dense high-frequency transients that MP3 coding overshoots the most. */
  bright?: boolean;
}

export const VOICE_MIX: Record<VoiceId, VoiceMix> = {
  oud: {
    gain: 0.62,
    pan: -0.28,
    send: 0.16,
    eq: (sr) => [
      peaking(sr, 110, 1.4, 4),
      peaking(sr, 235, 1.2, 2.5),
      peaking(sr, 1100, 1.5, 1.5),
      highShelf(sr, 5000, -5),
    ],
  },
  qanun: {
    gain: 0.84,
    bright: true,
    pan: 0.32,
    send: 0.2,
    eq: (sr) => [highpass(sr, 110), peaking(sr, 320, 1, -2), peaking(sr, 2800, 1.2, 2), highShelf(sr, 8000, -3)],
  },
  ney: {
    gain: 0.34,
    pan: 0.08,
    send: 0.32,
    eq: (sr) => [highpass(sr, 180), peaking(sr, 900, 0.8, 1.5), highShelf(sr, 7000, -3)],
  },
  darbuka: { gain: 0.55, pan: 0, send: 0.1, eq: (sr) => [highpass(sr, 45)] },
  riq: {
    gain: 0.53,
    pan: 0.45,
    send: 0.12,
    bright: true,
    eq: (sr) => [highpass(sr, 250), lowpass(sr, 11000), highShelf(sr, 7000, -3)],
  },
  'frame-drum': { gain: 0.44, pan: -0.15, send: 0.18, eq: (sr) => [highpass(sr, 35), highShelf(sr, 5000, -4)] },
  drone: { gain: 0.07, pan: 0, send: 0.25, eq: () => [] },
};

/** Adds a mono bus into the stereo mix (constant-power pan) and the reverb send. */
export function mixBus(
  bus: Float32Array,
  mix: VoiceMix,
  left: Float32Array,
  right: Float32Array,
  send: Float32Array,
  from: number,
  to: number,
): void {
  const angle = ((mix.pan + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * Math.SQRT2 * mix.gain;
  const gr = Math.sin(angle) * Math.SQRT2 * mix.gain;
  const gs = mix.send * mix.gain;
  for (let i = from; i < to; i++) {
    const v = bus[i] as number;
    left[i] = (left[i] as number) + v * gl;
    right[i] = (right[i] as number) + v * gr;
    send[i] = (send[i] as number) + v * gs;
  }
}
