/**
 * Prices in cents. Music: 4.99–9.99, more for bigger ensembles, longer pieces, art-music and
 * cinematic genres. Loops: 1.99–3.99, more for melodic and two-voice loops and longer loops.
 */
const ART_MUSIC = new Set(['Classical Arabic', 'Turkish Classical', 'Andalusian']);
const CINEMATIC = new Set(['Cinematic Oriental', 'Epic']);

export function musicPrice(spec: {
  instruments: readonly string[];
  genres: readonly string[];
  moods: readonly string[];
  targetDurationS: number;
}): number {
  let price = 499 + 100 * Math.max(0, spec.instruments.length - 2);
  if ([...spec.genres, ...spec.moods].some((t) => CINEMATIC.has(t))) price += 100;
  if (spec.genres.some((g) => ART_MUSIC.has(g))) price += 100;
  if (spec.targetDurationS >= 46) price += 100;
  return Math.min(999, Math.max(499, price));
}

export function loopPrice(spec: { instruments: readonly string[]; melodic: boolean; durationS: number }): number {
  let price = 199;
  if (spec.instruments.length > 1) price += 50;
  if (spec.melodic) price += 50;
  if (spec.durationS >= 8) price += 50;
  return Math.min(399, Math.max(199, price));
}
