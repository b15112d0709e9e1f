/**
 * The API as a client written only from the spec's section 7 table sees it: each row's method,
 * path and payload, and the key its "Response" column names (`data.data.data`, `playlists`,
 * `checkout_url`, "the user", …) read from the answer. The calls go through the route table, whose
 * paths are checked against the spec's own (`SPEC_PATHS`); the answers are read with this file's
 * loose shapes of what §7 names, never the contract's schemas, on purpose: this is the other side's
 * reading of the spec. Steps that §7 leaves to the card provider (entering a card) use the local
 * test-mode driver's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, routeId, type RouteSpec } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute, type RouteRequest } from '../call-route.js';
import { makeAlbum, makeArtist, makeTag, makeTrack, makeUser } from '../factories.js';

let t: TestApp;
let token = '';
let music: number;
let loop: number;
let albumId: number;
let artistId: number;
let genre: number;

/** The spec's client: JSON in and out, a bearer header when a token is stored; statuses 200–299 are success. */
async function call<const R extends RouteSpec>(route: R, request: RouteRequest<R> = {}, bearer = token) {
  const res = await callRoute(t.app, route, {
    ...request,
    headers: { accept: '*/*', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
  return { ok: res.status >= 200 && res.status < 300, status: res.status, res: res.response };
}
/** The answer read as the spec's client reads it: the keys §7 names, whatever else is there. */
const read = <S extends z.ZodType>(answer: { res: { json(): unknown } }, shape: S): z.output<S> =>
  shape.parse(answer.res.json());

// What §7's "Response" column names, loosely: unknown keys are kept, nothing else is assumed.
const Row = z.looseObject({ id: z.number() });
const Rows = z.array(Row);
const Loose = z.looseObject({});
const Auth = z.looseObject({ data: z.looseObject({ token: z.string(), user: Loose }) });
const Paged = z.looseObject({ data: z.looseObject({ data: Rows }) });
const Playlist = z.looseObject({ id: z.number(), musics: Rows, loops: Rows });
const Playlists = z.looseObject({ playlists: z.array(Playlist) });
const Price = z.looseObject({ id: z.string(), unit_amount: z.number() });
const Product = z.looseObject({ prices: z.array(Price) });

/** The paths of §7's rows, as the spec writes them, and the route of the table that serves each. */
const SPEC_PATHS: [RouteSpec, string][] = [
  // literal: the spec's own paths are what is checked here (once; the calls below use the table).
  [Api.auth.register, 'POST /api/register'],
  [Api.auth.login, 'POST /api/api_login'],
  [Api.auth.me, 'GET /api/me'],
  [Api.auth.logout, 'POST /api/logout'],
  [Api.catalog.search, 'POST /api/music/filter'],
  [Api.catalog.filter, 'POST /api/filter'],
  [Api.catalog.music, 'GET /api/music'],
  [Api.catalog.loops, 'GET /api/loop'],
  [Api.catalog.artists, 'GET /api/artists'],
  [Api.catalog.artist, 'GET /api/artist/:id'],
  [Api.catalog.albums, 'GET /api/albums'],
  [Api.catalog.album, 'GET /api/album/:id'],
  [Api.library.createPlaylist, 'POST /api/playlists/add'],
  [Api.library.addMusic, 'POST /api/playlists/add-music'],
  [Api.library.addLoop, 'POST /api/playlists/add-loop'],
  [Api.library.playlists, 'GET /api/playlists/all'],
  [Api.library.playlist, 'GET /api/playlists/music/:id'],
  [Api.library.favouriteMusic, 'POST /api/music/favorite'],
  [Api.library.favouriteLoop, 'POST /api/loop/favorite'],
  [Api.library.favourites, 'GET /api/favourit/all'],
  [Api.library.deletePlaylist, 'DELETE /api/playlists/:id'],
  [Api.commerce.checkout, 'POST /api/stripe/checkout'],
  [Api.commerce.success, 'GET /api/stripe/success'],
  [Api.commerce.products, 'GET /api/stripe/products'],
  [Api.commerce.setupIntent, 'POST /api/billing/setup-intent'],
  [Api.commerce.subscribe, 'POST /api/billing/subscribe'],
  [Api.commerce.cancelSubscription, 'POST /api/billing/cancel-subscription'],
  [Api.downloads.fromSubscription, 'POST /api/user/download-from-subscription'],
  [Api.downloads.loopFromSubscription, 'POST /api/user/download-loop-from-subscription'],
  [Api.downloads.list, 'GET /api/user/downloads'],
  [Api.analytics.artistOrders, 'GET /api/artist-orders'],
];

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
  it('serves every row at the path the spec gives it', () => {
    for (const [route, spec] of SPEC_PATHS) expect(routeId(route), spec).toBe(spec);
  });

  it('register, api_login, me and logout', async () => {
    const email = `spec-${Date.now()}@example.com`;
    const password = 'a-long-spec-password-7';
    const reg = await call(
      Api.auth.register,
      { body: { name: 'Spec Client', email, password, password_confirmation: password } },
      '',
    );
    expect(reg.ok).toBe(true);
    const registered = read(reg, Auth);
    expect(registered.data.token).toEqual(expect.any(String));
    expect(registered.data.user).toMatchObject({ name: 'Spec Client', email });

    const bad = await call(
      Api.auth.register,
      { body: { name: '', email: 'x', password: 'a', password_confirmation: 'b' } },
      '',
    );
    expect(bad.ok).toBe(false);
    const { errors } = read(bad, z.looseObject({ errors: z.optional(z.record(z.string(), z.unknown())) }));
    expect(Object.keys(errors ?? {}).length).toBeGreaterThan(0); // "errors map"

    const login = await call(Api.auth.login, { body: { email, password } }, '');
    expect(login.ok).toBe(true);
    const loggedIn = read(login, Auth);
    token = loggedIn.data.token;
    expect(loggedIn.data.user).toMatchObject({ email });

    const me = await call(Api.auth.me);
    expect(me.ok).toBe(true);
    expect(read(me, Loose)).toMatchObject({ name: 'Spec Client', email }); // "the user"
    expect((await call(Api.auth.me, {}, '')).ok).toBe(false);
  });

  it('music search, filter, lists, artists and albums', async () => {
    const search = await call(Api.catalog.search, {
      body: { type: 'music', keyword: 'caravan', perPage: 10, page: 1 },
    });
    expect(search.ok).toBe(true);
    const found = read(search, z.looseObject({ data: Rows }));
    expect(found.data.map((d) => d.id)).toContain(music); // data list …
    expect(found).toMatchObject({ current_page: 1, per_page: 10, total: expect.any(Number) }); // … plus paging

    const filter = await call(Api.catalog.filter, { query: { genre: [genre] } });
    expect(filter.ok).toBe(true);
    expect(read(filter, Loose)['music']).toBeDefined(); // "music (also filters, loop)"

    const list = await call(Api.catalog.music, { query: { keyword: 'caravan' } });
    expect(read(list, Paged).data.data.map((d) => d.id)).toContain(music);
    const loops = await call(Api.catalog.loops);
    expect(read(loops, Paged).data.data.map((d) => d.id)).toContain(loop);

    const artists = await call(Api.catalog.artists);
    const artistPages = read(artists, z.looseObject({ data: z.looseObject({ data: Paged.shape.data }) }));
    expect(artistPages.data.data.data.map((a) => a.id)).toContain(artistId);
    const artist = await call(Api.catalog.artist, { params: { id: artistId } });
    expect(read(artist, Loose)['data']).toBeDefined();

    const albums = await call(Api.catalog.albums);
    const albumList = read(albums, z.looseObject({ data: z.unknown() })).data;
    const nested = z.looseObject({ data: z.unknown() }).safeParse(albumList);
    expect(Array.isArray(albumList) || (nested.success && Array.isArray(nested.data.data))).toBe(true);
    const album = await call(Api.catalog.album, { params: { id: albumId } });
    const albumDetail = read(album, z.looseObject({ data: z.looseObject({ music: Rows }) })).data;
    expect(albumDetail).toMatchObject({ current_album: { id: albumId }, related_albums: expect.any(Array) });
    expect(albumDetail.music.map((m) => m.id)).toContain(music);
  });

  it('playlists and favourites', async () => {
    const created = await call(Api.library.createPlaylist, { body: { name: 'For the client' } });
    expect(created.ok).toBe(true);
    const playlist = read(created, z.looseObject({ playlist: Row })).playlist;
    expect(playlist).toMatchObject({ id: expect.any(Number), name: 'For the client' });
    expect((await call(Api.library.addMusic, { body: { playlist_id: playlist.id, music_id: music } })).ok).toBe(true);
    expect((await call(Api.library.addLoop, { body: { playlist_id: playlist.id, loop_id: loop } })).ok).toBe(true);

    const all = await call(Api.library.playlists);
    const mine = read(all, Playlists).playlists.find((p) => p.id === playlist.id)!;
    expect(mine).toMatchObject({ name: 'For the client' });
    expect(mine.musics.map((m) => m.id)).toEqual([music]); // §3 Playlist: musics[], loops[]
    expect(mine.loops.map((l) => l.id)).toEqual([loop]);

    const one = await call(Api.library.playlist, { params: { id: playlist.id } });
    const answer = read(one, z.looseObject({ data: z.optional(Playlist), playlist: z.optional(Playlist) }));
    const detail = answer.data ?? answer.playlist;
    expect(detail?.musics.map((m) => m.id)).toEqual([music]);
    expect(detail?.loops.map((l) => l.id)).toEqual([loop]);

    expect((await call(Api.library.favouriteMusic, { body: { music_id: music } })).ok).toBe(true);
    expect((await call(Api.library.favouriteLoop, { body: { loop_id: loop } })).ok).toBe(true);
    const favourites = await call(Api.library.favourites);
    const Favourite = z.looseObject({ music_id: z.nullish(z.number()), loop_id: z.nullish(z.number()) });
    const liked = read(favourites, z.looseObject({ playlists: z.array(Favourite) })).playlists.map(
      (f) => f.music_id ?? f.loop_id,
    );
    expect(liked.sort()).toEqual([music, loop].sort());

    expect((await call(Api.library.deletePlaylist, { params: { id: playlist.id } })).ok).toBe(true);
    const after = await call(Api.library.playlists);
    expect(read(after, Playlists).playlists.map((p) => p.id)).not.toContain(playlist.id);
  });

  it('checkout, success, products, setup intent, subscribe, subscription downloads, downloads and cancel', async () => {
    const checkout = await call(Api.commerce.checkout, {
      body: { music_id: music, title: 'Caravan Song', price: 4.99 },
    });
    expect(checkout.ok).toBe(true);
    const started = read(checkout, z.looseObject({ checkout_url: z.string(), session_id: z.optional(z.string()) }));
    expect(started.checkout_url).toEqual(expect.any(String)); // the browser goes there
    const sessionId = started.session_id ?? started.checkout_url.split('/').pop()!;
    const card = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
    expect((await call(Api.localPayments.pay, { params: { id: sessionId }, body: card })).ok).toBe(true);
    const success = await call(Api.commerce.success, {
      query: { music_id: music, price: '4.99', session_id: sessionId },
    });
    expect(success.ok).toBe(true);

    const products = await call(Api.commerce.products);
    const catalogue = read(
      products,
      z.looseObject({ products: z.optional(z.array(Product)), data: z.optional(z.array(Product)) }),
    );
    const list = catalogue.products ?? catalogue.data ?? [];
    expect(list.some((p) => Array.isArray(p.prices) && p.prices.length > 0)).toBe(true); // products with prices
    const price = list.flatMap((p) => p.prices)[0]!;
    expect(price).toMatchObject({ id: expect.any(String), unit_amount: expect.any(Number) });

    const intent = read(await call(Api.commerce.setupIntent), z.looseObject({ clientSecret: z.string() }));
    expect(intent.clientSecret).toEqual(expect.any(String));
    const confirmed = await call(Api.localPayments.confirmSetup, {
      body: { ...card, client_secret: intent.clientSecret },
    });
    const subscribe = await call(Api.commerce.subscribe, {
      body: {
        price_id: price.id,
        payment_method: read(confirmed, z.looseObject({ payment_method: z.string() })).payment_method,
      },
    });
    expect(subscribe.ok).toBe(true);
    const subscribed = read(
      subscribe,
      z.looseObject({ user: z.looseObject({ subscriptions: z.array(z.unknown()) }), subscription: Loose }),
    );
    expect(subscribed.user).toMatchObject({ email: expect.any(String) }); // user …
    expect(subscribed.subscription).toMatchObject({ status: expect.any(String) }); // … and subscription
    expect(subscribed.user.subscriptions.length).toBeGreaterThan(0);

    const Message = z.looseObject({ message: z.string() });
    const download = await call(Api.downloads.loopFromSubscription, { body: { music_id: loop, loop_id: loop } });
    expect(read(download, Message).message).toEqual(expect.any(String));
    const musicDownload = await call(Api.downloads.fromSubscription, { body: { music_id: music, loop_id: music } });
    expect(read(musicDownload, Message).message).toEqual(expect.any(String));
    const downloads = await call(Api.downloads.list);
    const licensed = read(downloads, z.looseObject({ data: z.looseObject({ data: z.looseObject({ data: Rows }) }) }))
      .data.data.data;
    expect(licensed.map((d) => d.id).sort()).toEqual([music, loop].sort());
    expect(licensed[0]!['license_key']).toEqual(expect.any(String));

    const cancel = await call(Api.commerce.cancelSubscription);
    expect(read(cancel, z.looseObject({ ok: z.unknown() })).ok).toBe(true);
  });

  it('artist orders and logout', async () => {
    const owner = await makeUser(t.database, { type: 'artist' });
    const { makeSession } = await import('../factories.js');
    const artistToken = await makeSession(t.database, owner.id);
    const orders = await call(Api.analytics.artistOrders, {}, artistToken);
    const sales = read(orders, z.looseObject({ data: z.looseObject({ data: z.unknown() }) }));
    expect(Array.isArray(sales.data.data)).toBe(true);

    const logout = await call(Api.auth.logout);
    expect(logout.ok).toBe(true);
    expect(String(logout.res.headers['set-cookie'] ?? '')).toMatch(
      /authToken=;|authToken=.*Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expect((await call(Api.auth.me)).ok).toBe(false);
  });
});
