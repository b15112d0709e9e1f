import { describe, expect, it } from 'vitest';
import {
  buildDemoCatalog,
  getIqa,
  getMaqam,
  INSTRUMENT_NAMES,
  loopBars,
  type DemoCatalog,
  type TagKind,
} from './index.js';
import { barSeconds } from './theory/iqa.js';
import { TAG_TEMPO } from './catalog/tag-list.js';

const KINDS: TagKind[] = ['genre', 'mood', 'theme', 'instrument', 'region'];
const REQUIRED: Record<TagKind, string[]> = {
  genre: [
    'Arabic Pop',
    'Classical Arabic',
    'Sufi',
    'Turkish Classical',
    'Belly Dance',
    'Cinematic Oriental',
    'Ambient',
    'Andalusian',
    'Khaleeji',
  ],
  mood: ['Mystical', 'Joyful', 'Melancholic', 'Epic', 'Romantic', 'Meditative', 'Energetic', 'Tense'],
  theme: ['Desert', 'Travel', 'Documentary', 'Wedding', 'Ramadan', 'Adventure', 'Bazaar', 'Night'],
  instrument: ['Oud', 'Qanun', 'Ney', 'Darbuka', 'Riq', 'Frame Drum', 'Drone'],
  region: ['Levant', 'Egypt', 'Maghreb', 'Gulf', 'Anatolia', 'Persia'],
};

function tagsOf(track: DemoCatalog['tracks'][number]): Record<TagKind, string[]> {
  return {
    genre: track.genres,
    mood: track.moods,
    theme: track.themes,
    instrument: track.instruments,
    region: [track.region],
  };
}

