import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, CartMessages } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { callRoute } from '../../../test/call-route.js';
import { makeArtist, makeTrack } from '../../../test/factories.js';
import type { FakeStripe } from '../../../test/fake-stripe.js';
import { PUBLIC_URL, startStripeTestApp, type StripeTestApp } from '../../../test/stripe-test-app.js';
import { z } from 'zod';

type Headers = Record<string, string>;

describe('license a whole playlist through Stripe Checkout (real SDK against the fake Stripe API)', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;
  let artistId: number;

  const count = async (q: ReturnType<typeof sql>) =>
    (await selectRows(t.database.db, z.object({ n: z.number() }), q))[0]!.n;
  const newTrack = async (title: string, priceCents: number) =>
    (await makeTrack(t.database, { artistId, title, priceCents })).id;
  const addMusic = async (auth: Headers, playlistId: number, musicId: number) => {
    const res = await callRoute(t.app, Api.library.addMusic, {
      body: { playlist_id: playlistId, music_id: musicId },
      headers: auth,
    });
    expect(res.status).toBe(200);
  };
  const newPlaylist = async (auth: Headers, trackIds: number[]) => {
    const id = (await callRoute(t.app, Api.library.createPlaylist, { body: { name: 'Trailer' }, headers: auth })).json
      .data.id;
    for (const musicId of trackIds) await addMusic(auth, id, musicId);
    return id;
  };
  const start = (auth: Headers, playlistId: number) =>
    callRoute(t.app, Api.cart.checkout, { params: { id: playlistId }, headers: auth });
  const successPage = (auth: Headers, sessionId: string) =>
    callRoute(t.app, Api.cart.success, { query: { session_id: sessionId }, headers: auth });
  const downloadsTotal = async (auth: Headers) =>
    (await callRoute(t.app, Api.downloads.list, { headers: auth })).json.data.data.total;
  const licenses = (userId: number) =>
    selectRows(
      t.database.db,
      z.object({ track_id: z.number(), revoked: z.boolean() }),
      sql`select track_id, revoked_at is not null as revoked from licenses where user_id = ${userId} order by track_id`,
    );

  beforeAll(async () => {
    t = await startStripeTestApp();
    fake = t.fake;
    artistId = (await makeArtist(t.database)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens one Checkout Session with a line item per track at catalog prices and absolute URLs', async () => {
    const { user, auth } = await t.newUser();
    const tracks = [await newTrack('Oud at Dusk', 499), await newTrack('Ney of the Dunes', 799)];
    const playlistId = await newPlaylist(auth, tracks);
    const res = await start(auth, playlistId);
    expect(res.status).toBe(200);
    const sessionId = res.json.session_id;
    expect(res.json).toEqual({
      checkout_url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      session_id: sessionId,
      count: 2,
      total: 12.98,
    });
    expect(fake.get(sessionId)).toMatchObject({
      mode: 'payment',
      amount_total: 1298,
      currency: 'usd',
      customer_email: user.email,
      metadata: { user_id: String(user.id), cart: 'playlist', playlist_id: String(playlistId) },
      success_url: `${PUBLIC_URL}/success/playlist?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/saved/details/${playlistId}`,
      line_items: {
        data: [
          { quantity: 1, unit_amount: 499, currency: 'usd', name: 'Oud at Dusk' },
          { quantity: 1, unit_amount: 799, currency: 'usd', name: 'Ney of the Dunes' },
        ],
      },
    });
    // A second click answers the same session (Stripe is not asked for another).
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    expect((await start(auth, playlistId)).json.session_id).toBe(sessionId);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')).toHaveLength(
      created,
    );
  });

  it('licenses each track once under concurrent success pages and signed webhook deliveries', async () => {
    const { user, auth } = await t.newUser();
    const tracks = [
      await newTrack('Maqam Hijaz', 499),
      await newTrack('Maqam Nahawand', 599),
      await newTrack('Saba', 399),
    ];
    const playlistId = await newPlaylist(auth, tracks);
    const sessionId = (await start(auth, playlistId)).json.session_id;
    expect((await successPage(auth, sessionId)).status).toBe(402);
    const session = fake.completeCheckout(sessionId);
    const repeated = fake.event('checkout.session.completed', session);
    // All 35 at once: 15 success pages, 10 fresh deliveries, 10 of one repeated event.
    const [pages, fresh, replays] = await Promise.all([
      Promise.all(Array.from({ length: 15 }, () => successPage(auth, sessionId))),
      Promise.all(Array.from({ length: 10 }, () => t.sendEvent(fake.event('checkout.session.completed', session)))),
      Promise.all(Array.from({ length: 10 }, () => t.sendEvent(repeated))),
    ]);
    const results = [...pages, ...fresh, ...replays];
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.response.body])).toEqual([]);
    const keys = new Set(pages.flatMap((p) => p.json.data.items.map((i) => i.license_key)));
    expect(keys.size).toBe(3);
    expect(replays.filter((r) => !r.json.duplicate)).toHaveLength(1);
    expect(await licenses(user.id)).toEqual(tracks.map((track_id) => ({ track_id, revoked: false })));
    expect(await count(sql`select count(*)::int as n from orders where user_id = ${user.id} and status = 'paid'`)).toBe(
      3,
    );
    expect(
      await count(
        sql`select count(*)::int as n from cart_orders where provider_ref = ${sessionId} and status = 'paid' and amount_cents = 1497`,
      ),
    ).toBe(1);
    expect(pages[0]!.json.data).toMatchObject({ status: 'paid', amount: 14.97, payment_method: 'card' });
  });

  it('confirms from the webhook alone (the buyer never comes back), then a full refund revokes every licence', async () => {
    const { user, auth } = await t.newUser();
    const tracks = [await newTrack('Dabke', 499), await newTrack('Taqsim', 499)];
    const playlistId = await newPlaylist(auth, tracks);
    const sessionId = (await start(auth, playlistId)).json.session_id;
    const session = fake.completeCheckout(sessionId);
    expect((await t.sendEvent(fake.event('checkout.session.completed', session))).json).toEqual({ received: true });
    expect(await licenses(user.id)).toEqual(tracks.map((track_id) => ({ track_id, revoked: false })));
    expect(await downloadsTotal(auth)).toBe(2);

    expect((await t.sendEvent(fake.event('charge.refunded', fake.refundCheckout(sessionId)))).status).toBe(200);
    expect(await licenses(user.id)).toEqual(tracks.map((track_id) => ({ track_id, revoked: true })));
    expect(await downloadsTotal(auth)).toBe(0);
    const page = await successPage(auth, sessionId);
    expect(page.json.data).toMatchObject({ status: 'refunded', zip_url: null });
  });

  it('closes a superseded session at Stripe, and frees the tracks of an expired one', async () => {
    const { user, auth } = await t.newUser();
    const first = await newTrack('Zaffa', 499);
    const playlistId = await newPlaylist(auth, [first]);
    const old = (await start(auth, playlistId)).json.session_id;
    await addMusic(auth, playlistId, await newTrack('Mawwal', 299));
    const next = (await start(auth, playlistId)).json;
    expect(next).toMatchObject({ count: 2, total: 7.98 });
    expect(fake.get(old)).toMatchObject({ status: 'expired' });
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${old}/expire`)).toBe(
      true,
    );

    // Stripe expires the open session after 24 hours: its tracks may be bought again, one by one too.
    const expired = fake.expireCheckout(next.session_id);
    expect((await t.sendEvent(fake.event('checkout.session.expired', expired))).status).toBe(200);
    expect(
      await selectRows(
        t.database.db,
        z.object({ status: z.string() }),
        sql`select status from cart_orders where user_id = ${user.id} order by id`,
      ),
    ).toEqual([{ status: 'expired' }, { status: 'expired' }]);
    expect((await callRoute(t.app, Api.commerce.checkout, { body: { music_id: first }, headers: auth })).status).toBe(
      200,
    );
    // …and that track is now in an open single checkout: the cart leaves it out.
    const quote = (await callRoute(t.app, Api.cart.quote, { params: { id: playlistId }, headers: auth })).json.data;
    expect(quote.excluded).toEqual([{ music_id: first, title: 'Zaffa', reason: 'in_checkout' }]);
    expect(quote.count).toBe(1);
  });

  it('confirms a superseded session that was paid meanwhile instead of charging again', async () => {
    const { user, auth } = await t.newUser();
    const tracks = [await newTrack('Samai Thaqil', 499)];
    const playlistId = await newPlaylist(auth, tracks);
    const old = (await start(auth, playlistId)).json.session_id;
    fake.completeCheckout(old);
    // The buyer paid but neither the page nor the webhook arrived yet; a new click finds the payment.
    const again = await start(auth, playlistId);
    expect(again.status).toBe(409);
    expect(again.error).toEqual({ code: 'nothing_to_license', message: CartMessages.nothingToLicense });
    expect(await licenses(user.id)).toEqual([{ track_id: tracks[0], revoked: false }]);
    expect(
      await count(sql`select count(*)::int as n from cart_orders where user_id = ${user.id} and status = 'paid'`),
    ).toBe(1);
  });
});
