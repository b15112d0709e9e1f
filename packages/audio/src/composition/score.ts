import type { DroneVoice } from '../voices/drone.js';
import type { Stroke } from '../theory/iqa.js';
import type { DrumVoice, MelodicVoice } from './instruments.js';

/** A fully timed performance, ready to synthesise. Times in seconds. */
export interface ScoreNote {
  voice: MelodicVoice;
  at: number;
  durS: number;
  freq: number;
  velocity: number;
  /** Risha tremolo: plucks repeated at this rate (Hz) for the length of the note (oud, qanun). */
  tremoloHz?: number;
  /** Slurred from the previous note of the same voice (ney). */
  legato?: boolean;
}

export interface ScoreHit {
  drum: DrumVoice;
  at: number;
  stroke: Stroke;
  velocity: number;
}

interface ScoreDrone {
  voices: DroneVoice[];
  startS: number;
  endS: number;
}

export interface Score {
  /** Musical length in seconds (the loop period for loops; before the reverb tail for music). */
  lengthS: number;
  /** For loops: the exact period in samples. */
  loopSamples?: number;
  notes: ScoreNote[];
  hits: ScoreHit[];
  drone?: ScoreDrone;
  /** Tuning of the drums' dums, Hz (related to the tonic). */
  drumTuneHz: number;
  /** Reverb character. */
  space: 'room' | 'hall';
}
