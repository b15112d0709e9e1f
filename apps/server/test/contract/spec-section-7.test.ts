/**
 * The API as a client written only from the spec's section 7 table sees it: each row's method,
 * path and payload, and the key its "Response" column names (`data.data.data`, `playlists`,
 * `checkout_url`, "the user", …) read from the answer. No contract schema is used here on purpose:
 * this is the other side's reading of the spec. Steps that §7 leaves to the card provider (entering
 * a card) use the local test-mode driver's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAlbum, makeArtist, makeTag, makeTrack, makeUser } from '../factories.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let token = '';
let music: number;
let loop: number;
let albumId: number;
let artistId: number;
let genre: number;

/** The spec's client: JSON in and out, a bearer header when a token is stored; statuses 200–299 are success. */
async function call(method: string, url: string, payload?: unknown, bearer = token) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { accept: '*/*', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode, body: res.json() as Json, res };
}

beforeAll(async () => {
  t = await buildTestApp();
  const artist = await makeArtist(t.database, 'Ensemble Sama');
  artistId = artist.id;
  albumId = (await makeAlbum(t.database, artist.id, 'Nights of Cairo')).id;
  const tag = await makeTag(t.database, 'genre', 'Tarab Classics');
  genre = tag.id; // filter options are given by id (§3: id, name, image, color)
  music = (await makeTrack(t.database, { artistId, albumId, title: 'Caravan Song', tagIds: [tag.id] })).id;
  loop = (await makeTrack(t.database, { artistId, kind: 'loop', title: 'Riq Loop 100', tagIds: [tag.id] })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('spec §7, row by row', () => {
  it('register, api_login, me and logout', async () => {
    const email = `spec-${Date.now()}@example.com`;
    const password = 'a-long-spec-password-7';
    const reg = await call(
      'POST',
      '/api/register',
      { name: 'Spec Client', email, password, password_confirmation: password },
      '',
    );
    expect(reg.ok).toBe(true);
    expect(reg.body.data.token).toEqual(expect.any(String));
    expect(reg.body.data.user).toMatchObject({ name: 'Spec Client', email });

    const bad = await call(
      'POST',
      '/api/register',
      { name: '', email: 'x', password: 'a', password_confirmation: 'b' },
      '',
    );
    expect(bad.ok).toBe(false);
    expect(Object.keys(bad.body.errors ?? {}).length).toBeGreaterThan(0); // "errors map"

    const login = await call('POST', '/api/api_login', { email, password }, '');
    expect(login.ok).toBe(true);
    token = login.body.data.token;
    expect(login.body.data.user).toMatchObject({ email });

    const me = await call('GET', '/api/me');
    expect(me.ok).toBe(true);
    expect(me.body).toMatchObject({ name: 'Spec Client', email }); // "the user"
    expect((await call('GET', '/api/me', undefined, '')).ok).toBe(false);
  });

  it('music search, filter, lists, artists and albums', async () => {
    const search = await call('POST', '/api/music/filter', { type: 'music', keyword: 'caravan', perPage: 10, page: 1 });
    expect(search.ok).toBe(true);
    expect(search.body.data.map((d: Json) => d.id)).toContain(music); // data list …
    expect(search.body).toMatchObject({ current_page: 1, per_page: 10, total: expect.any(Number) }); // … plus paging

    const filter = await call('POST', `/api/filter?genre[]=${genre}`);
    expect(filter.ok).toBe(true);
    expect(filter.body.music).toBeDefined(); // "music (also filters, loop)"

    const list = await call('GET', '/api/music?keyword=caravan');
    expect(list.body.data.data.map((d: Json) => d.id)).toContain(music);
    const loops = await call('GET', '/api/loop');
    expect(loops.body.data.data.map((d: Json) => d.id)).toContain(loop);

    const artists = await call('GET', '/api/artists');
    expect(artists.body.data.data.data.map((a: Json) => a.id)).toContain(artistId);
    const artist = await call('GET', `/api/artist/${artistId}`);
    expect(artist.body.data).toBeDefined();

    const albums = await call('GET', '/api/albums');
    expect(Array.isArray(albums.body.data) || Array.isArray(albums.body.data?.data)).toBe(true);
    const album = await call('GET', `/api/album/${albumId}`);
    expect(album.body.data).toMatchObject({ current_album: { id: albumId }, related_albums: expect.any(Array) });
    expect(album.body.data.music.map((m: Json) => m.id)).toContain(music);
  });

  it('playlists and favourites', async () => {
    const created = await call('POST', '/api/playlists/add', { name: 'For the client' });
    expect(created.ok).toBe(true);
    const playlist = created.body.playlist;
    expect(playlist).toMatchObject({ id: expect.any(Number), name: 'For the client' });
    expect((await call('POST', '/api/playlists/add-music', { playlist_id: playlist.id, music_id: music })).ok).toBe(
      true,
    );
    expect((await call('POST', '/api/playlists/add-loop', { playlist_id: playlist.id, loop_id: loop })).ok).toBe(true);

    const all = await call('GET', '/api/playlists/all');
    const mine = all.body.playlists.find((p: Json) => p.id === playlist.id);
    expect(mine).toMatchObject({ name: 'For the client' });
    expect(mine.musics.map((m: Json) => m.id)).toEqual([music]); // §3 Playlist: musics[], loops[]
    expect(mine.loops.map((l: Json) => l.id)).toEqual([loop]);

    const one = await call('GET', `/api/playlists/music/${playlist.id}`);
    const detail = one.body.data ?? one.body.playlist;
    expect(detail.musics.map((m: Json) => m.id)).toEqual([music]);
    expect(detail.loops.map((l: Json) => l.id)).toEqual([loop]);

    expect((await call('POST', '/api/music/favorite', { music_id: music })).ok).toBe(true);
    expect((await call('POST', '/api/loop/favorite', { loop_id: loop })).ok).toBe(true);
    const favourites = await call('GET', '/api/favourit/all');
    const liked = favourites.body.playlists.map((f: Json) => f.music_id ?? f.loop_id);
    expect(liked.sort()).toEqual([music, loop].sort());

    expect((await call('DELETE', `/api/playlists/${playlist.id}`)).ok).toBe(true);
    const after = await call('GET', '/api/playlists/all');
    expect(after.body.playlists.map((p: Json) => p.id)).not.toContain(playlist.id);
  });

  it('checkout, success, products, setup intent, subscribe, subscription downloads, downloads and cancel', async () => {
    const checkout = await call('POST', '/api/stripe/checkout', {
      music_id: music,
      title: 'Caravan Song',
      price: 4.99,
    });
    expect(checkout.ok).toBe(true);
    expect(checkout.body.checkout_url).toEqual(expect.any(String)); // the browser goes there
    const sessionId = checkout.body.session_id ?? checkout.body.checkout_url.split('/').pop();
    const card = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
    expect((await call('POST', `/api/local-payments/checkout/${sessionId}/pay`, card)).ok).toBe(true);
    const success = await call('GET', `/api/stripe/success?music_id=${music}&price=4.99&session_id=${sessionId}`);
    expect(success.ok).toBe(true);

    const products = await call('GET', '/api/stripe/products');
    const list: Json[] = products.body.products ?? products.body.data;
    expect(list.some((p) => Array.isArray(p.prices) && p.prices.length > 0)).toBe(true); // products with prices
    const price = list.flatMap((p) => p.prices)[0];
    expect(price).toMatchObject({ id: expect.any(String), unit_amount: expect.any(Number) });

    const intent = await call('POST', '/api/billing/setup-intent');
    expect(intent.body.clientSecret).toEqual(expect.any(String));
    const confirmed = await call('POST', '/api/local-payments/setup/confirm', {
      ...card,
      client_secret: intent.body.clientSecret,
    });
    const subscribe = await call('POST', '/api/billing/subscribe', {
      price_id: price.id,
      payment_method: confirmed.body.payment_method,
    });
    expect(subscribe.ok).toBe(true);
    expect(subscribe.body.user).toMatchObject({ email: expect.any(String) }); // user …
    expect(subscribe.body.subscription).toMatchObject({ status: expect.any(String) }); // … and subscription
    expect(subscribe.body.user.subscriptions.length).toBeGreaterThan(0);

    const download = await call('POST', '/api/user/download-loop-from-subscription', { music_id: loop, loop_id: loop });
    expect(download.body.message).toEqual(expect.any(String));
    const musicDownload = await call('POST', '/api/user/download-from-subscription', {
      music_id: music,
      loop_id: music,
    });
    expect(musicDownload.body.message).toEqual(expect.any(String));
    const downloads = await call('GET', '/api/user/downloads');
    expect(downloads.body.data.data.data.map((d: Json) => d.id).sort()).toEqual([music, loop].sort());
    expect(downloads.body.data.data.data[0].license_key).toEqual(expect.any(String));

    const cancel = await call('POST', '/api/billing/cancel-subscription');
    expect(cancel.body.ok).toBe(true);
  });

  it('artist orders and logout', async () => {
    const owner = await makeUser(t.database, { type: 'artist' });
    const { makeSession } = await import('../factories.js');
    const artistToken = await makeSession(t.database, owner.id);
    const orders = await call('GET', '/api/artist-orders', undefined, artistToken);
    expect(Array.isArray(orders.body.data.data)).toBe(true);

    const logout = await call('POST', '/api/logout');
    expect(logout.ok).toBe(true);
    expect(String(logout.res.headers['set-cookie'] ?? '')).toMatch(
      /authToken=;|authToken=.*Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expect((await call('GET', '/api/me')).ok).toBe(false);
  });
});
