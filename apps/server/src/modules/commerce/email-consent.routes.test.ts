import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, pathOf } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';

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

  const checkout = (headers: Headers, body: { music_id: number; share_email?: boolean }) =>
    callRoute(t.app, Api.commerce.checkout, { body, headers });
  const checkoutPage = async (headers: Headers, sessionId: string) =>
    (await callRoute(t.app, Api.localPayments.checkout, { params: { id: sessionId }, headers })).json.data;
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
    (await callRoute(t.app, Api.analytics.artistOrders, { headers: auth })).json.data.data;

  /** checkout (with or without the choice) → the local test page's pay (with or without it) → success. */
  const buy = async (auth: Headers, trackId: number, choice: { atCheckout?: boolean; atPay?: boolean } = {}) => {
    const started = await checkout(auth, {
      music_id: trackId,
      ...(choice.atCheckout === undefined ? {} : { share_email: choice.atCheckout }),
    });
    expect(started.status, started.response.body).toBe(200);
    const sessionId = started.json.session_id;
    const page = await checkoutPage(auth, sessionId);
    const pay = await callRoute(t.app, Api.localPayments.pay, {
      params: { id: sessionId },
      body: { ...CARD_OK, ...(choice.atPay === undefined ? {} : { share_email: choice.atPay }) },
      headers: auth,
    });
    expect(pay.status).toBe(200);
    const success = await callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers: auth });
    expect(success.status).toBe(200);
    return { sessionId, page, order: success.json.data };
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
    const orders = await callRoute(t.app, Api.analytics.artistOrders, { headers: artistAuth });
    const card = orders.json.data.data.find((o) => o.music.id === track)!;
    expect(card.user).toEqual({ name: 'Karim Private', email: null, email_shared: false });
    expect(orders.response.body).not.toContain(buyer.email);
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
    const first = await checkout(buyer.auth, { music_id: track });
    expect(first.status).toBe(200);
    expect(await sharedOf(first.json.session_id)).toEqual([true]);
    const again = await checkout(buyer.auth, { music_id: track, share_email: false });
    expect(again.status).toBe(200);
    expect(again.json.session_id).toBe(first.json.session_id);
    expect(await sharedOf(first.json.session_id)).toEqual([false]);
  });

  it('refuses a choice that is not a boolean with 422', async () => {
    const track = (await makeTrack(t.database, { artistId, title: 'Bad Choice', priceCents: 199 })).id;
    const buyer = await newBuyer('Omar Bad');
    // A body the route's type does not allow: sent as raw JSON.
    const res = await callRoute(t.app, Api.commerce.checkout, {
      payload: JSON.stringify({ music_id: track, share_email: 'no' }),
      headers: { ...buyer.auth, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.error.errors?.['share_email']).toEqual(['The share email field must be true or false.']);
  });

  it('stores a playlist checkout’s choice on the cart and every line (body optional, on by default)', async () => {
    const buyer = await newBuyer('Nadia Playlist');
    const a = (await makeTrack(t.database, { artistId, title: 'Cart One', titleAr: 'سلة واحد', priceCents: 100 })).id;
    const b = (await makeTrack(t.database, { artistId, title: 'Cart Two', priceCents: 200 })).id;
    const created = await callRoute(t.app, Api.library.createPlaylist, {
      body: { name: 'Consent cut' },
      headers: buyer.auth,
    });
    const playlistId = created.json.data.id;
    for (const id of [a, b]) {
      await callRoute(t.app, Api.library.addMusic, {
        body: { playlist_id: playlistId, music_id: id },
        headers: buyer.auth,
      });
    }
    const start = await callRoute(t.app, Api.cart.checkout, {
      params: { id: playlistId },
      body: { share_email: false },
      headers: buyer.auth,
    });
    expect(start.status, start.response.body).toBe(200);
    const sessionId = start.json.session_id;
    expect(await cartSharedOf(sessionId)).toBe(false);
    expect(await sharedOf(sessionId)).toEqual([false, false]);
    // The checkout page shows the choice and the Arabic titles of the lines.
    const page = await checkoutPage(buyer.auth, sessionId);
    expect(page.share_email).toBe(false);
    expect(page.items?.[0]).toMatchObject({ title: 'Cart One', title_ar: 'سلة واحد' });
    // Asked again without a body: the default (shared) holds for the same open cart.
    const again = await callRoute(t.app, Api.cart.checkout, { params: { id: playlistId }, headers: buyer.auth });
    expect(again.json.session_id, again.response.body).toBe(sessionId);
    expect(await cartSharedOf(sessionId)).toBe(true);
    expect(await sharedOf(sessionId)).toEqual([true, true]);
    await callRoute(t.app, Api.localPayments.pay, {
      params: { id: sessionId },
      body: { ...CARD_OK, share_email: false },
      headers: buyer.auth,
    });
    const success = await callRoute(t.app, Api.cart.success, { query: { session_id: sessionId }, headers: buyer.auth });
    expect(success.json.data.items[0]).toMatchObject({ title: 'Cart One', title_ar: 'سلة واحد' });
    const cards = (await ordersOfArtist(artistAuth)).filter((o) => [a, b].includes(o.music.id));
    expect(cards.map((o) => o.user.email)).toEqual([null, null]);
  });

  describe("the artist's receipt", () => {
    let orderId = 0;
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
      licenseKey = bought.order.license_key!;
      expect(bought.order.title_ar).toBe('مقطوعة الإيصال');
      const card = (await ordersOfArtist(artistAuth)).find((o) => o.music.id === track)!;
      orderId = card.order_id;
      // The card's receipt link is the receipt route of its order.
      expect(card.payment_details.receipt_url).toBe(pathOf(Api.analytics.receipt, { id: orderId }));
    });
    const receipt = (headers: Headers = {}) =>
      callRoute(t.app, Api.analytics.receipt, { params: { id: orderId }, headers });

    it('opens for the artist of the track with the order, the licence and the buyer', async () => {
      const res = await receipt(artistAuth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      for (const text of ['Receipt Track', '7.99 USD', 'Paid', licenseKey, 'Royalty-free licence', 'Huda Receipt']) {
        expect(res.response.body).toContain(text);
      }
      expect(res.response.body).toContain(buyer.email);
    });

    it('never shows the artist the session id, payment references or card details', async () => {
      const res = await receipt(artistAuth);
      expect(res.response.body).not.toContain(sessionId);
      expect(res.response.body).not.toMatch(/cs_local|pi_|ch_|Transaction ID|4242|receipt_url|stripe/i);
    });

    it('is 404 for another artist and any other user, 401 for a visitor; the buyer reads their own', async () => {
      const notFound = await receipt(otherArtistAuth);
      expect(notFound.status).toBe(404);
      const stranger = await newBuyer('Someone Else');
      expect((await receipt(stranger.auth)).status).toBe(404);
      expect((await receipt()).status).toBe(401);
      const own = await receipt(buyer.auth);
      expect(own.status).toBe(200);
      expect(own.response.body).toContain(sessionId);
    });
  });
});
