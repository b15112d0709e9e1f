import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryMessages, Messages, PlaylistDetailDto } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { z } from 'zod';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('library API', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let music1: number;
  let music2: number;
  let loop1: number;

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) => {
    const res = await t.app.inject({ method, url, headers, payload: payload as object });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const count = async (table: 'playlist_items' | 'favourites' | 'playlists') =>
    (
      await selectRows(
        t.database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await makeArtist(t.database);
    music1 = (await makeTrack(t.database, { artistId: artist.id, title: 'First Light' })).id;
    music2 = (await makeTrack(t.database, { artistId: artist.id, title: 'Second Wind' })).id;
    loop1 = (await makeTrack(t.database, { artistId: artist.id, kind: 'loop', title: 'Riq Loop 90' })).id;
    a = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
    b = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a logged-in user for every call', async () => {
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['POST', '/api/playlists/add', { name: 'x' }],
      ['POST', '/api/playlists/add-music', { playlist_id: 1, music_id: music1 }],
      ['POST', '/api/playlists/add-loop', { playlist_id: 1, loop_id: loop1 }],
      ['GET', '/api/playlists/all'],
      ['GET', '/api/playlists/music/1'],
      ['DELETE', '/api/playlists/1'],
      ['POST', '/api/music/favorite', { music_id: music1 }],
      ['POST', '/api/loop/favorite', { loop_id: loop1 }],
      ['GET', '/api/favourit/all'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, {}, payload);
      expect(res.status, url).toBe(401);
      expect(res.body, url).toEqual({ code: 'unauthenticated', message: Messages.unauthenticated });
    }
  });

  it('creates playlists with a trimmed name and refuses empty or too long ones', async () => {
    const created = await call('POST', '/api/playlists/add', a, { name: '  Desert drive  ' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      message: Messages.playlistCreated,
      data: { name: 'Desert drive', music_count: 0, loop_count: 0, tracks_count: 0 },
    });
    for (const name of ['', '   ', undefined]) {
      const res = await call('POST', '/api/playlists/add', a, name === undefined ? {} : { name });
      expect(res.status).toBe(422);
      expect(res.body.errors.name).toEqual([LibraryMessages.playlistNameEmpty]);
      expect(res.body.message).toBe(LibraryMessages.playlistNameEmpty);
    }
    expect((await call('POST', '/api/playlists/add', a, { name: 'x'.repeat(101) })).status).toBe(422);
  });

  it('adds music and loops once each, counts them, and merges nothing across kinds', async () => {
    const id = (await call('POST', '/api/playlists/add', a, { name: 'Mix' })).body.data.id as number;
    const first = await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: music1 });
    expect(first.body).toEqual({
      message: Messages.trackAddedToPlaylist,
      data: { playlist_id: id, track_id: music1, added: true },
    });
    const again = await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: music1 });
    expect(again.body.data.added).toBe(false);
    expect((await call('POST', '/api/playlists/add-loop', a, { playlist_id: id, loop_id: loop1 })).status).toBe(200);
    const wrongKind = await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: loop1 });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual({ music_id: [LibraryMessages.musicInvalid] });
    expect((await call('POST', '/api/playlists/add-loop', a, { playlist_id: id, loop_id: music2 })).status).toBe(422);
    expect((await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: 999999 })).status).toBe(422);
    expect((await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: 'abc' })).status).toBe(422);

    const list = (await call('GET', '/api/playlists/all', a)).body.playlists as Json[];
    expect(list.find((p) => p.id === id)).toMatchObject({
      name: 'Mix',
      music_count: 1,
      loop_count: 1,
      tracks_count: 2,
    });

    const detail = await call('GET', `/api/playlists/music/${id}`, a);
    expect(() => PlaylistDetailDto.parse(detail.body.data)).not.toThrow();
    expect(detail.body.data.musics.map((x: Json) => x.id)).toEqual([music1]);
    expect(detail.body.data.loops.map((x: Json) => x.id)).toEqual([loop1]);
    expect(detail.body.data.musics[0].price).toBeTypeOf('number');
  });

  it("keeps users apart: B cannot read, fill or delete A's playlist, and nothing changes", async () => {
    const id = (await call('POST', '/api/playlists/add', a, { name: 'Private' })).body.data.id as number;
    await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: music1 });
    const before = { items: await count('playlist_items'), lists: await count('playlists') };
    expect((await call('GET', `/api/playlists/music/${id}`, b)).status).toBe(404);
    const add = await call('POST', '/api/playlists/add-music', b, { playlist_id: id, music_id: music2 });
    expect(add.status).toBe(404);
    expect(add.body).toEqual({ code: 'playlist_not_found', message: LibraryMessages.playlistNotFound });
    expect((await call('DELETE', `/api/playlists/${id}`, b)).status).toBe(404);
    expect((await call('GET', '/api/playlists/all', b)).body.playlists.map((p: Json) => p.id)).not.toContain(id);
    expect({ items: await count('playlist_items'), lists: await count('playlists') }).toEqual(before);
    expect((await call('GET', `/api/playlists/music/${id}`, a)).body.data.musics).toHaveLength(1);
  });

  it('deletes a playlist with its items, then answers 404', async () => {
    const id = (await call('POST', '/api/playlists/add', a, { name: 'Temp' })).body.data.id as number;
    await call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: music2 });
    const del = await call('DELETE', `/api/playlists/${id}`, a);
    expect(del).toEqual({ status: 200, body: { message: LibraryMessages.playlistDeleted } });
    expect((await call('GET', `/api/playlists/music/${id}`, a)).status).toBe(404);
    expect((await call('DELETE', `/api/playlists/${id}`, a)).status).toBe(404);
  });

  it('toggles favourites and lists them with music_id or loop_id, per user', async () => {
    const on = await call('POST', '/api/music/favorite', a, { music_id: music2 });
    expect(on.body).toEqual({ message: Messages.trackAddedToFavorites, data: { track_id: music2, favorited: true } });
    await call('POST', '/api/loop/favorite', a, { loop_id: loop1 });
    const list = (await call('GET', '/api/favourit/all', a)).body.data as Json[];
    expect(list.map((f) => [f.music_id, f.loop_id])).toEqual([
      [null, loop1],
      [music2, null],
    ]);
    expect(list[0]!.music.title).toBe('Riq Loop 90');
    expect((await call('GET', '/api/favourit/all', b)).body.data).toEqual([]);
    const off = await call('POST', '/api/music/favorite', a, { music_id: music2 });
    expect(off.body).toEqual({
      message: Messages.trackRemovedFromFavorites,
      data: { track_id: music2, favorited: false },
    });
    expect((await call('GET', '/api/favourit/all', a)).body.data).toHaveLength(1);
    expect((await call('POST', '/api/loop/favorite', a, { loop_id: music1 })).status).toBe(422);
  });

  it('never duplicates rows under concurrent adds and toggles', async () => {
    const id = (await call('POST', '/api/playlists/add', a, { name: 'Race' })).body.data.id as number;
    const adds = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('POST', '/api/playlists/add-music', a, { playlist_id: id, music_id: music2 }),
      ),
    );
    expect(adds.every((r) => r.status === 200)).toBe(true);
    expect(adds.filter((r) => r.body.data.added)).toHaveLength(1);
    const rows = await selectRows(
      t.database.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from playlist_items where playlist_id = ${id}`,
    );
    expect(rows[0]!.n).toBe(1);

    const user = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
    // Each toggle flips the state once: 10 concurrent toggles answer 5 "on" and 5 "off" and
    // leave no favourite; 11 leave one.
    for (const n of [10, 11]) {
      const toggles = await Promise.all(
        Array.from({ length: n }, () => call('POST', '/api/music/favorite', user, { music_id: music1 })),
      );
      expect(toggles.every((r) => r.status === 200)).toBe(true);
      const on = toggles.filter((r) => r.body.data.favorited === true).length;
      expect([on, n - on]).toEqual([Math.ceil(n / 2), Math.floor(n / 2)]);
    }
    const favs = (await call('GET', '/api/favourit/all', user)).body.data as Json[];
    expect(favs).toHaveLength(1);
    const dup = await selectRows(
      t.database.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from favourites group by user_id, track_id having count(*) > 1`,
    );
    expect(dup).toEqual([]);
  });
});
