import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlbumDetailResponse,
  Api,
  ArtistDetailResponse,
  ArtistListResponse,
  ArtistProfileLimits,
  ArtistProfileResponse,
  IngestMessages,
  pathOf,
} from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
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

const profile = (headers: Record<string, string> = artistAuth) =>
  t.app.inject({ method: 'GET', url: pathOf(Api.ingest.profile), headers });
const edit = (payload: unknown, headers: Record<string, string> = artistAuth) =>
  t.app.inject({ method: 'PATCH', url: pathOf(Api.ingest.editProfile), headers, payload: payload as object });

describe('the artist edits their name and bio in both languages', () => {
  it('reads the own profile, the Arabic fields null until written', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(200);
    expect(ArtistProfileResponse.parse(res.json()).data).toMatchObject({
      id: artistId,
      name: 'Rimal Collective',
      name_ar: null,
      bio: 'Bio',
      bio_ar: null,
    });
  });

  it('saves the Arabic name and bio (trimmed), and the Latin ones, leaving out what is not sent', async () => {
    const res = await edit({ name_ar: '  مجموعة رمال ', bio_ar: 'مشروع موسيقى محيطية.' });
    expect(res.statusCode).toBe(200);
    expect(ArtistProfileResponse.parse(res.json()).data).toMatchObject({
      name: 'Rimal Collective',
      name_ar: 'مجموعة رمال',
      bio: 'Bio',
      bio_ar: 'مشروع موسيقى محيطية.',
    });
    const latin = await edit({ bio: 'An ambient project.' });
    expect(ArtistProfileResponse.parse(latin.json()).data).toMatchObject({
      bio: 'An ambient project.',
      name_ar: 'مجموعة رمال',
    });
  });

  it('shows them in the artist list, the artist page, and on every track and album of the artist', async () => {
    const list = ArtistListResponse.parse(
      (await t.app.inject({ method: 'GET', url: pathOf(Api.catalog.artists) })).json(),
    );
    const listed = list.data.data.data.find((a) => a.id === artistId);
    expect(listed).toMatchObject({ name_ar: 'مجموعة رمال', bio_ar: 'مشروع موسيقى محيطية.' });

    const detail = ArtistDetailResponse.parse(
      (await t.app.inject({ method: 'GET', url: pathOf(Api.catalog.artist, { id: artistId }) })).json(),
    ).data;
    expect(detail.artist).toMatchObject({ name: 'Rimal Collective', name_ar: 'مجموعة رمال' });
    expect(detail.music.find((m) => m.id === trackId)?.artist).toEqual({
      id: artistId,
      name: 'Rimal Collective',
      name_ar: 'مجموعة رمال',
    });
    expect(detail.albums[0]?.artist).toMatchObject({ name_ar: 'مجموعة رمال' });

    const album = AlbumDetailResponse.parse(
      (await t.app.inject({ method: 'GET', url: pathOf(Api.catalog.album, { id: albumId }) })).json(),
    ).data;
    expect(album.current_album.artist.name_ar).toBe('مجموعة رمال');
    expect(album.music[0]?.artist.name_ar).toBe('مجموعة رمال');
  });

  it('makes the artist findable by the Arabic name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${pathOf(Api.catalog.music)}?title=${encodeURIComponent('رمال')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Night Drive');
  });

  it('validates like the Latin fields: lengths from the contracts, a required Latin name, no unknown fields', async () => {
    const tooLong = await edit({ name_ar: 'ا'.repeat(ArtistProfileLimits.nameMax + 1) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('name_ar');
    const bioTooLong = await edit({ bio_ar: 'ب'.repeat(ArtistProfileLimits.bioMax + 1) });
    expect(bioTooLong.statusCode).toBe(422);
    expect(bioTooLong.json().errors).toHaveProperty('bio_ar');
    const noName = await edit({ name: '   ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors).toHaveProperty('name');
    expect((await edit({ user_id: 1 })).statusCode).toBe(422);
    expect((await edit({ name_ar: 12 })).statusCode).toBe(422);
    // Nothing was written by the refused requests.
    expect(ArtistProfileResponse.parse((await profile()).json()).data.name_ar).toBe('مجموعة رمال');
  });

  it('clears the Arabic name with an empty text: the API then leaves the field out', async () => {
    const res = await edit({ name_ar: '', bio_ar: null });
    expect(ArtistProfileResponse.parse(res.json()).data).toMatchObject({ name_ar: null, bio_ar: null });
    const [row] = await t.database.db.select().from(artists).where(eq(artists.id, artistId));
    expect(row).toMatchObject({ nameAr: null, bioAr: null });
    const detail = ArtistDetailResponse.parse(
      (await t.app.inject({ method: 'GET', url: pathOf(Api.catalog.artist, { id: artistId }) })).json(),
    ).data;
    expect(detail.artist).not.toHaveProperty('name_ar');
    expect(detail.artist).not.toHaveProperty('bio_ar');
    expect(detail.music[0]?.artist).not.toHaveProperty('name_ar');
  });

  it('is for artists with a profile only: 401 for visitors, 403 for listeners and unlinked artists', async () => {
    expect((await t.app.inject({ method: 'GET', url: pathOf(Api.ingest.profile) })).statusCode).toBe(401);
    const listener = await makeUser(t.database);
    expect((await edit({ name_ar: 'س' }, bearer(await makeSession(t.database, listener.id)))).statusCode).toBe(403);
    const unlinked = await makeUser(t.database, { type: 'artist' });
    const res = await profile(bearer(await makeSession(t.database, unlinked.id)));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(IngestMessages.artistProfileMissing);
  });
});
