/** The instrument tag names of the catalog and the synthesised voices that render them. */
export type MelodicVoice = 'oud' | 'qanun' | 'ney';
export type DrumVoice = 'darbuka' | 'riq' | 'frame-drum';
export type VoiceId = MelodicVoice | DrumVoice | 'drone';

const INSTRUMENT_VOICES = {
  Oud: 'oud',
  Qanun: 'qanun',
  Ney: 'ney',
  Darbuka: 'darbuka',
  Riq: 'riq',
  'Frame Drum': 'frame-drum',
  Drone: 'drone',
} as const satisfies Record<string, VoiceId>;

export type InstrumentName = keyof typeof INSTRUMENT_VOICES;
export const INSTRUMENT_NAMES = Object.keys(INSTRUMENT_VOICES) as InstrumentName[];

const MELODIC: readonly VoiceId[] = ['oud', 'qanun', 'ney'];
const DRUMS: readonly VoiceId[] = ['darbuka', 'riq', 'frame-drum'];

function isInstrumentName(name: string): name is InstrumentName {
  return Object.hasOwn(INSTRUMENT_VOICES, name);
}

export function voiceOf(name: string): VoiceId {
  if (!isInstrumentName(name)) throw new Error(`Unknown instrument ${name}`);
  return INSTRUMENT_VOICES[name];
}

export function melodicVoices(instruments: readonly string[]): MelodicVoice[] {
  return instruments.map(voiceOf).filter((v): v is MelodicVoice => MELODIC.includes(v));
}

export function drumVoices(instruments: readonly string[]): DrumVoice[] {
  return instruments.map(voiceOf).filter((v): v is DrumVoice => DRUMS.includes(v));
}

export function hasDrone(instruments: readonly string[]): boolean {
  return instruments.some((i) => voiceOf(i) === 'drone');
}
