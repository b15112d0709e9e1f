import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, LibraryMessages } from '@tarab/contracts';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { users } from '../../db/schema/index.js';

describe('sharing a playlist by an unlisted, read-only, revocable link', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  let playlistId: number;
  let music: number;
  let loop: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await makeArtist(t.database, 'Layla Mansour');
    music = (await makeTrack(t.database, { artistId: artist.id, title: 'Oud at Dusk' })).id;
    loop = (await makeTrack(t.database, { artistId: artist.id, kind: 'loop', title: 'Riq Loop' })).id;
    const user = await makeUser(t.database, { name: 'Amira Haddad', email: 'amira.private@example.com' });
    owner = bearer(await makeSession(t.database, user.id));
    stranger = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
    const created = await callRoute(t.app, Api.library.createPlaylist, {
      body: { name: 'Client cut' },
      headers: owner,
    });
    playlistId = created.json.data.id;
    await callRoute(t.app, Api.library.addMusic, {
      body: { playlist_id: playlistId, music_id: music },
      headers: owner,
    });
    await callRoute(t.app, Api.library.addLoop, { body: { playlist_id: playlistId, loop_id: loop }, headers: owner });
  });
  afterAll(async () => t?.close());

  const share = (who: Record<string, string>, id = playlistId) =>
    callRoute(t.app, Api.library.share, { params: { id }, headers: who });
  const revoke = (who: Record<string, string>, id = playlistId) =>
    callRoute(t.app, Api.library.unshare, { params: { id }, headers: who });
  const open = (path: string) =>
    callRoute(t.app, Api.library.shared, { params: { token: path.replace(/^\/p\//, '') } });

  it('gives the owner one link (the same when asked again) that anyone opens, read-only, without the email', async () => {
    const first = (await share(owner)).json;
    expect(first.message).toBe(LibraryMessages.shareCreated);
    expect(first.data.share_path).toMatch(/^\/p\/[A-Za-z0-9_-]{32}$/);
    expect((await share(owner)).json.data.share_path).toBe(first.data.share_path);

    const res = await open(first.data.share_path);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json;
    expect(data).toMatchObject({ name: 'Client cut', owner: 'Amira Haddad', music_count: 1, loop_count: 1 });
    expect(data.musics.map((m) => m.id)).toEqual([music]);
    expect(data.loops.map((l) => l.id)).toEqual([loop]);
    expect(res.response.body).not.toContain('amira.private');
    // Not the playlist's id (the owner's routes take it): only what the link shows (the raw answer:
    // the schema's parse would drop a key it does not know).
    expect(Object.keys(JSON.parse(res.response.body).data)).not.toContain('id');
    expect(Object.keys(data)).not.toContain('id');

    // The owner's playlist page shows the link.
    const mine = await callRoute(t.app, Api.library.playlist, { params: { id: playlistId }, headers: owner });
    expect(mine.json.data.share_path).toBe(first.data.share_path);
  });

  it("refuses to share or revoke someone else's playlist", async () => {
    expect((await share(stranger)).status).toBe(404);
    expect((await revoke(stranger)).status).toBe(404);
    expect((await callRoute(t.app, Api.library.share, { params: { id: playlistId } })).status).toBe(401);
  });

  it('revoking closes the old link for good; sharing again makes a new one', async () => {
    const old = (await share(owner)).json.data.share_path;
    const revoked = await revoke(owner);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ message: LibraryMessages.shareRevoked });
    const gone = await open(old);
    expect(gone.status).toBe(404);
    expect(gone.error).toEqual({ code: 'shared_playlist_not_found', message: LibraryMessages.sharedNotFound });
    const fresh = (await share(owner)).json.data.share_path;
    expect(fresh).not.toBe(old);
    expect((await open(fresh)).status).toBe(200);
    expect((await open(old)).status).toBe(404);
  });

  it('stops answering the link of a disabled or deleted owner (the same 404), and again when re-enabled', async () => {
    for (const column of ['disabledAt', 'deletedAt'] as const) {
      const user = await makeUser(t.database, { name: `Owner ${column}` });
      const headers = bearer(await makeSession(t.database, user.id));
      const created = await callRoute(t.app, Api.library.createPlaylist, { body: { name: 'Mine' }, headers });
      const path = (await share(headers, created.json.data.id)).json.data.share_path;
      expect((await open(path)).status).toBe(200);
      await t.database.db
        .update(users)
        .set({ [column]: new Date() })
        .where(eq(users.id, user.id));
      const gone = await open(path);
      expect(gone.status, column).toBe(404);
      expect(gone.error).toEqual({ code: 'shared_playlist_not_found', message: LibraryMessages.sharedNotFound });
      await t.database.db
        .update(users)
        .set({ [column]: null })
        .where(eq(users.id, user.id));
      expect((await open(path)).status, column).toBe(200);
    }
  });

  it('answers every unknown token the same 404', async () => {
    for (const token of ['nope', 'x'.repeat(32), '../../etc']) {
      expect((await open(`/p/${token}`)).status, token).toBe(404);
    }
    // A NUL cannot be stored: the security plugin's 400, as on every route.
    expect((await open('/p/a\u0000b')).status).toBe(400);
  });
});
