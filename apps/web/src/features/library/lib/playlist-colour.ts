/**
 * The tile colours of playlists (spec §2: "a random colour"), from the design tokens'
 * palette. Each pairs a gradient with an initial colour keeping >= 3:1 (large text) on
 * both ends of it.
 */
export const PLAYLIST_COLOURS = [
  'from-saffron-300 to-saffron-600 text-ink-950',
  'from-teal-300 to-teal-500 text-ink-950',
  'from-pomegranate-500 to-pomegranate-700 text-sand-50',
  'from-ink-500 to-ink-700 text-sand-50',
  'from-saffron-400 to-pomegranate-500 text-ink-950',
  'from-teal-700 to-ink-700 text-sand-50',
  'from-sand-200 to-sand-400 text-ink-950',
  'from-saffron-500 to-saffron-600 text-ink-950',
] as const;

/** A colour that looks random but stays the same for a playlist: derived from its id. */
export function playlistColour(id: number | string): string {
  const text = String(id);
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  // Scramble so that consecutive ids do not walk the palette in order.
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
  return PLAYLIST_COLOURS[hash % PLAYLIST_COLOURS.length]!;
}

/** The first letter of a playlist's name, upper-cased (spec §2). */
export function playlistInitial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}
