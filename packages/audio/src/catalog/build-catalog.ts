import { albumCover } from '../art/cover-art.js';
import { artistPortrait } from '../art/artist-art.js';
import { tagImage } from '../art/tag-art.js';
import { melodicVoices } from '../composition/instruments.js';
import { createRng, hashString, mixSeeds, type Rng } from '../random.js';
import { barSeconds, getIqa } from '../theory/iqa.js';
import { getMaqam, MAQAMAT } from '../theory/maqam.js';
import type { DemoAlbum, DemoArtist, DemoCatalog, DemoScale, DemoTag, DemoTrackSpec, TagKind } from '../types.js';
import { ARTIST_INSTRUMENTS, MUSIC_ALBUMS, LOOP_ALBUMS, type AlbumPlan } from './album-plans.js';
import { ARABIC_TITLES } from './arabic-titles.js';
import { ARTIST_LIST } from './artist-list.js';
import { LOOP_RECIPES, type LoopRecipe } from './loop-recipes.js';
import { loopPrice, musicPrice } from './pricing.js';
import { TAG_LIST, tempoRangeOf } from './tag-list.js';

export const DEFAULT_CATALOG_SEED = 1;

const CALM_MOODS = new Set(['Meditative', 'Mystical', 'Melancholic', 'Romantic']);
const LIVELY_MOODS = new Set(['Energetic', 'Joyful', 'Epic']);

/**
 * The demo catalog: tags, scales, artists, albums and the specs of every track and loop.
 * Metadata only (fast, deterministic for a seed); audio comes from renderTrack/renderCatalog.
 */
export function buildDemoCatalog(seed = DEFAULT_CATALOG_SEED): DemoCatalog {
  const rng = createRng(mixSeeds(seed, hashString('tarab-demo-catalog')));

  const tags: DemoTag[] = TAG_LIST.map((t) => ({ ...t, image: tagImage(t.kind, t.name, t.color) }));
  const artists: DemoArtist[] = ARTIST_LIST.map((a) => ({
    key: a.key,
    name: a.name,
    nameAr: a.nameAr,
    bio: a.bio,
    bioAr: a.bioAr,
    image: artistPortrait({ key: a.key, instruments: ARTIST_INSTRUMENTS[a.key] ?? [], paletteIndex: a.paletteIndex }),
  }));
  const albums: DemoAlbum[] = [...MUSIC_ALBUMS, ...LOOP_ALBUMS].map((a) => ({
    key: a.key,
    title: a.title,
    ...('titleAr' in a && a.titleAr
      ? { titleAr: a.titleAr }
      : ARABIC_TITLES[a.title]
        ? { titleAr: ARABIC_TITLES[a.title] }
        : {}),
    artistKey: a.artistKey,
    releasedAt: a.releasedAt,
    // No title or name in the art (decision 060): the page sets them in its language.
    image: albumCover({ key: a.key, paletteIndex: a.paletteIndex, layout: a.layout }),
  }));

  const music = MUSIC_ALBUMS.flatMap((plan) => musicTracks(plan, seed, rng.fork(plan.key)));
  ensureTagCoverage(music, rng.fork('coverage'));
  for (const track of music) track.priceCents = musicPrice(track);
  const loops = LOOP_RECIPES.map((recipe, i) => loopTrack(recipe, i, seed, rng.fork(`loop-${i}`)));
  uniquifyLoopTitles(loops);

  return { tags, scales: scalesFor([...music, ...loops]), artists, albums, tracks: [...music, ...loops] };
}

function pickSome(rng: Rng, pool: readonly string[], min: number, max: number): string[] {
  return rng.shuffle(pool).slice(0, rng.int(min, Math.min(max, pool.length)));
}

/** The BPM range an iqa' and a set of moods and genres allow together (TAG_TEMPO), or null. */
function allowedTempo(iqaName: string, tags: readonly string[]): readonly [number, number] | null {
  const [lo, hi] = getIqa(iqaName).tempo;
  const range = tempoRangeOf(tags);
  if (!range) return null;
  const a = Math.max(lo, range[0]);
  const b = Math.min(hi, range[1]);
  return a <= b ? [a, b] : null;
}

