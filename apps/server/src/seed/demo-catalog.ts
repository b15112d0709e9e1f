import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  buildDemoCatalog,
  renderCatalog,
  SAMPLE_RATE,
  type AudioPool,
  type DemoCatalog,
  type DemoTrackSpec,
  type RenderedTrack,
} from '@tarab/audio';
import type { Database } from '../db/client.js';
import { albums, appMeta, artists, scales, tags, trackTags, tracks } from '../db/schema/index.js';
import { refreshTrackSearch } from '../modules/catalog/catalog-search.repo.js';
import type { Storage } from '../storage/storage.js';
import { seedDemoAccounts, type DemoCredentials } from './demo-accounts.js';
import { arabicNameOf, arabicNoteOf } from '@tarab/contracts/lexicon';

export type DemoCatalogMode = 'full' | 'small';

export interface SeedLog {
  info(message: string): void;
}

interface StoredTrack {
  audioKey: string;
  previewKey: string;
  peaksKey: string;
  auditionKey: string | null;
  durationS: number;
  bpm: number;
}

const shortHash = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'item';

/** The small catalog (tests, quick demos): a few short tracks of each kind, same shapes. */
export function selectSpecs(catalog: DemoCatalog, mode: DemoCatalogMode): DemoTrackSpec[] {
  if (mode === 'full') return catalog.tracks;
  const music = catalog.tracks.filter((t) => t.kind === 'music').slice(0, 8);
  const loops = catalog.tracks.filter((t) => t.kind === 'loop').slice(0, 8);
  return [...music.map((t) => ({ ...t, targetDurationS: Math.min(t.targetDurationS, 10) })), ...loops];
}

async function isCatalogSeeded(database: Database): Promise<boolean> {
  const rows = await database.db.select({ n: sql<number>`count(*)::int` }).from(tracks);
  return (rows[0]?.n ?? 0) > 0;
}

async function putImage(storage: Storage, folder: string, name: string, svg: string): Promise<string> {
  const key = `images/${folder}/${slug(name)}-${shortHash(svg)}.svg`;
  await storage.put('public', key, svg);
  return key;
}

async function storeRendered(storage: Storage, spec: DemoTrackSpec, r: RenderedTrack): Promise<StoredTrack> {
  const base = slug(`${spec.key}-${spec.title}`);
  const audioKey = `originals/${base}-${shortHash(r.wav)}.wav`;
  const previewKey = `previews/${base}-${shortHash(r.mp3)}.mp3`;
  const peaksJson = JSON.stringify({ data: r.peaks });
  const peaksKey = `peaks/${base}-${shortHash(peaksJson)}.json`;
  await storage.put('private', audioKey, r.wav);
  await storage.put('public', previewKey, r.mp3);
  await storage.put('public', peaksKey, peaksJson);
  // Loops: the gapless audition WAV (decision 043), public like the preview it is decoded from.
  const auditionKey = r.audition ? `auditions/${base}-${shortHash(r.audition)}.wav` : null;
  if (r.audition && auditionKey) await storage.put('public', auditionKey, r.audition);
  return { audioKey, previewKey, peaksKey, auditionKey, durationS: r.durationS, bpm: r.bpm };
}

/**
 * Renders the synthesized demo catalog into storage and inserts its rows, once: when the
 * tracks table is empty. Files are written first (atomically, content-addressed, so a crash
 * and restart only rewrites the same names); all rows go in one transaction.
 */
