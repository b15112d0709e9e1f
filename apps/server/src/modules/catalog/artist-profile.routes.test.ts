import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ArtistProfileLimits, IngestMessages, type RouteBodyInput } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeAlbum, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { artists } from '../../db/schema/index.js';
import { refreshTrackSearch } from './catalog-search.repo.js';

/** Issue #32 item 8 (decision 061): artists' Arabic names and bios, in the API and edited by the artist. */
let t: TestApp;
let artistAuth: Record<string, string>;
let artistId: number;
let trackId: number;
let albumId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await makeUser(t.database, { type: 'artist' });
  artistId = (await makeArtist(t.database, 'Rimal Collective', user.id)).id;
  albumId = (await makeAlbum(t.database, artistId, 'Dunes')).id;
  trackId = (await makeTrack(t.database, { artistId, albumId, title: 'Night Drive' })).id;
  await refreshTrackSearch(t.database.db);
  artistAuth = bearer(await makeSession(t.database, user.id));
});

afterAll(async () => {
  await t.close();
});

const profile = (headers: Record<string, string> = artistAuth) => callRoute(t.app, Api.ingest.profile, { headers });
const edit = (body: RouteBodyInput<typeof Api.ingest.editProfile>, headers: Record<string, string> = artistAuth) =>
  callRoute(t.app, Api.ingest.editProfile, { body, headers });
/** A body that does not fit the route's type (unknown fields, wrong types), sent as JSON. */
const editHostile = (body: unknown) =>
  callRoute(t.app, Api.ingest.editProfile, {
    payload: JSON.stringify(body),
    headers: { ...artistAuth, 'content-type': 'application/json' },
  });

describe('the artist edits their name and bio in both languages', () => {
  it('reads the own profile, the Arabic fields null until written', async () => {
    const res = await profile();
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: artistId,
      name: 'Rimal Collective',
      name_ar: null,
      bio: 'Bio',
      bio_ar: null,
    });
  });

  it('saves the Arabic name and bio (trimmed), and the Latin ones, leaving out what is not sent', async () => {
    const res = await edit({ name_ar: '  مجموعة رمال ', bio_ar: 'مشروع موسيقى محيطية.' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      name: 'Rimal Collective',
      name_ar: 'مجموعة رمال',
      bio: 'Bio',
      bio_ar: 'مشروع موسيقى محيطية.',
    });
    const latin = await edit({ bio: 'An ambient project.' });
    expect(latin.json.data).toMatchObject({
      bio: 'An ambient project.',
      name_ar: 'مجموعة رمال',
    });
  });

  it('shows them in the artist list, the artist page, and on every track and album of the artist', async () => {
    const list = (await callRoute(t.app, Api.catalog.artists)).json;
    const listed = list.data.data.data.find((a) => a.id === artistId);
    expect(listed).toMatchObject({ name_ar: 'مجموعة رمال', bio_ar: 'مشروع موسيقى محيطية.' });

    const detail = (await callRoute(t.app, Api.catalog.artist, { params: { id: artistId } })).json.data;
    expect(detail.artist).toMatchObject({ name: 'Rimal Collective', name_ar: 'مجموعة رمال' });
    expect(detail.music.find((m) => m.id === trackId)?.artist).toEqual({
      id: artistId,
      name: 'Rimal Collective',
      name_ar: 'مجموعة رمال',
    });
    expect(detail.albums[0]?.artist).toMatchObject({ name_ar: 'مجموعة رمال' });

    const album = (await callRoute(t.app, Api.catalog.album, { params: { id: albumId } })).json.data;
    expect(album.current_album.artist.name_ar).toBe('مجموعة رمال');
    expect(album.music[0]?.artist.name_ar).toBe('مجموعة رمال');
  });

  it('makes the artist findable by the Arabic name', async () => {
    // `title` is no query key of the list (the server ignores it, so every track was listed): the
    // search words are `keyword`.
    const res = await callRoute(t.app, Api.catalog.music, { query: { keyword: 'رمال' } });
    expect(res.status).toBe(200);
    expect(res.json.data.data.map((track) => track.title)).toEqual(['Night Drive']);
    const other = await callRoute(t.app, Api.catalog.music, { query: { keyword: 'بحار' } });
    expect(other.json.data.data).toEqual([]);
  });

  it('validates like the Latin fields: lengths from the contracts, a required Latin name, no unknown fields', async () => {
    const tooLong = await edit({ name_ar: 'ا'.repeat(ArtistProfileLimits.nameMax + 1) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.error.errors).toHaveProperty('name_ar');
    const bioTooLong = await edit({ bio_ar: 'ب'.repeat(ArtistProfileLimits.bioMax + 1) });
    expect(bioTooLong.status).toBe(422);
    expect(bioTooLong.error.errors).toHaveProperty('bio_ar');
    const noName = await edit({ name: '   ' });
    expect(noName.status).toBe(422);
    expect(noName.error.errors).toHaveProperty('name');
    expect((await editHostile({ user_id: 1 })).status).toBe(422);
    expect((await editHostile({ name_ar: 12 })).status).toBe(422);
    // Nothing was written by the refused requests.
    expect((await profile()).json.data.name_ar).toBe('مجموعة رمال');
  });

  it('clears the Arabic name with an empty text: the API then leaves the field out', async () => {
    const res = await edit({ name_ar: '', bio_ar: null });
    expect(res.json.data).toMatchObject({ name_ar: null, bio_ar: null });
    const [row] = await t.database.db.select().from(artists).where(eq(artists.id, artistId));
    expect(row).toMatchObject({ nameAr: null, bioAr: null });
    const detail = (await callRoute(t.app, Api.catalog.artist, { params: { id: artistId } })).json.data;
    expect(detail.artist).not.toHaveProperty('name_ar');
    expect(detail.artist).not.toHaveProperty('bio_ar');
    expect(detail.music[0]?.artist).not.toHaveProperty('name_ar');
  });

  it('is for artists with a profile only: 401 for visitors, 403 for listeners and unlinked artists', async () => {
    expect((await callRoute(t.app, Api.ingest.profile)).status).toBe(401);
    const listener = await makeUser(t.database);
    expect((await edit({ name_ar: 'س' }, bearer(await makeSession(t.database, listener.id)))).status).toBe(403);
    const unlinked = await makeUser(t.database, { type: 'artist' });
    const res = await profile(bearer(await makeSession(t.database, unlinked.id)));
    expect(res.status).toBe(403);
    expect(res.error.message).toBe(IngestMessages.artistProfileMissing);
  });
});