/**
 * A tempo in the iqa's range, leaning slower for calm moods and faster for lively ones, and
 * always inside the range its moods allow (tag-list.ts TAG_TEMPO).
 */
function chooseTempo(iqaName: string, tags: readonly string[], rng: Rng): number {
  const [lo, hi] = getIqa(iqaName).tempo;
  let t = rng.range(0.25, 0.75);
  if (tags.some((m) => CALM_MOODS.has(m))) t -= 0.2;
  if (tags.some((m) => LIVELY_MOODS.has(m))) t += 0.2;
  t = Math.min(1, Math.max(0, t));
  const bpm = Math.round(lo + (hi - lo) * t);
  const allowed = allowedTempo(iqaName, tags);
  if (!allowed) throw new Error(`No tempo of ${iqaName} suits ${tags.join(', ')}`);
  if (bpm >= allowed[0] && bpm <= allowed[1]) return bpm;
  return Math.round(allowed[0] + (allowed[1] - allowed[0]) * t);
}

function musicTracks(plan: AlbumPlan, seed: number, rng: Rng): DemoTrackSpec[] {
  const scales = rng.shuffle(plan.scales);
  const iqaat = rng.shuffle(plan.iqaat);
  const ensembles = rng.shuffle(plan.ensembles);
  return plan.titles.map((title, i): DemoTrackSpec => {
    const [maqam, tonic] = scales[i % scales.length] as readonly [string, string];
    const iqa = iqaat[i % iqaat.length] as string;
    const genres = [
      plan.genres[0] as string,
      ...(plan.genres.length > 1 && rng.chance(0.5) ? plan.genres.slice(1, 2) : []),
    ];
    // Only moods whose tempo the cycle can keep (a Karsilama is never "Meditative").
    const fitting = plan.moods.filter((m) => allowedTempo(iqa, [m, ...genres]) !== null);
    if (fitting.length === 0) throw new Error(`${plan.key}: no mood of the album suits ${iqa}`);
    const picked = pickSome(rng, fitting, 1, 2);
    const moods = allowedTempo(iqa, [...picked, ...genres]) ? picked : picked.slice(0, 1);
    const key = `${plan.key}-${String(i + 1).padStart(2, '0')}`;
    return {
      key,
      kind: 'music',
      title,
      ...(ARABIC_TITLES[title] ? { titleAr: ARABIC_TITLES[title] } : {}),
      artistKey: plan.artistKey,
      albumKey: plan.key,
      genres,
      moods,
      themes: pickSome(rng, plan.themes, 1, 2),
      instruments: [...(ensembles[i % ensembles.length] as readonly string[])],
      region: plan.region,
      maqam,
      tonic,
      iqa,
      meter: getIqa(iqa).meter,
      bpm: chooseTempo(iqa, [...moods, ...genres], rng),
      priceCents: 0,
      scale: { key: tonic, keyType: maqam },
      seed: mixSeeds(seed, hashString(key)),
      targetDurationS: Math.round(rng.range(38, 52)),
    };
  });
}

/** Every genre, mood and theme tag is used: missing ones join a track whose album draws on them. */
function ensureTagCoverage(tracks: DemoTrackSpec[], rng: Rng): void {
  const fields: Partial<Record<TagKind, 'genres' | 'moods' | 'themes'>> = {
    genre: 'genres',
    mood: 'moods',
    theme: 'themes',
  };
  for (const tag of TAG_LIST) {
    const field = fields[tag.kind];
    if (!field || tracks.some((t) => t[field].includes(tag.name))) continue;
    // A mood or genre joins only a track whose tempo it allows (TAG_TEMPO).
    const fits = (t: DemoTrackSpec) => {
      const range = tempoRangeOf([...t.moods, ...t.genres, tag.name]);
      return range !== null && t.bpm >= range[0] && t.bpm <= range[1];
    };
    const candidates = tracks.filter(
      (t) => fits(t) && MUSIC_ALBUMS.find((a) => a.key === t.albumKey)?.[field].includes(tag.name),
    );
    const fitting = tracks.filter(fits);
    const pool = candidates.length > 0 ? candidates : fitting.length > 0 ? fitting : tracks;
    const fewest = Math.min(...pool.map((t) => t[field].length));
    rng.pick(pool.filter((t) => t[field].length === fewest))[field].push(tag.name);
  }
}

