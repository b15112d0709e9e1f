import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, LibraryMessages, Messages, PlaylistDetailDto, type RouteSpec } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute, type RouteRequest } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { z } from 'zod';

describe('library API', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let music1: number;
  let music2: number;
  let loop1: number;

  const createPlaylist = async (name: string, headers = a) =>
    (await callRoute(t.app, Api.library.createPlaylist, { body: { name }, headers })).json.data.id;
  const addMusic = (playlistId: number, musicId: number, headers = a) =>
    callRoute(t.app, Api.library.addMusic, { body: { playlist_id: playlistId, music_id: musicId }, headers });
  const addLoop = (playlistId: number, loopId: number, headers = a) =>
    callRoute(t.app, Api.library.addLoop, { body: { playlist_id: playlistId, loop_id: loopId }, headers });
  const playlist = (id: number, headers = a) => callRoute(t.app, Api.library.playlist, { params: { id }, headers });
  const deletePlaylist = (id: number, headers = a) =>
    callRoute(t.app, Api.library.deletePlaylist, { params: { id }, headers });
  const favourite = (musicId: number, headers = a) =>
    callRoute(t.app, Api.library.favouriteMusic, { body: { music_id: musicId }, headers });
  const favourites = (headers = a) => callRoute(t.app, Api.library.favourites, { headers });
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
    const anonymous = <const R extends RouteSpec>(route: R, request: RouteRequest<R> = {}) => ({
      route,
      call: () => callRoute(t.app, route, request),
    });
    const calls = [
      anonymous(Api.library.createPlaylist, { body: { name: 'x' } }),
      anonymous(Api.library.addMusic, { body: { playlist_id: 1, music_id: music1 } }),
      anonymous(Api.library.addLoop, { body: { playlist_id: 1, loop_id: loop1 } }),
      anonymous(Api.library.playlists),
      anonymous(Api.library.playlist, { params: { id: 1 } }),
      anonymous(Api.library.deletePlaylist, { params: { id: 1 } }),
      anonymous(Api.library.favouriteMusic, { body: { music_id: music1 } }),
      anonymous(Api.library.favouriteLoop, { body: { loop_id: loop1 } }),
      anonymous(Api.library.favourites),
    ];
    for (const { route, call } of calls) {
      const res = await call();
      const name = `${route.method} ${route.path}`;
      expect(res.status, name).toBe(401);
      expect(res.error, name).toEqual({ code: 'unauthenticated', message: Messages.unauthenticated });
    }
  });

  it('creates playlists with a trimmed name and refuses empty or too long ones', async () => {
    const created = await callRoute(t.app, Api.library.createPlaylist, {
      body: { name: '  Desert drive  ' },
      headers: a,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      message: Messages.playlistCreated,
      data: { name: 'Desert drive', music_count: 0, loop_count: 0, tracks_count: 0 },
    });
    for (const name of ['', '   ', undefined]) {
      const res = await callRoute(t.app, Api.library.createPlaylist, {
        // A missing name is a body the route's type refuses: sent as it is.
        payload: JSON.stringify(name === undefined ? {} : { name }),
        headers: { ...a, 'content-type': 'application/json' },
      });
      expect(res.status).toBe(422);
      expect(res.error.errors?.['name']).toEqual([LibraryMessages.playlistNameEmpty]);
      expect(res.error.message).toBe(LibraryMessages.playlistNameEmpty);
    }
    const tooLong = await callRoute(t.app, Api.library.createPlaylist, { body: { name: 'x'.repeat(101) }, headers: a });
    expect(tooLong.status).toBe(422);
  });

  it('adds music and loops once each, counts them, and merges nothing across kinds', async () => {
    const id = await createPlaylist('Mix');
    const first = await addMusic(id, music1);
    expect(first.json).toEqual({
      message: Messages.trackAddedToPlaylist,
      data: { playlist_id: id, track_id: music1, added: true },
    });
    const again = await addMusic(id, music1);
    expect(again.json.data.added).toBe(false);
    expect((await addLoop(id, loop1)).status).toBe(200);
    const wrongKind = await addMusic(id, loop1);
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.error.errors).toEqual({ music_id: [LibraryMessages.musicInvalid] });
    expect((await addLoop(id, music2)).status).toBe(422);
    expect((await addMusic(id, 999999)).status).toBe(422);
    const notANumber = await callRoute(t.app, Api.library.addMusic, {
      payload: JSON.stringify({ playlist_id: id, music_id: 'abc' }),
      headers: { ...a, 'content-type': 'application/json' },
    });
    expect(notANumber.status).toBe(422);

    const list = (await callRoute(t.app, Api.library.playlists, { headers: a })).json.playlists;
    expect(list.find((p) => p.id === id)).toMatchObject({
      name: 'Mix',
      music_count: 1,
      loop_count: 1,
      tracks_count: 2,
    });

    const detail = await playlist(id);
    expect(() => PlaylistDetailDto.parse(detail.json.data)).not.toThrow();
    expect(detail.json.data.musics.map((x) => x.id)).toEqual([music1]);
    expect(detail.json.data.loops.map((x) => x.id)).toEqual([loop1]);
    expect(detail.json.data.musics[0]!.price).toBeTypeOf('number');
  });

  it("keeps users apart: B cannot read, fill or delete A's playlist, and nothing changes", async () => {
    const id = await createPlaylist('Private');
    await addMusic(id, music1);
    const before = { items: await count('playlist_items'), lists: await count('playlists') };
    expect((await playlist(id, b)).status).toBe(404);
    const add = await addMusic(id, music2, b);
    expect(add.status).toBe(404);
    expect(add.error).toEqual({ code: 'playlist_not_found', message: LibraryMessages.playlistNotFound });
    expect((await deletePlaylist(id, b)).status).toBe(404);
    const listOfB = (await callRoute(t.app, Api.library.playlists, { headers: b })).json.playlists;
    expect(listOfB.map((p) => p.id)).not.toContain(id);
    expect({ items: await count('playlist_items'), lists: await count('playlists') }).toEqual(before);
    expect((await playlist(id)).json.data.musics).toHaveLength(1);
  });

  it('deletes a playlist with its items, then answers 404', async () => {
    const id = await createPlaylist('Temp');
    await addMusic(id, music2);
    const del = await deletePlaylist(id);
    expect({ status: del.status, body: del.json }).toEqual({
      status: 200,
      body: { message: LibraryMessages.playlistDeleted },
    });
    expect((await playlist(id)).status).toBe(404);
    expect((await deletePlaylist(id)).status).toBe(404);
  });

  it('toggles favourites and lists them with music_id or loop_id, per user', async () => {
    const on = await favourite(music2);
    expect(on.json).toEqual({ message: Messages.trackAddedToFavorites, data: { track_id: music2, favorited: true } });
    await callRoute(t.app, Api.library.favouriteLoop, { body: { loop_id: loop1 }, headers: a });
    const list = (await favourites()).json.data;
    expect(list.map((f) => [f.music_id, f.loop_id])).toEqual([
      [null, loop1],
      [music2, null],
    ]);
    expect(list[0]!.music.title).toBe('Riq Loop 90');
    expect((await favourites(b)).json.data).toEqual([]);
    const off = await favourite(music2);
    expect(off.json).toEqual({
      message: Messages.trackRemovedFromFavorites,
      data: { track_id: music2, favorited: false },
    });
    expect((await favourites()).json.data).toHaveLength(1);
    expect((await callRoute(t.app, Api.library.favouriteLoop, { body: { loop_id: music1 }, headers: a })).status).toBe(
      422,
    );
  });

  it('never duplicates rows under concurrent adds and toggles', async () => {
    const id = await createPlaylist('Race');
    const adds = await Promise.all(Array.from({ length: 100 }, () => addMusic(id, music2)));
    expect(adds.every((r) => r.status === 200)).toBe(true);
    expect(adds.filter((r) => r.json.data.added)).toHaveLength(1);
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
      const toggles = await Promise.all(Array.from({ length: n }, () => favourite(music1, user)));
      expect(toggles.every((r) => r.status === 200)).toBe(true);
      const on = toggles.filter((r) => r.json.data.favorited === true).length;
      expect([on, n - on]).toEqual([Math.ceil(n / 2), Math.floor(n / 2)]);
    }
    const favs = (await favourites(user)).json.data;
    expect(favs).toHaveLength(1);
    const dup = await selectRows(
      t.database.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from favourites group by user_id, track_id having count(*) > 1`,
    );
    expect(dup).toEqual([]);
  });
});
