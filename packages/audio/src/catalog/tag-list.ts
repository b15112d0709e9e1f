import type { TagKind } from '../types.js';

/** Every tag of the demo store, with its colour. Images are generated from kind + name. */
export const TAG_LIST: readonly { kind: TagKind; name: string; color: string }[] = [
  { kind: 'genre', name: 'Arabic Pop', color: '#e0497f' },
  { kind: 'genre', name: 'Classical Arabic', color: '#b8862f' },
  { kind: 'genre', name: 'Sufi', color: '#7a5cc2' },
  { kind: 'genre', name: 'Turkish Classical', color: '#b23a3a' },
  { kind: 'genre', name: 'Belly Dance', color: '#e07b39' },
  { kind: 'genre', name: 'Cinematic Oriental', color: '#3c6e9f' },
  { kind: 'genre', name: 'Ambient', color: '#3f9c9a' },
  { kind: 'genre', name: 'Andalusian', color: '#2f8f5b' },
  { kind: 'genre', name: 'Khaleeji', color: '#c9a227' },
  { kind: 'mood', name: 'Mystical', color: '#5b4ba8' },
  { kind: 'mood', name: 'Joyful', color: '#f0a830' },
  { kind: 'mood', name: 'Melancholic', color: '#4a6480' },
  { kind: 'mood', name: 'Epic', color: '#a8322d' },
  { kind: 'mood', name: 'Romantic', color: '#d45d79' },
  { kind: 'mood', name: 'Meditative', color: '#5e9e8f' },
  { kind: 'mood', name: 'Energetic', color: '#e8612c' },
  { kind: 'mood', name: 'Tense', color: '#6e2f4f' },
  { kind: 'theme', name: 'Desert', color: '#d29a4f' },
  { kind: 'theme', name: 'Travel', color: '#4f8fb5' },
  { kind: 'theme', name: 'Documentary', color: '#7d7a5c' },
  { kind: 'theme', name: 'Wedding', color: '#c95f8c' },
  { kind: 'theme', name: 'Ramadan', color: '#2d5a8c' },
  { kind: 'theme', name: 'Adventure', color: '#b5532f' },
  { kind: 'theme', name: 'Bazaar', color: '#c7772e' },
  { kind: 'theme', name: 'Night', color: '#283b6b' },
  { kind: 'instrument', name: 'Oud', color: '#8b5a2b' },
  { kind: 'instrument', name: 'Qanun', color: '#a0522d' },
  { kind: 'instrument', name: 'Ney', color: '#9c8a4e' },
  { kind: 'instrument', name: 'Darbuka', color: '#b0643a' },
  { kind: 'instrument', name: 'Riq', color: '#b89a55' },
  { kind: 'instrument', name: 'Frame Drum', color: '#7a5230' },
  { kind: 'instrument', name: 'Drone', color: '#55608f' },
  { kind: 'region', name: 'Levant', color: '#4f7f4f' },
  { kind: 'region', name: 'Egypt', color: '#c8a24a' },
  { kind: 'region', name: 'Maghreb', color: '#2a7f8f' },
  { kind: 'region', name: 'Gulf', color: '#d9a95f' },
  { kind: 'region', name: 'Anatolia', color: '#a33b3b' },
  { kind: 'region', name: 'Persia', color: '#2f5fa8' },
];

/**
 * The tempo each mood (and the one dance genre) allows, in the BPM the store shows. One table for
 * the whole demo catalog: a piece's BPM lies inside the range of every one of its moods, so a
 * "Meditative" piece is never at 200 BPM nor an "Energetic" one at 60 (issue 32). The slow moods
 * rule out the eighth-note cycles (Sama'i Thaqil 10/8, Karsilama 9/8), whose counted BPM is high.
 */
export const TAG_TEMPO: Readonly<Record<string, readonly [number, number]>> = {
  Meditative: [50, 95],
  Melancholic: [55, 110],
  Mystical: [55, 120],
  Romantic: [60, 125],
  Epic: [80, 200],
  Tense: [84, 240],
  Joyful: [84, 240],
  Energetic: [100, 240],
  'Belly Dance': [84, 240],
};

/** The BPM range a set of tags allows together (intersection of their ranges), or null if none. */
export function tempoRangeOf(tags: readonly string[]): readonly [number, number] | null {
  let lo = 0;
  let hi = Number.POSITIVE_INFINITY;
  for (const tag of tags) {
    const range = TAG_TEMPO[tag];
    if (!range) continue;
    lo = Math.max(lo, range[0]);
    hi = Math.min(hi, range[1]);
  }
  return lo <= hi ? [lo, hi] : null;
}