function loopTrack(recipe: LoopRecipe, index: number, seed: number, rng: Rng): DemoTrackSpec {
  const iqa = getIqa(recipe.iqa);
  const bpm = chooseTempo(recipe.iqa, [...recipe.moods, ...recipe.genres], rng);
  const barS = barSeconds(iqa, bpm);
  const want = rng.range(5, 10);
  const bars = [1, 2, 4, 8].reduce(
    (best, b) => (Math.abs(b * barS - want) < Math.abs(best * barS - want) ? b : best),
    1,
  );
  const durationS = bars * barS;
  const melodic = melodicVoices(recipe.instruments).length > 0;
  const key = `loop-${String(index + 1).padStart(2, '0')}`;
  return {
    key,
    kind: 'loop',
    title: loopTitle(recipe, bpm),
    artistKey: recipe.artistKey,
    albumKey: recipe.albumKey,
    genres: [...recipe.genres],
    moods: [...recipe.moods],
    themes: [...recipe.themes],
    instruments: [...recipe.instruments],
    region: recipe.region,
    maqam: recipe.maqam,
    tonic: recipe.tonic,
    iqa: recipe.iqa,
    meter: iqa.meter,
    bpm,
    priceCents: loopPrice({ instruments: recipe.instruments, melodic, durationS }),
    scale: { key: recipe.tonic, keyType: recipe.maqam },
    seed: mixSeeds(seed, hashString(key)),
    targetDurationS: Math.round(durationS * 1000) / 1000,
  };
}

/** "Darbuka Maqsum 96 BPM", "Oud Hijaz Phrase D 100 BPM", "Ney & Drone Saba D 72 BPM"… */
function loopTitle(recipe: Pick<LoopRecipe, 'instruments' | 'iqa' | 'maqam' | 'tonic'>, bpm: number): string {
  const names = recipe.instruments.join(' & ');
  const melodic = melodicVoices(recipe.instruments).length > 0;
  const drone = recipe.instruments.includes('Drone');
  if (!melodic && !drone) return `${names} ${recipe.iqa} ${bpm} BPM`;
  if (recipe.instruments.length === 1) return `${names} ${recipe.maqam} Phrase ${recipe.tonic} ${bpm} BPM`;
  return `${names} ${recipe.maqam} ${recipe.tonic} ${bpm} BPM`;
}

function uniquifyLoopTitles(loops: DemoTrackSpec[]): void {
  const seen = new Set<string>();
  for (const loop of loops) {
    let title = loop.title;
    for (let n = 2; seen.has(`${loop.artistKey}:${title}`); n++) title = `${loop.title} ${romanNumeral(n)}`;
    loop.title = title;
    seen.add(`${loop.artistKey}:${title}`);
  }
}

function romanNumeral(n: number): string {
  return ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'][n] ?? String(n);
}

/** The scales used by the tracks plus the usual tonics of every maqam, in maqam order. */
function scalesFor(tracks: readonly DemoTrackSpec[]): DemoScale[] {
  const pairs = new Set<string>();
  for (const m of MAQAMAT) for (const tonic of m.tonics) pairs.add(`${m.name}|${tonic}`);
  for (const t of tracks) pairs.add(`${t.scale.keyType}|${t.scale.key}`);
  const order = (name: string): number => MAQAMAT.findIndex((m) => m.name === name);
  return [...pairs]
    .map((p) => p.split('|') as [string, string])
    .sort(
      (a, b) =>
        order(a[0]) - order(b[0]) ||
        getMaqam(a[0]).tonics.indexOf(a[1]) - getMaqam(b[0]).tonics.indexOf(b[1]) ||
        a[1].localeCompare(b[1]),
    )
    .map(([maqam, tonic]) => ({ name: `${maqam} on ${tonic}`, key: tonic, keyType: maqam }));
}
