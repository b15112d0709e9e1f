import { sql } from 'drizzle-orm';
import { buildDemoCatalog } from '@tarab/audio';
import { selectRows, type Database } from '../../apps/server/src/db/client.js';
import { scales, tags } from '../../apps/server/src/db/schema/index.js';
import { refreshTrackSearch } from '../../apps/server/src/modules/catalog/catalog-search.repo.js';
import { z } from 'zod';

/**
 * Fills a migrated, empty database with a large catalog: the demo catalog's tags, scales, artists and
 * albums, and `music` + `loops` track rows generated in SQL (metadata only; every row points at the
 * same preview/peaks keys). Deterministic (the row number drives every choice).
 */
export async function seedLargeCatalog(database: Database, counts: { music: number; loops: number }): Promise<void> {
  const catalog = buildDemoCatalog();
  const db = database.db;
  await db
    .insert(tags)
    .values(
      catalog.tags.map((t) => ({ kind: t.kind, name: t.name, color: t.color, image: `images/tags/${t.kind}.svg` })),
    );
  await db.insert(scales).values(catalog.scales.map((s) => ({ name: s.name, key: s.key, keyType: s.keyType })));
  // Realistic shape: 500 artists, albums of 10 tracks (music), loops spread over all artists.
  const artistCount = 500;
  const albumCount = Math.max(1, Math.ceil(counts.music / 10));
  await db.execute(sql`
    insert into artists (name, bio, image)
    select 'Artist ' || g, 'Bench artist', 'images/artists/a.svg' from generate_series(1, ${artistCount}) g`);
  await db.execute(sql`
    insert into albums (title, artist_id, image, released_at)
    select 'Album ' || g, (select min(id) from artists) + (g % ${artistCount}), 'images/albums/a.svg', date '2020-01-01' + (g % 1500)
    from generate_series(1, ${albumCount}) g`);
  const [bounds] = await selectRows(
    db,
    z.object({ artist0: z.number(), album0: z.number() }),
    sql`select (select min(id) from artists)::int as artist0, (select min(id) from albums)::int as album0`,
  );
  const regionIds = (
    await selectRows(db, z.object({ id: z.number() }), sql`select id from tags where kind = 'region' order by id`)
  ).map((r) => r.id);
  const scaleIds = (await selectRows(db, z.object({ id: z.number() }), sql`select id from scales order by id`)).map(
    (r) => r.id,
  );
  const intArray = (xs: number[]) => sql.raw(`ARRAY[${xs.join(',')}]::int[]`);
  const words = [
    'Desert',
    'Caravan',
    'Night',
    'Dawn',
    'Mirage',
    'Oasis',
    'Lantern',
    'Bazaar',
    'Silk',
    'Dune',
    'Moon',
    'Saffron',
    'Cedar',
    'Nile',
    'Atlas',
    'Amber',
  ];
  const maqamat = ['Rast', 'Bayati', 'Hijaz', 'Saba', 'Nahawand', 'Kurd', 'Sikah', 'Ajam'];
  const iqaat = ['Maqsum', 'Baladi', 'Saidi', 'Ayyub', 'Malfuf'];
  const textArray = (xs: string[]) => sql.raw(`ARRAY[${xs.map((w) => `'${w}'`).join(',')}]`);
  const total = counts.music + counts.loops;
  await db.execute(sql`
    insert into tracks (kind, title, artist_id, album_id, region_id, scale_id, price_cents, bpm, duration_s, maqam, tonic, iqa, meter,
                        audio_key, preview_key, peaks_key)
    select case when g <= ${counts.music} then 'music' else 'loop' end,
      (${textArray(words)})[1 + g % ${words.length}] || ' ' || (${textArray(maqamat)})[1 + (g / 7) % ${maqamat.length}] || ' ' ||
        (${textArray(words)})[1 + (g / 3) % ${words.length}] || ' ' || g,
      case when g <= ${counts.music} then ${bounds!.artist0} + (((g - 1) / 10 + 1) % ${artistCount}) else ${bounds!.artist0} + (g % ${artistCount}) end,
      case when g <= ${counts.music} then ${bounds!.album0} + (g - 1) / 10 end,
      (${intArray(regionIds)})[1 + g % ${regionIds.length}],
      (${intArray(scaleIds)})[1 + g % ${scaleIds.length}],
      199 + (g % 9) * 100, 70 + (g % 70), 30 + (g % 150),
      (${textArray(maqamat)})[1 + (g / 7) % ${maqamat.length}], 'D', (${textArray(iqaat)})[1 + g % ${iqaat.length}], '4/4',
      'originals/bench.wav', 'previews/bench.mp3', 'peaks/bench.json'
    from generate_series(1, ${total}) as g`);
  // Each track: one genre, one mood, one theme and two instruments, spread deterministically.
  for (const [kind, perTrack] of [
    ['genre', 1],
    ['mood', 1],
    ['theme', 1],
    ['instrument', 2],
  ] as const) {
    for (let k = 0; k < perTrack; k++) {
      await db.execute(sql`
        insert into track_tags (track_id, tag_id)
        select t.id, o.id from tracks t
        join (select id, row_number() over (order by id) - 1 as n, count(*) over () as c from tags where kind = ${kind}) o
          on o.n = (t.id * ${k + 3} + ${k}) % o.c
        on conflict do nothing`);
    }
  }
  await refreshTrackSearch(db);
  await db.execute(sql`vacuum analyze`);
  const [row] = await selectRows(db, z.object({ n: z.number() }), sql`select count(*)::int as n from tracks`);
  if (row?.n !== total) throw new Error(`expected ${total} tracks, found ${row?.n}`);
}
