/**
 * Scala tuning files of a maqam: the scale (`.scl`, cents above the tonic) and a keyboard mapping
 * (`.kbm`, the tonic on its piano key at its exact frequency). Both are made from the same data the
 * synthesizer plays (`degreeQuarterTones`, `noteFrequency`), so a synth tuned with them plays the
 * intervals of the recording. Formats: https://www.huygens-fokker.org/scala/scl_format.html and
 * https://www.huygens-fokker.org/scala/help.htm#mappings.
 */
import { degreeQuarterTones, getMaqam, MAQAMAT, type Maqam } from './maqam.js';
import { noteFrequency, noteQuarterTones } from './pitch.js';

/** One quarter tone of the 24-tone equal temperament the catalog is written in. */
export const CENTS_PER_QUARTER_TONE = 50;

/** Cents above the tonic of the seven degrees of one octave, tonic (0) first. */
export function maqamCents(maqam: Maqam): number[] {
  return maqam.octave.map((_, degree) => degreeQuarterTones(maqam, degree) * CENTS_PER_QUARTER_TONE);
}

/** The maqam of this name, or undefined (names as the catalog writes them, e.g. "Hijazkar"). */
export function findMaqam(name: string | null | undefined): Maqam | undefined {
  return name ? MAQAMAT.find((m) => m.name === name) : undefined;
}

/** Whether a tonic is a note name the tuning maths understands ("D", "Bb", "E half-flat"). */
export function isNoteName(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    noteQuarterTones(name);
    return true;
  } catch {
    return false;
  }
}

/** A file name part: letters and digits, other runs as one underscore ("E half-flat" → "E_half-flat"). */
export function tuningFileStem(maqam: string, tonic: string): string {
  return `${maqam}_on_${tonic}`.replace(/[^A-Za-z0-9-]+/g, '_');
}

const cents = (value: number) => value.toFixed(5);

/**
 * The `.scl` text of a maqam: seven degrees above the tonic (the tonic itself is implied by the
 * format), the octave (2/1) as the eighth line. `title` is the description line.
 */
export function scalaScale(maqamName: string, tonic: string, title?: string): string {
  const maqam = getMaqam(maqamName);
  const steps = maqamCents(maqam).slice(1);
  const lines = [
    `! ${tuningFileStem(maqamName, tonic)}.scl`,
    '!',
    title ??
      `Maqam ${maqamName} on ${tonic} (Tarab; 24-tone equal temperament, lower jins ${maqam.ajnas[0]}, upper jins ${maqam.ajnas[1]})`,
    ` ${steps.length + 1}`,
    '!',
    ...steps.map((c) => ` ${cents(c)}`),
    ' 2/1',
  ];
  return `${lines.join('\n')}\n`;
}

/** MIDI note of the tonic's piano key in octave 4 (half-flats on the key they flatten: E half-flat → E4). */
export function tonicMidiNote(tonic: string): number {
  return 60 + Math.round(noteQuarterTones(tonic) / 2);
}

/**
 * Which of the 12 keys of an octave, counted from the tonic's key, plays each degree: the key nearest
 * to the degree's pitch, moved up when an earlier degree already took it. Keys left over are unmapped.
 */
export function degreeKeys(maqam: Maqam): number[] {
  const keys: number[] = [];
  for (const c of maqamCents(maqam)) {
    const nearest = Math.round(c / 100);
    keys.push(Math.max(nearest, (keys.at(-1) ?? -1) + 1));
  }
  if ((keys.at(-1) ?? 0) > 11) throw new Error(`Maqam ${maqam.name} does not fit one octave of keys`);
  return keys;
}

/**
 * The `.kbm` text: a 12-key pattern starting on the tonic's key (MIDI `tonicMidiNote`), each degree on
 * its nearest key (`degreeKeys`, the others `x`, unmapped), the tonic's key tuned to the tonic's exact
 * frequency (A4 = 440 Hz, half-flats included), the scale's degree 7 (2/1) as the formal octave.
 */
export function keyboardMapping(maqamName: string, tonic: string): string {
  const maqam = getMaqam(maqamName);
  const middle = tonicMidiNote(tonic);
  const keys = degreeKeys(maqam);
  const map = Array.from({ length: 12 }, (_, key) => {
    const degree = keys.indexOf(key);
    return degree >= 0 ? String(degree) : 'x';
  });
  const lines = [
    `! ${tuningFileStem(maqamName, tonic)}.kbm`,
    `! Maqam ${maqamName} on ${tonic} (Tarab): the tonic on MIDI note ${middle}, each degree on its nearest key`,
    '! Size of map:',
    '12',
    '! First MIDI note number to retune:',
    '0',
    '! Last MIDI note number to retune:',
    '127',
    '! Middle note where the first entry of the mapping is mapped to:',
    String(middle),
    '! Reference note for which frequency is given:',
    String(middle),
    '! Frequency to tune the above note to (floating point e.g. 440.0):',
    noteFrequency(tonic, 4).toFixed(6),
    '! Scale degree to consider as formal octave:',
    String(maqam.octave.length),
    '! Mapping.',
    ...map,
  ];
  return `${lines.join('\n')}\n`;
}
