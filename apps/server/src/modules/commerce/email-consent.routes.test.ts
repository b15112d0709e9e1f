import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, pathOf } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Headers = Record<string, string>;

const CARD_OK = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/**
 * Issue #32 item 11 (decision 059): the buyer chooses at checkout whether the artist sees their email —
 * on by default, stored on the order(s), honoured by the artist's orders and receipt; the artist's
 * receipt shows the order and the licence, never payment references.
 */
describe("the buyer's email choice and the artist's receipt", () => {
  let t: TestApp;
  let artistAuth: Headers;
  let otherArtistAuth: Headers;
  let artistId: number;

  const call = async (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers, payload: payload as object });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const newBuyer = async (name: string) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
    const user = await makeUser(t.database, { name, email, emailVerified: true });
    return { auth: bearer(await makeSession(t.database, user.id)), email };
  };
  const sharedOf = async (sessionId: string) =>
    (
      await selectRows(
        t.database.db,
        z.object({ shared: z.boolean() }),
        sql`select buyer_email_shared as shared from orders where provider_ref = ${sessionId} or provider_ref like ${`${sessionId}#%`} order by id`,
      )
    ).map((r) => r.shared);
  const cartSharedOf = async (sessionId: string) =>
    (
      await selectRows(
        t.database.db,
        z.object({ shared: z.boolean() }),
        sql`select buyer_email_shared as shared from cart_orders where provider_ref = ${sessionId}`,
      )
    )[0]?.shared;
  const ordersOfArtist = async (auth: Headers) =>
    (await call('GET', pathOf(Api.analytics.artistOrders), auth)).body.data.data as Json[];

  /** checkout (with or without the choice) → the local test page's pay (with or without it) → success. */
  const buy = async (auth: Headers, trackId: number, choice: { atCheckout?: boolean; atPay?: boolean } = {}) => {
    const checkout = await call('POST', pathOf(Api.commerce.checkout), auth, {
      music_id: trackId,
      ...(choice.atCheckout === undefined ? {} : { share_email: choice.atCheckout }),
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = checkout.body.session_id as string;
    const page = await call('GET', pathOf(Api.localPayments.checkout, { id: sessionId }), auth);
    const pay = await call('POST', pathOf(Api.localPayments.pay, { id: sessionId }), auth, {
      ...CARD_OK,
      ...(choice.atPay === undefined ? {} : { share_email: choice.atPay }),
    });
    expect(pay.status).toBe(200);
    const success = await call('GET', `${pathOf(Api.commerce.success)}?session_id=${sessionId}`, auth);
    expect(success.status).toBe(200);
    return { sessionId, page: page.body.data as Json, order: success.body.data as Json };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const artistUser = await makeUser(t.database, { type: 'artist', name: 'Oud Artist' });
    const otherUser = await makeUser(t.database, { type: 'artist', name: 'Other Artist' });
    artistId = (await makeArtist(t.database, 'Consent Ensemble', artistUser.id)).id;
    await makeArtist(t.database, 'Elsewhere Trio', otherUser.id);
    artistAuth = bearer(await makeSession(t.database, artistUser.id));
    otherArtistAuth = bearer(await makeSession(t.database, otherUser.id));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shares the email by default (an old client that sends no choice), and the artist sees it', async () => {
    const track = (await makeTrack(t.database, { artistId, title: 'Default Share', priceCents: 499 })).id;
    const buyer = await newBuyer('Samira Default');
    const { sessionId, page } = await buy(buyer.auth, track);
    expect(page.share_email).toBe(true);
    expect(await sharedOf(sessionId)).toEqual([true]);
    const card = (await ordersOfArtist(artistAuth)).find((o) => o.music.id === track)!;
    expect(card.user).toEqual({ name: 'Samira Default', email: buyer.email, email_shared: true });
  });

  it('keeps the email private when the box is unticked at checkout: the artist sees the name only', async () => {
    const track = (await makeTrack(t.database, { artistId, title: 'Kept Private', priceCents: 299 })).id;
    const buyer = await newBuyer('Karim Private');
    const { sessionId, page } = await buy(buyer.auth, track, { atCheckout: false });
    expect(page.share_email).toBe(false);
    expect(await sharedOf(sessionId)).toEqual([false]);
    const orders = await call('GET', pathOf(Api.analytics.artistOrders), artistAuth);
    const card = (orders.body.data.data as Json[]).find((o) => o.music.id === track)!;
    expect(card.user).toEqual({ name: 'Karim Private', email: null, email_shared: false });
    expect(JSON.stringify(orders.body)).not.toContain(buyer.email);
  });

  it('takes the choice made on the checkout page (the pay call), while the order is still pending', async () => {
    const track = (await makeTrack(t.database, { artistId, title: 'Changed Mind', priceCents: 199 })).id;
    const buyer = await newBuyer('Lina Changed');
    const { sessionId } = await buy(buyer.auth, track, { atCheckout: true, atPay: false });
    expect(await sharedOf(sessionId)).toEqual([false]);
    expect((await ordersOfArtist(artistAuth)).find((o) => o.music.id === track)!.user.email).toBeNull();
  });

  it('takes an untick asked again before a hosted payment page: the same open checkout, not shared', async () => {
    const track = (await makeTrack(t.database, { artistId, title: 'Asked Before Leaving', priceCents: 399 })).id;
    const buyer = await newBuyer('Nadia Hosted');
    const first = await call('POST', pathOf(Api.commerce.checkout), buyer.auth, { music_id: track });
    expect(first.status).toBe(200);
    expect(await sharedOf(first.body.session_id as string)).toEqual([true]);
    const again = await call('POST', pathOf(Api.commerce.checkout), buyer.auth, {
      music_id: track,
      share_email: false,
    });
    expect(again.status).toBe(200);
    expect(again.body.session_id).toBe(first.body.session_id);
    expect(await sharedOf(first.body.session_id as string)).toEqual([false]);
  });

  it('refuses a choice that is not a boolean with 422', async () => {
    const track = (await makeTrack(t.database, { artistId, title: 'Bad Choice', priceCents: 199 })).id;
    const buyer = await newBuyer('Omar Bad');
    const res = await call('POST', pathOf(Api.commerce.checkout), buyer.auth, { music_id: track, share_email: 'no' });
    expect(res.status).toBe(422);
    expect(res.body.errors.share_email).toEqual(['The share email field must be true or false.']);
  });

  it('stores a playlist checkout’s choice on the cart and every line (body optional, on by default)', async () => {
    const buyer = await newBuyer('Nadia Playlist');
    const a = (await makeTrack(t.database, { artistId, title: 'Cart One', titleAr: 'سلة واحد', priceCents: 100 })).id;
    const b = (await makeTrack(t.database, { artistId, title: 'Cart Two', priceCents: 200 })).id;
    const created = await call('POST', pathOf(Api.library.createPlaylist), buyer.auth, { name: 'Consent cut' });
    const playlistId = created.body.data.id as number;
    for (const id of [a, b]) {
      await call('POST', pathOf(Api.library.addMusic), buyer.auth, { playlist_id: playlistId, music_id: id });
    }
    const start = await call('POST', pathOf(Api.cart.checkout, { id: playlistId }), buyer.auth, { share_email: false });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const sessionId = start.body.session_id as string;
    expect(await cartSharedOf(sessionId)).toBe(false);
    expect(await sharedOf(sessionId)).toEqual([false, false]);
    // The checkout page shows the choice and the Arabic titles of the lines.
    const page = (await call('GET', pathOf(Api.localPayments.checkout, { id: sessionId }), buyer.auth)).body.data;
    expect(page.share_email).toBe(false);
    expect(page.items[0]).toMatchObject({ title: 'Cart One', title_ar: 'سلة واحد' });
    // Asked again without a body: the default (shared) holds for the same open cart.
    const again = await call('POST', pathOf(Api.cart.checkout, { id: playlistId }), buyer.auth);
    expect(again.body.session_id, JSON.stringify(again)).toBe(sessionId);
    expect(await cartSharedOf(sessionId)).toBe(true);
    expect(await sharedOf(sessionId)).toEqual([true, true]);
    await call('POST', pathOf(Api.localPayments.pay, { id: sessionId }), buyer.auth, {
      ...CARD_OK,
      share_email: false,
    });
    const success = await call('GET', `${pathOf(Api.cart.success)}?session_id=${sessionId}`, buyer.auth);
    expect(success.body.data.items[0]).toMatchObject({ title: 'Cart One', title_ar: 'سلة واحد' });
    const cards = (await ordersOfArtist(artistAuth)).filter((o) => [a, b].includes(o.music.id as number));
    expect(cards.map((o) => o.user.email)).toEqual([null, null]);
  });

  describe("the artist's receipt", () => {
    let receiptUrl = '';
    let sessionId = '';
    let licenseKey = '';
    let buyer: { auth: Headers; email: string };

    beforeAll(async () => {
      const track = (
        await makeTrack(t.database, { artistId, title: 'Receipt Track', titleAr: 'مقطوعة الإيصال', priceCents: 799 })
      ).id;
      buyer = await newBuyer('Huda Receipt');
      const bought = await buy(buyer.auth, track);
      sessionId = bought.sessionId;
      licenseKey = bought.order.license_key as string;
      expect(bought.order.title_ar).toBe('مقطوعة الإيصال');
      receiptUrl = (await ordersOfArtist(artistAuth)).find((o) => o.music.id === track)!.payment_details.receipt_url;
    });

    it('opens for the artist of the track with the order, the licence and the buyer', async () => {
      const res = await t.app.inject({ method: 'GET', url: receiptUrl, headers: artistAuth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      for (const text of ['Receipt Track', '7.99 USD', 'Paid', licenseKey, 'Royalty-free licence', 'Huda Receipt']) {
        expect(res.body).toContain(text);
      }
      expect(res.body).toContain(buyer.email);
    });

    it('never shows the artist the session id, payment references or card details', async () => {
      const res = await t.app.inject({ method: 'GET', url: receiptUrl, headers: artistAuth });
      expect(res.body).not.toContain(sessionId);
      expect(res.body).not.toMatch(/cs_local|pi_|ch_|Transaction ID|4242|receipt_url|stripe/i);
    });

    it('is 404 for another artist and any other user, 401 for a visitor; the buyer reads their own', async () => {
      const notFound = await t.app.inject({ method: 'GET', url: receiptUrl, headers: otherArtistAuth });
      expect(notFound.statusCode).toBe(404);
      const stranger = await newBuyer('Someone Else');
      expect((await t.app.inject({ method: 'GET', url: receiptUrl, headers: stranger.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: receiptUrl })).statusCode).toBe(401);
      const own = await t.app.inject({ method: 'GET', url: receiptUrl, headers: buyer.auth });
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain(sessionId);
    });
  });
});
