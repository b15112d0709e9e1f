import { frequencyAtLeast } from '../theory/pitch.js';
import type { Maqam } from '../theory/maqam.js';
import type { DroneVoice } from '../voices/drone.js';
import type { MelodicVoice } from './instruments.js';

/** Tonic frequency in each instrument's comfortable register. */
export function voiceTonicHz(voice: MelodicVoice, tonic: string): number {
  const oud = frequencyAtLeast(tonic, 98);
  return voice === 'oud' ? oud : oud * 2;
}

/** Dum tuning of the drums: the tonic in the low octave. */
export function drumTuneHz(tonic: string): number {
  return frequencyAtLeast(tonic, 65);
}

/** Tonic, the maqam's drone interval, and a soft upper octave. */
export function droneVoices(maqam: Maqam, tonic: string): DroneVoice[] {
  const root = frequencyAtLeast(tonic, 65);
  const second = root * 2 ** (maqam.droneInterval / 24);
  return [
    { freq: root, level: 1 },
    { freq: second, level: maqam.droneInterval === 24 ? 0.45 : 0.6 },
    { freq: root * 2, level: maqam.droneInterval === 24 ? 0 : 0.3 },
  ].filter((v) => v.level > 0);
}