describe('buildDemoCatalog', () => {
  const catalog = buildDemoCatalog();

  it('has enough of everything', () => {
    expect(catalog.tracks.filter((t) => t.kind === 'music').length).toBeGreaterThanOrEqual(40);
    expect(catalog.tracks.filter((t) => t.kind === 'loop').length).toBeGreaterThanOrEqual(40);
    expect(catalog.albums.length).toBeGreaterThanOrEqual(8);
    expect(catalog.artists.length).toBeGreaterThanOrEqual(6);
    for (const kind of KINDS) {
      const names = catalog.tags.filter((t) => t.kind === kind).map((t) => t.name);
      for (const name of REQUIRED[kind]) expect(names).toContain(name);
    }
  });

  it('uses every tag, and only tags that exist', () => {
    const exists = new Set(catalog.tags.map((t) => `${t.kind}:${t.name}`));
    const used = new Set<string>();
    for (const track of catalog.tracks) {
      const tags = tagsOf(track);
      for (const kind of KINDS) {
        expect(tags[kind].length, `${track.key} ${kind}`).toBeGreaterThan(0);
        expect(new Set(tags[kind]).size).toBe(tags[kind].length);
        for (const name of tags[kind]) {
          expect(exists.has(`${kind}:${name}`), `${track.key} ${kind}:${name}`).toBe(true);
          used.add(`${kind}:${name}`);
        }
      }
    }
    expect([...exists].filter((t) => !used.has(t))).toEqual([]);
  });

  it('refers only to artists, albums and scales that exist', () => {
    const artists = new Set(catalog.artists.map((a) => a.key));
    const albums = new Map(catalog.albums.map((a) => [a.key, a]));
    const scales = new Set(catalog.scales.map((s) => `${s.key}|${s.keyType}`));
    for (const album of catalog.albums) expect(artists.has(album.artistKey)).toBe(true);
    for (const track of catalog.tracks) {
      expect(artists.has(track.artistKey)).toBe(true);
      if (track.albumKey !== null) expect(albums.get(track.albumKey)?.artistKey).toBe(track.artistKey);
      expect(scales.has(`${track.scale.key}|${track.scale.keyType}`)).toBe(true);
      expect(track.scale).toEqual({ key: track.tonic, keyType: track.maqam });
      getMaqam(track.maqam);
      expect(getIqa(track.iqa).meter).toBe(track.meter);
    }
    for (const scale of catalog.scales) expect(scale.name).toBe(`${scale.keyType} on ${scale.key}`);
    expect(new Set(catalog.scales.map((s) => `${s.key}|${s.keyType}`)).size).toBe(catalog.scales.length);
    // Every album has tracks.
    for (const album of catalog.albums) expect(catalog.tracks.some((t) => t.albumKey === album.key)).toBe(true);
  });

  it('has unique keys, and unique titles per artist', () => {
    const unique = <T>(xs: T[]): boolean => new Set(xs).size === xs.length;
    expect(unique(catalog.tracks.map((t) => t.key))).toBe(true);
    expect(unique(catalog.albums.map((a) => a.key))).toBe(true);
    expect(unique(catalog.artists.map((a) => a.key))).toBe(true);
    expect(unique(catalog.tags.map((t) => `${t.kind}:${t.name}`))).toBe(true);
    expect(unique(catalog.tracks.map((t) => `${t.artistKey}:${t.title}`))).toBe(true);
    expect(unique(catalog.tracks.map((t) => t.seed))).toBe(true);
  });

  it('prices, tempos, durations and colours are sensible', () => {
    for (const track of catalog.tracks) {
      expect(Number.isInteger(track.priceCents)).toBe(true);
      expect(track.priceCents).toBeGreaterThanOrEqual(199);
      expect(track.priceCents).toBeLessThanOrEqual(999);
      expect(Number.isInteger(track.bpm)).toBe(true);
      const [lo, hi] = getIqa(track.iqa).tempo;
      expect(track.bpm).toBeGreaterThanOrEqual(lo);
      expect(track.bpm).toBeLessThanOrEqual(hi);
      for (const name of track.instruments) expect(INSTRUMENT_NAMES).toContain(name);
      if (track.kind === 'music') {
        expect(track.targetDurationS).toBeGreaterThanOrEqual(30);
        expect(track.targetDurationS).toBeLessThanOrEqual(75);
        expect(track.priceCents).toBeGreaterThanOrEqual(499);
      } else {
        expect(track.instruments.length).toBeLessThanOrEqual(2);
        expect(track.priceCents).toBeLessThanOrEqual(399);
        const bars = loopBars(track);
        expect(bars * barSeconds(getIqa(track.iqa), track.bpm)).toBeCloseTo(track.targetDurationS, 2);
        expect(track.title).toContain(`${track.bpm} BPM`);
      }
    }
    const loops = catalog.tracks.filter((t) => t.kind === 'loop');
    const music = catalog.tracks.filter((t) => t.kind === 'music');
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(loops.map((t) => t.priceCents))).toBeLessThan(mean(music.map((t) => t.priceCents)));
    for (const tag of catalog.tags) expect(tag.color).toMatch(/^#[0-9a-f]{6}$/);
    for (const album of catalog.albums) expect(album.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('moods and tempos agree: every track and loop is inside the BPM range of each of its moods (TAG_TEMPO)', () => {
    for (const mood of REQUIRED.mood) expect(TAG_TEMPO[mood], mood).toBeDefined();
    for (const track of catalog.tracks) {
      for (const tag of [...track.moods, ...track.genres]) {
        const range = TAG_TEMPO[tag];
        if (!range) continue;
        expect(track.bpm, `${track.key} "${track.title}" ${tag}`).toBeGreaterThanOrEqual(range[0]);
        expect(track.bpm, `${track.key} "${track.title}" ${tag}`).toBeLessThanOrEqual(range[1]);
      }
    }
    // The cases a listener notices: no slow mood at a dance tempo, no lively one at a crawl.
    const slow = ['Meditative', 'Melancholic', 'Mystical', 'Romantic'];
    const lively = ['Energetic', 'Belly Dance'];
    for (const track of catalog.tracks) {
      if (track.moods.some((m) => slow.includes(m))) expect(track.bpm, track.key).toBeLessThanOrEqual(125);
      if ([...track.moods, ...track.genres].some((m) => lively.includes(m)))
        expect(track.bpm, track.key).toBeGreaterThanOrEqual(84);
    }
    // Other seeds keep the rule too.
    for (const seed of [2, 7, 11])
      for (const track of buildDemoCatalog(seed).tracks)
        for (const tag of track.moods) {
          const range = TAG_TEMPO[tag]!;
          expect(track.bpm >= range[0] && track.bpm <= range[1], `seed ${seed} ${track.key} ${tag}`).toBe(true);
        }
  });

  it('puts every loop in a loop album, so every loop has art', () => {
    const albums = new Set(catalog.albums.map((a) => a.key));
    for (const loop of catalog.tracks.filter((t) => t.kind === 'loop'))
      expect(albums.has(loop.albumKey ?? '')).toBe(true);
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(buildDemoCatalog()).toEqual(catalog);
    const other = buildDemoCatalog(7);
    expect(other.tracks.map((t) => t.key)).toEqual(catalog.tracks.map((t) => t.key));
    expect(other.tracks.map((t) => t.seed)).not.toEqual(catalog.tracks.map((t) => t.seed));
    // Still valid: every tag used.
    const used = new Set(other.tracks.flatMap((t) => [...t.genres, ...t.moods, ...t.themes]));
    for (const tag of other.tags.filter((t) => t.kind !== 'instrument' && t.kind !== 'region'))
      expect(used.has(tag.name)).toBe(true);
  });
});
