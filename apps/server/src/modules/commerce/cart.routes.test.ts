import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@tarab/audio';
import { Api, CartMessages, CommerceMessages, LibraryMessages, Messages, pathOf } from '@tarab/contracts';
import { selectRows, timestampText } from '../../db/client.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import type { Storage } from '../../storage/storage.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeLicense, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { parseMail } from '../../../test/smtp-test-server.js';
import { unzip } from '../../../test/unzip.js';
import { createLocalPaymentProvider } from './local-payment-provider.js';
import { refundCart } from './cart.service.js';
import { z } from 'zod';

type Headers = Record<string, string>;

const CARD_OK = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, card_number: '4000 0000 0000 0002' };
const KEY = /^TRB-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/** One second of a stereo tone as a 16-bit WAV (the private original of a test track). */
function toneWav(hz: number): Uint8Array {
  const rate = 44_100;
  const left = new Float32Array(rate).map((_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / rate));
  return encodeWav([left, left], rate, 16);
}

describe('license a whole playlist in one checkout (local payment driver)', () => {
  let t: TestApp;
  let artistId: number;

  const count = async (q: ReturnType<typeof sql>) =>
    (await selectRows(t.database.db, z.object({ n: z.number() }), q))[0]!.n;
  const newBuyer = async (name = 'Nadia Editor') => {
    const user = await makeUser(t.database, { emailVerified: true, name });
    return { user, auth: bearer(await makeSession(t.database, user.id)) };
  };
  const newTrack = async (title: string, priceCents = 499, kind: 'music' | 'loop' = 'music') => {
    const track = await makeTrack(t.database, { artistId, title, priceCents, kind });
    await t.storage.put('private', track.audioKey, toneWav(200 + track.id));
    return track.id;
  };
  const newPlaylist = async (auth: Headers, trackIds: number[], name = 'Client cut') => {
    const created = await callRoute(t.app, Api.library.createPlaylist, { body: { name }, headers: auth });
    const id = created.json.data.id;
    for (const trackId of trackIds) {
      const kind = (
        await selectRows(
          t.database.db,
          z.object({ kind: z.string() }),
          sql`select kind from tracks where id = ${trackId}`,
        )
      )[0]!.kind;
      const res =
        kind === 'loop'
          ? await callRoute(t.app, Api.library.addLoop, { body: { playlist_id: id, loop_id: trackId }, headers: auth })
          : await callRoute(t.app, Api.library.addMusic, {
              body: { playlist_id: id, music_id: trackId },
              headers: auth,
            });
      expect(res.status).toBe(200);
    }
    return id;
  };
  const quoteOf = (auth: Headers, playlistId: number) =>
    callRoute(t.app, Api.cart.quote, { params: { id: playlistId }, headers: auth });
  const start = (auth: Headers, playlistId: number) =>
    callRoute(t.app, Api.cart.checkout, { params: { id: playlistId }, headers: auth });
  const pay = (auth: Headers, sessionId: string, card = CARD_OK) =>
    callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: card, headers: auth });
  const success = (auth: Headers, sessionId: string) =>
    callRoute(t.app, Api.cart.success, { query: { session_id: sessionId }, headers: auth });
  const cartZip = (auth: Headers, cartOrderId: number) =>
    callRoute(t.app, Api.downloads.cartZip, { params: { id: cartOrderId }, headers: auth });
  const verify = (key: string) => callRoute(t.app, Api.licenses.verify, { params: { key } });
  const downloadsTotal = async (auth: Headers) =>
    (await callRoute(t.app, Api.downloads.list, { headers: auth })).json.data.data.total;
  const licensesOf = (userId: number) =>
    selectRows(
      t.database.db,
      z.object({
        track_id: z.number(),
        license_key: z.string(),
        revoked_at: timestampText.nullable(),
        order_id: z.number().nullable(),
      }),
      sql`select track_id, license_key, revoked_at, order_id from licenses where user_id = ${userId} order by track_id`,
    );
  const mailsTo = async (email: string) => {
    const dir = path.join(t.dataDir, 'mail');
    const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml'));
    const raws = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
    return raws.filter((raw) => raw.includes(`To: ${email}`)).map(parseMail);
  };

  beforeAll(async () => {
    t = await buildTestApp({ downloads: { perUser: 100, prepareWaitMs: 60_000 } });
    artistId = (await makeArtist(t.database, 'Ensemble Layali')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('quotes the unowned, published music tracks with their total, and says what it leaves out', async () => {
    const { user, auth } = await newBuyer();
    const [a, b, owned, loop, hidden, single] = [
      await newTrack('Oud at Dusk', 499),
      await newTrack('Ney of the Dunes', 799),
      await newTrack('Already Mine', 599),
      await newTrack('Riq 92', 199, 'loop'),
      await newTrack('Withdrawn', 999),
      await newTrack('In Another Tab', 299),
    ];
    await makeLicense(t.database, user.id, owned);
    const playlistId = await newPlaylist(auth, [a, b, owned, loop, hidden, single]);
    await t.database.db.execute(sql`update tracks set published = false where id = ${hidden}`);
    expect((await callRoute(t.app, Api.commerce.checkout, { body: { music_id: single }, headers: auth })).status).toBe(
      200,
    );

    const quote = await quoteOf(auth, playlistId);
    expect(quote.status).toBe(200);
    // The schema keeps every field of the answer (nothing the contract does not know).
    expect(quote.json).toEqual(quote.response.json());
    expect(quote.json.data).toEqual({
      playlist_id: playlistId,
      name: 'Client cut',
      items: [
        { music_id: a, title: 'Oud at Dusk', amount: 4.99 },
        { music_id: b, title: 'Ney of the Dunes', amount: 7.99 },
      ],
      excluded: [
        { music_id: owned, title: 'Already Mine', reason: 'owned' },
        { music_id: loop, title: 'Riq 92', reason: 'loop' },
        { music_id: hidden, title: 'Withdrawn', reason: 'unpublished' },
        { music_id: single, title: 'In Another Tab', reason: 'in_checkout' },
      ],
      count: 2,
      total: 12.98,
      currency: 'usd',
      subscriber: false,
      max_items: 100,
    });
  });

  it('answers 401 without a session and 404 for a playlist that is not the caller’s (quote and checkout)', async () => {
    const { auth } = await newBuyer();
    const other = await newBuyer();
    const playlistId = await newPlaylist(auth, [await newTrack('Private Cut')]);
    for (const ask of [quoteOf, start]) {
      const anonymous = await ask({}, playlistId);
      expect(anonymous.status).toBe(401);
      expect(anonymous.error).toEqual({ code: 'unauthenticated', message: Messages.unauthenticated });
      const foreign = await ask(other.auth, playlistId);
      expect(foreign.status).toBe(404);
      expect(foreign.error).toEqual({ code: 'playlist_not_found', message: LibraryMessages.playlistNotFound });
    }
    expect(await count(sql`select count(*)::int as n from cart_orders where user_id = ${other.user.id}`)).toBe(0);
  });

  it('licenses every track in one payment: one order and licence per track, one receipt, one streamed zip', async () => {
    const { user, auth } = await newBuyer('Layla Haddad');
    const tracks = [
      await newTrack('Oud at Dusk', 499),
      await newTrack('Ney of the Dunes', 799),
      await newTrack('Qanun', 350),
    ];
    const loop = await newTrack('Darbuka Loop', 199, 'loop');
    const playlistId = await newPlaylist(auth, [...tracks, loop], 'Documentary');

    const started = await start(auth, playlistId);
    expect(started.status).toBe(200);
    expect(started.json).toEqual(started.response.json());
    const sessionId = started.json.session_id;
    expect(started.json).toEqual({
      checkout_url: `/checkout/local/${sessionId}`,
      session_id: sessionId,
      count: 3,
      total: 16.48,
    });

    // The test-mode checkout page shows every line item and the total.
    const page = await callRoute(t.app, Api.localPayments.checkout, { params: { id: sessionId }, headers: auth });
    expect(page.json.data).toMatchObject({
      amount: 16.48,
      title: '3 tracks from “Documentary”',
      items: [
        { title: 'Oud at Dusk', amount: 4.99 },
        { title: 'Ney of the Dunes', amount: 7.99 },
        { title: 'Qanun', amount: 3.5 },
      ],
      success_url: `/success/playlist?session_id=${sessionId}`,
    });
    expect((await success(auth, sessionId)).status).toBe(402);
    const declined = await pay(auth, sessionId, CARD_DECLINED);
    expect(declined.status).toBe(402);
    expect(await count(sql`select count(*)::int as n from licenses where user_id = ${user.id}`)).toBe(0);

    const paid = await pay(auth, sessionId);
    expect(paid.status).toBe(200);
    expect(paid.json).toEqual({ redirect_url: `/success/playlist?session_id=${sessionId}` });
    const confirmed = await success(auth, sessionId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual(confirmed.response.json());
    const order = confirmed.json.data;
    expect(order).toMatchObject({
      playlist_id: playlistId,
      playlist_name: 'Documentary',
      status: 'paid',
      amount: 16.48,
      session_id: sessionId,
      payment_method: 'card',
      zip_url: pathOf(Api.downloads.cartZip, { id: order.cart_order_id }),
    });
    expect(order.items.map((i) => [i.music_id, i.amount])).toEqual([
      [tracks[0], 4.99],
      [tracks[1], 7.99],
      [tracks[2], 3.5],
    ]);
    for (const item of order.items) {
      expect(item.license_key).toMatch(KEY);
      expect(item.receipt_url).toBe(pathOf(Api.analytics.receipt, { id: item.order_id }));
    }
    // Confirming again changes nothing.
    expect((await success(auth, sessionId)).json.data).toEqual(order);

    const rows = await licensesOf(user.id);
    expect(rows.map((r) => r.track_id)).toEqual(tracks);
    expect(rows.map((r) => r.order_id)).toEqual(order.items.map((i) => i.order_id));
    expect(
      await count(
        sql`select count(*)::int as n from orders where cart_order_id = ${order.cart_order_id} and status = 'paid'`,
      ),
    ).toBe(3);

    // Each licence behaves as a single-track licence: in Saved → Downloads, verifiable, with a certificate.
    expect(await downloadsTotal(auth)).toBe(3);
    for (const item of order.items) {
      const verified = await verify(item.license_key!);
      expect(verified.status).toBe(200);
      expect(verified.json.data).toMatchObject({ status: 'valid', track: { title: item.title } });
    }

    // One receipt email for the whole order, naming every track and licence key.
    await expect.poll(async () => (await mailsTo(user.email)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Your Tarab receipt for 3 tracks from “Documentary”');
    for (const item of order.items) expect(mail!.text).toContain(`${item.title} — $${item.amount.toFixed(2)}`);
    for (const item of order.items) expect(mail!.text).toContain(item.license_key!);
    expect(mail!.text).toContain('Total: $16.48');

    // One zip: a folder per track with the tagged audio, license.txt and the certificate.
    const zip = await cartZip(auth, order.cart_order_id);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Documentary_Playlist.zip"');
    expect(Number(zip.headers['content-length'])).toBe(zip.response.rawPayload.length);
    const files = await unzip(zip.response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        '01 Oud at Dusk/Oud at Dusk.mp3',
        '01 Oud at Dusk/license.txt',
        '01 Oud at Dusk/license-certificate.pdf',
        '02 Ney of the Dunes/Ney of the Dunes.mp3',
        '02 Ney of the Dunes/license.txt',
        '02 Ney of the Dunes/license-certificate.pdf',
        '03 Qanun/Qanun.mp3',
        '03 Qanun/license.txt',
        '03 Qanun/license-certificate.pdf',
      ].sort(),
    );
    for (const [index, item] of order.items.entries()) {
      const folder = `0${index + 1} ${item.title}`;
      expect(files.get(`${folder}/license.txt`)!.toString()).toMatch(
        new RegExp(`^License Key: ${item.license_key}\r\n`),
      );
      expect(files.get(`${folder}/license-certificate.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
      const mp3 = files.get(`${folder}/${item.title}.mp3`)!;
      expect(mp3.subarray(0, 3).toString()).toBe('ID3');
      expect(mp3.includes(Buffer.from(item.license_key!))).toBe(true);
    }
    // Someone else cannot download it.
    const stranger = await newBuyer();
    expect((await cartZip(stranger.auth, order.cart_order_id)).status).toBe(404);
    expect((await cartZip({}, order.cart_order_id)).status).toBe(401);
    expect((await success(stranger.auth, sessionId)).status).toBe(404);

    // The tracks are owned now: nothing is left to pay for.
    const again = await start(auth, playlistId);
    expect(again.status).toBe(409);
    expect(again.error).toEqual({ code: 'nothing_to_license', message: CartMessages.nothingToLicense });
  });

  it('gives one checkout for a double click or 20 concurrent clicks, and blocks paying for its tracks twice', async () => {
    const { user, auth } = await newBuyer();
    const tracks = [await newTrack('Maqam Rast'), await newTrack('Maqam Bayati')];
    const playlistId = await newPlaylist(auth, tracks);
    const results = await Promise.all(Array.from({ length: 20 }, () => start(auth, playlistId)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(new Set(results.map((r) => r.json.session_id)).size).toBe(1);
    expect(await count(sql`select count(*)::int as n from cart_orders where user_id = ${user.id}`)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from orders where user_id = ${user.id} and status = 'pending'`),
    ).toBe(2);
    // The single-track checkout of a track in the open cart is refused: it would be paid twice.
    const single = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: tracks[0]! }, headers: auth });
    expect(single.status).toBe(409);
    expect(single.error).toEqual({ code: 'track_in_cart', message: CartMessages.trackInCart });

    // 20 concurrent success pages after payment: one licence per track, one receipt.
    const sessionId = results[0]!.json.session_id;
    expect((await pay(auth, sessionId)).status).toBe(200);
    const pages = await Promise.all(Array.from({ length: 20 }, () => success(auth, sessionId)));
    expect(pages.map((p) => p.status)).toEqual(pages.map(() => 200));
    const keys = new Set(pages.flatMap((p) => p.json.data.items.map((i) => i.license_key)));
    expect(keys.size).toBe(2);
    expect(await count(sql`select count(*)::int as n from licenses where user_id = ${user.id}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from orders where user_id = ${user.id} and status = 'paid'`)).toBe(
      2,
    );
    // The outbox is empty before counting: exactly one receipt.
    await t.app.mailSettled();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('replaces an open cart whose playlist changed: the old checkout can no longer be paid', async () => {
    const { user, auth } = await newBuyer();
    const first = await newTrack('Sama’i');
    const playlistId = await newPlaylist(auth, [first]);
    const old = (await start(auth, playlistId)).json.session_id;
    const added = await newTrack('Longa');
    await callRoute(t.app, Api.library.addMusic, { body: { playlist_id: playlistId, music_id: added }, headers: auth });
    const next = await start(auth, playlistId);
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ count: 2, total: 9.98 });
    expect(next.json.session_id).not.toBe(old);
    // The replaced session is closed at the provider: paying it now is refused.
    const late = await pay(auth, old);
    expect(late.status).toBe(409);
    expect(
      await selectRows(
        t.database.db,
        z.object({ status: z.string() }),
        sql`select status from cart_orders where user_id = ${user.id} order by id`,
      ),
    ).toEqual([{ status: 'expired' }, { status: 'pending' }]);
    expect((await success(auth, old)).status).toBe(402);
  });

  it('sends a subscriber to the free subscription downloads instead of charging', async () => {
    const { user, auth } = await newBuyer();
    const playlistId = await newPlaylist(auth, [await newTrack('Covered')]);
    await t.database.db
      .execute(sql`insert into subscriptions (user_id, plan_price_id, status, provider, provider_ref, current_period_end)
      select ${user.id}, id, 'active', 'local', ${`sub_cart_${user.id}`}, now() + interval '30 days' from plan_prices limit 1`);
    const quote = await quoteOf(auth, playlistId);
    expect(quote.json.data).toMatchObject({ subscriber: true, count: 1 });
    const refused = await start(auth, playlistId);
    expect(refused.status).toBe(409);
    expect(refused.error).toEqual({
      code: 'subscribers_download_free',
      message: CartMessages.subscribersDownloadFree,
    });
    expect(await count(sql`select count(*)::int as n from cart_orders where user_id = ${user.id}`)).toBe(0);
  });

  it('revokes every licence of a refunded cart: no downloads, no zip, verify says revoked', async () => {
    const { user, auth } = await newBuyer();
    const tracks = [await newTrack('Refund One'), await newTrack('Refund Two')];
    const playlistId = await newPlaylist(auth, tracks);
    const sessionId = (await start(auth, playlistId)).json.session_id;
    await pay(auth, sessionId);
    const order = (await success(auth, sessionId)).json.data;
    expect(
      await refundCart({ db: t.database.db, provider: createLocalPaymentProvider(t.database.db) }, sessionId),
    ).toBe(true);
    expect((await licensesOf(user.id)).every((l) => l.revoked_at !== null)).toBe(true);
    expect(await downloadsTotal(auth)).toBe(0);
    const zip = await cartZip(auth, order.cart_order_id);
    expect(zip.status).toBe(403);
    expect(zip.error).toEqual({ code: 'license_required', message: CommerceMessages.licenseRequired });
    for (const item of order.items) {
      expect((await verify(item.license_key!)).json.data.status).toBe('revoked');
      expect(
        (await callRoute(t.app, Api.downloads.link, { params: { id: item.music_id }, headers: auth })).status,
      ).toBe(403);
    }
    const after = await success(auth, sessionId);
    expect(after.json.data.status).toBe('refunded');
    expect(after.json.data.items.map((i) => i.license_key)).toEqual([null, null]);
  });
});

describe('the playlist zip streams one stored file at a time', () => {
  let t: TestApp;
  let dir: string;
  /** Delivery-file body streams open right now (not the 44-byte head reads), and the most at once. */
  const open = { now: 0, most: 0 };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-cart-zip-'));
    const inner = createLocalStorage(dir);
    const storage: Storage = {
      ...inner,
      stream: async (visibility, key, range) => {
        const stream = await inner.stream(visibility, key, range);
        if (!key.startsWith('originals/') && range && range.end - range.start > 100) {
          open.now++;
          open.most = Math.max(open.most, open.now);
          stream.once('close', () => open.now--);
        }
        return stream;
      },
    };
    t = await buildTestApp({ downloads: { perUser: 100, prepareWaitMs: 60_000 } }, { storage });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('opens each track’s delivery file only when the zip reaches it', async () => {
    const artistId = (await makeArtist(t.database)).id;
    const user = await makeUser(t.database, { emailVerified: true });
    const auth = bearer(await makeSession(t.database, user.id));
    const playlistId = (await callRoute(t.app, Api.library.createPlaylist, { body: { name: 'Eight' }, headers: auth }))
      .json.data.id;
    for (let i = 0; i < 8; i++) {
      const track = await makeTrack(t.database, { artistId, title: `Part ${i + 1}` });
      await t.storage.put('private', track.audioKey, toneWav(180 + 20 * i));
      await callRoute(t.app, Api.library.addMusic, {
        body: { playlist_id: playlistId, music_id: track.id },
        headers: auth,
      });
    }
    const started = await callRoute(t.app, Api.cart.checkout, { params: { id: playlistId }, headers: auth });
    const sessionId = started.json.session_id;
    await callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: CARD_OK, headers: auth });
    const order = (await callRoute(t.app, Api.cart.success, { query: { session_id: sessionId }, headers: auth })).json
      .data;
    expect(order.zip_url).toBe(pathOf(Api.downloads.cartZip, { id: order.cart_order_id }));
    // The first download makes the eight MP3s; the second only streams them.
    for (const round of [1, 2]) {
      open.most = 0;
      const zip = await callRoute(t.app, Api.downloads.cartZip, { params: { id: order.cart_order_id }, headers: auth });
      expect(zip.status, `round ${round}`).toBe(200);
      expect((await unzip(zip.response.rawPayload)).size).toBe(24);
      expect(open.most, `round ${round}`).toBe(1);
      expect(open.now).toBe(0);
    }
  });
});