export async function seedDemoCatalog(
  database: Database,
  storage: Storage,
  mode: DemoCatalogMode,
  log: SeedLog,
  options: { pool?: AudioPool; accounts?: boolean; adminPassword?: string | undefined } = {},
): Promise<{ seeded: boolean; tracks: number; seconds: number; accounts: DemoCredentials[] }> {
  if (await isCatalogSeeded(database)) return { seeded: false, tracks: 0, seconds: 0, accounts: [] };
  const started = performance.now();
  const catalog = buildDemoCatalog();
  const specs = selectSpecs(catalog, mode);
  log.info(`Rendering the demo catalog (${mode}): ${specs.length} tracks and loops…`);

  const rendered = new Map<string, StoredTrack>();
  let lastPrint = 0;
  await renderCatalog(specs, {
    ...(options.pool ? { pool: options.pool } : {}),
    onTrack: async (spec, r) => {
      rendered.set(spec.key, await storeRendered(storage, spec, r));
      const now = performance.now();
      if (now - lastPrint > 2000 || rendered.size === specs.length) {
        lastPrint = now;
        log.info(`  rendered ${rendered.size}/${specs.length} (${((now - started) / 1000).toFixed(1)} s)`);
      }
    },
  });

  const tagImages = await Promise.all(catalog.tags.map((t) => putImage(storage, `tags/${t.kind}`, t.name, t.image)));
  const artistImages = await Promise.all(catalog.artists.map((a) => putImage(storage, 'artists', a.name, a.image)));
  const albumImages = await Promise.all(catalog.albums.map((a) => putImage(storage, 'albums', a.title, a.image)));

  let accounts: DemoCredentials[] = [];
  await database.db.transaction(async (tx) => {
    const tagRows = await tx
      .insert(tags)
      .values(catalog.tags.map((t, i) => ({ kind: t.kind, name: t.name, color: t.color, image: tagImages[i]! })))
      .returning({ id: tags.id, kind: tags.kind, name: tags.name });
    const tagId = new Map(tagRows.map((r) => [`${r.kind}:${r.name}`, r.id]));
    const scaleRows = await tx
      .insert(scales)
      .values(catalog.scales.map((s) => ({ name: s.name, key: s.key, keyType: s.keyType })))
      .returning({ id: scales.id, key: scales.key, keyType: scales.keyType });
    const scaleId = new Map(scaleRows.map((r) => [`${r.key}:${r.keyType}`, r.id]));
    const artistRows = await tx
      .insert(artists)
      .values(
        catalog.artists.map((a, i) => ({
          name: a.name,
          nameAr: a.nameAr,
          bio: a.bio,
          bioAr: a.bioAr,
          image: artistImages[i]!,
        })),
      )
      .returning({ id: artists.id });
    const artistId = new Map(catalog.artists.map((a, i) => [a.key, artistRows[i]!.id]));
    const albumRows = await tx
      .insert(albums)
      .values(
        catalog.albums.map((a, i) => ({
          title: a.title,
          titleAr: a.titleAr ?? null,
          artistId: artistId.get(a.artistKey)!,
          image: albumImages[i]!,
          releasedAt: a.releasedAt,
        })),
      )
      .returning({ id: albums.id });
    const albumId = new Map(catalog.albums.map((a, i) => [a.key, albumRows[i]!.id]));

    const need = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`Demo catalog refers to a missing ${what}`);
      return value;
    };
    const trackRows = await tx
      .insert(tracks)
      .values(
        specs.map((s) => {
          const r = need(rendered.get(s.key), `rendering of ${s.key}`);
          return {
            kind: s.kind,
            title: s.title,
            titleAr: s.titleAr ?? arabicLoopTitle(s),
            artistId: need(artistId.get(s.artistKey), `artist ${s.artistKey}`),
            albumId: s.albumKey ? need(albumId.get(s.albumKey), `album ${s.albumKey}`) : null,
            regionId: need(tagId.get(`region:${s.region}`), `region ${s.region}`),
            scaleId: need(scaleId.get(`${s.scale.key}:${s.scale.keyType}`), `scale ${s.scale.keyType} ${s.scale.key}`),
            priceCents: s.priceCents,
            bpm: Math.round(r.bpm),
            durationS: r.durationS,
            maqam: s.maqam,
            tonic: s.tonic,
            iqa: s.iqa,
            meter: s.meter,
            audioKey: r.audioKey,
            previewKey: r.previewKey,
            peaksKey: r.peaksKey,
            auditionKey: r.auditionKey,
            // The renderer's masters: 44.1 kHz, 24-bit PCM.
            masterSampleRate: SAMPLE_RATE,
            masterBitDepth: 24,
          };
        }),
      )
      .returning({ id: tracks.id });
    const links = specs.flatMap((s, i) => {
      const id = trackRows[i]!.id;
      const named = [
        ...s.genres.map((n) => `genre:${n}`),
        ...s.moods.map((n) => `mood:${n}`),
        ...s.themes.map((n) => `theme:${n}`),
        ...s.instruments.map((n) => `instrument:${n}`),
      ];
      return [...new Set(named)].map((k) => ({ trackId: id, tagId: need(tagId.get(k), `tag ${k}`) }));
    });
    if (links.length > 0) await tx.insert(trackTags).values(links);
    await refreshTrackSearch(tx);
    if (options.accounts ?? true) {
      accounts = await seedDemoAccounts(tx, artistRows[0]!.id, { adminPassword: options.adminPassword });
    }
    await tx.insert(appMeta).values({
      key: 'demo_catalog',
      value: JSON.stringify({ mode, tracks: specs.length, at: new Date().toISOString() }),
    });
  });
  const seconds = (performance.now() - started) / 1000;
  log.info(`Demo catalog ready: ${specs.length} tracks and loops in ${seconds.toFixed(1)} s.`);
  return { seeded: true, tracks: specs.length, seconds, accounts };
}

/**
 * A loop's Arabic title, made as its English one is (packages/audio loopTitle) from the lexicon's
 * Arabic names (issue 19): "دربكة مقسوم 96 BPM", "جملة عود حجاز على ري 100 BPM". Music has its own.
 */
function arabicLoopTitle(
  spec: Pick<DemoTrackSpec, 'kind' | 'title' | 'instruments' | 'maqam' | 'tonic' | 'iqa' | 'bpm'>,
): string | null {
  if (spec.kind !== 'loop') return null;
  const ar = (name: string) => arabicNameOf(name) ?? name;
  const [first = '', ...rest] = spec.instruments.map(ar);
  const instruments = [first, ...rest.map((name) => `و${name}`)].join(' ');
  const bpm = /(\d+) BPM/.exec(spec.title)?.[1] ?? String(spec.bpm);
  const numeral = / (I|II|III|IV|V|VI|VII|VIII|IX)$/.exec(spec.title)?.[1];
  const scale = `${ar(spec.maqam)} على ${arabicNoteOf(spec.tonic) ?? spec.tonic}`;
  const body = !spec.title.includes(spec.maqam)
    ? `${instruments} ${ar(spec.iqa)}`
    : spec.title.includes(' Phrase ')
      ? `جملة ${instruments} ${scale}`
      : `${instruments} ${scale}`;
  return `${body} ${bpm} BPM${numeral ? ` ${numeral}` : ''}`;
}
