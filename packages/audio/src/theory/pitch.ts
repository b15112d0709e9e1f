/** Note names (with Arabic half-flats) to frequencies, A4 = 440 Hz. */
const LETTER_SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** Quarter tones above C of a note name such as "D", "Bb", "F#", "E half-flat". */
export function noteQuarterTones(name: string): number {
  const match = /^([A-G])(#|b)?( half-flat)?$/.exec(name.trim());
  if (!match) throw new Error(`Unknown note name "${name}"`);
  const [, letter = 'C', accidental, halfFlat] = match;
  let qt = (LETTER_SEMITONES[letter] ?? 0) * 2;
  if (accidental === '#') qt += 2;
  if (accidental === 'b') qt -= 2;
  if (halfFlat) qt -= 1;
  return qt;
}

/** Frequency of a note name in the given octave (scientific pitch notation: C4 = middle C). */
export function noteFrequency(name: string, octave: number): number {
  const qtFromA4 = noteQuarterTones(name) + 24 * (octave - 4) - 18;
  return 440 * 2 ** (qtFromA4 / 24);
}

/** The octave that puts the note closest to (at or above) the given floor frequency. */
export function frequencyAtLeast(name: string, floorHz: number): number {
  let octave = 0;
  while (noteFrequency(name, octave) < floorHz) octave++;
  return noteFrequency(name, octave);
}
