import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@tarab/audio';
import { Api, CommerceMessages, ErrorBody, Messages, type RouteBodyInput, type RouteSpec } from '@tarab/contracts';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { selectRows, type Database } from '../../src/db/client.js';
import { localPaymentSessions, planPrices, subscriptions, tracks } from '../../src/db/schema/index.js';
import { refundOrder } from '../../src/modules/commerce/purchase.service.js';
import { createLocalPaymentProvider } from '../../src/modules/commerce/local-payment-provider.js';
import { createStripeClient } from '../../src/modules/commerce/stripe-payment-provider.js';
import { seedPlans } from '../../src/seed/plans.js';
import { createLocalStorage } from '../../src/storage/local-storage.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute, type RouteRequest } from '../call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../factories.js';
import { startFakeStripe, type FakeStripe, type StripeObject } from '../fake-stripe.js';
import { snapshotDatabase } from '../fuzz/db-snapshot.js';
import { createTestDatabase } from '../test-database.js';
import { z } from 'zod';

/**
 * Money abuse (issue #9, part 7), beyond what commerce.routes.test.ts and
 * stripe-webhook.routes.test.ts show already (client price ignored at checkout, bad webhook
 * signatures, refund before completion, refunded licenses refused): prices smuggled through every
 * other field, a paid amount that does not match, expired checkouts, price changes mid-checkout,
 * signed links and subscriptions after a refund, and webhook events out of order.
 */

type Headers = Record<string, string>;
type CheckoutBody = RouteBodyInput<typeof Api.commerce.checkout>;
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  (await selectRows(database.db, z.object({ n: z.number() }), query))[0]!.n;

describe('money abuse with the local payment driver', () => {
  let t: TestApp;
  let artistId: number;

  const newBuyer = async () => {
    const user = await makeUser(t.database);
    return { user, auth: bearer(await makeSession(t.database, user.id)) };
  };
  const newTrack = async (priceCents = 499) => {
    const track = await makeTrack(t.database, { artistId, title: 'Sama at Night', priceCents });
    const tone = new Float32Array(22050).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 22050));
    await t.storage.put('private', track.audioKey, encodeWav([tone], 22050));
    return track.id;
  };
  const checkout = async (auth: Headers, musicId: number, extra: Omit<CheckoutBody, 'music_id'> = {}) => {
    const res = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: musicId, ...extra }, headers: auth });
    expect(res.status, res.response.body).toBe(200);
    return res.json.session_id;
  };
  const pay = (auth: Headers, sessionId: string) =>
    callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: CARD, headers: auth });
  const success = (auth: Headers, sessionId: string, extra: { music_id?: number; price?: string } = {}) =>
    callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId, ...extra }, headers: auth });
  const buy = async (auth: Headers, musicId: number) => {
    const sessionId = await checkout(auth, musicId);
    expect((await pay(auth, sessionId)).status).toBe(200);
    const confirmed = await success(auth, sessionId);
    expect(confirmed.status).toBe(200);
    return { sessionId, order: confirmed.json.data };
  };
  const link = (auth: Headers, trackId: number) =>
    callRoute(t.app, Api.downloads.link, { params: { id: trackId }, headers: auth });
  const zip = (auth: Headers, trackId: number) =>
    callRoute(t.app, Api.downloads.zip, { params: { id: trackId }, headers: auth });
  const downloads = (auth: Headers) => callRoute(t.app, Api.downloads.list, { headers: auth });
  const fromSubscription = (auth: Headers, trackId: number) =>
    callRoute(t.app, Api.downloads.fromSubscription, { body: { music_id: trackId, loop_id: trackId }, headers: auth });
  const validLicenses = (userId: number, trackId: number) =>
    count(
      t.database,
      sql`select count(*)::int as n from licenses where user_id = ${userId} and track_id = ${trackId} and revoked_at is null`,
    );
  const subscribe = async (userId: number) => {
    const [price] = await t.database.db.select().from(planPrices);
    await t.database.db.insert(subscriptions).values({
      userId,
      planPriceId: price!.id,
      status: 'active',
      provider: 'local',
      providerRef: `sub_money_${userId}_${Date.now()}`,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    artistId = (await makeArtist(t.database, 'Money Artist')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges the catalog price whatever price, title or music_id the client sends anywhere', async () => {
    const { user, auth } = await newBuyer();
    const cheap = await newTrack(99);
    for (const price of [-5, 0, 0.01, 1e9, '0.00', '-1', 'free']) {
      const trackId = await newTrack(1299);
      const sessionId = await checkout(auth, trackId, { price, title: 'Free download' });
      const local = await callRoute(t.app, Api.localPayments.checkout, { params: { id: sessionId }, headers: auth });
      expect(local.json.data, String(price)).toMatchObject({
        amount: 12.99,
        title: 'Sama at Night',
        music_id: trackId,
      });
      expect((await pay(auth, sessionId)).json.redirect_url).toContain('price=12.99');
      // The success page's music_id and price are the client's: neither changes the order.
      const confirmed = await success(auth, sessionId, { music_id: cheap, price: '0.01' });
      expect(confirmed.json.data).toMatchObject({ music_id: trackId, amount: 12.99, status: 'paid' });
      expect(await validLicenses(user.id, trackId)).toBe(1);
    }
    expect(await validLicenses(user.id, cheap)).toBe(0);
    expect(
      await count(
        t.database,
        sql`select count(*)::int as n from orders where user_id = ${user.id} and amount_cents <> 1299`,
      ),
    ).toBe(0);
    // A price field that is not a price at all is refused outright.
    const priceObject = await callRoute(t.app, Api.commerce.checkout, {
      // A price the route's type does not take: sent as it is.
      payload: JSON.stringify({ music_id: cheap, price: { amount: 0 } }),
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(priceObject.status).toBe(422);
    const longPrice = await callRoute(t.app, Api.commerce.checkout, {
      body: { music_id: cheap, price: 'x'.repeat(51) },
      headers: auth,
    });
    expect(longPrice.status).toBe(422);
  });

  it('keeps the price of the checkout when the catalog price changes before payment', async () => {
    const { user, auth } = await newBuyer();
    const trackId = await newTrack(499);
    const sessionId = await checkout(auth, trackId);
    await t.database.db.update(tracks).set({ priceCents: 2999 }).where(eq(tracks.id, trackId));
    await pay(auth, sessionId);
    const confirmed = await success(auth, sessionId);
    expect(confirmed.json.data).toMatchObject({ amount: 4.99, status: 'paid' });
    expect(await validLicenses(user.id, trackId)).toBe(1);
  });

  it('grants nothing when the paid amount differs from the order (409), and nothing for an expired checkout', async () => {
    const { user, auth } = await newBuyer();
    const trackId = await newTrack(499);
    const sessionId = await checkout(auth, trackId);
    await pay(auth, sessionId);
    // The provider reports 1 cent paid for a 4.99 order.
    await t.database.db
      .update(localPaymentSessions)
      .set({ amountCents: 1 })
      .where(eq(localPaymentSessions.id, sessionId));
    const mismatch = await success(auth, sessionId);
    expect(mismatch.status).toBe(409);
    expect(mismatch.error).toEqual({ code: 'amount_mismatch', message: CommerceMessages.amountMismatch });
    expect(await validLicenses(user.id, trackId)).toBe(0);
    expect(
      await count(
        t.database,
        sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'pending'`,
      ),
    ).toBe(1);

    // Asking to buy it again sets the unconfirmable order aside (failed) and starts a new checkout.
    const expiredId = await checkout(auth, trackId);
    expect(expiredId).not.toBe(sessionId);
    expect(
      await count(
        t.database,
        sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'failed'`,
      ),
    ).toBe(1);
    await t.database.db
      .update(localPaymentSessions)
      .set({ status: 'expired' })
      .where(eq(localPaymentSessions.id, expiredId));
    expect((await pay(auth, expiredId)).status).toBe(409);
    expect((await success(auth, expiredId)).status).toBe(402);
    expect(await validLicenses(user.id, trackId)).toBe(0);
  });

  it('stops every download of a refunded purchase, even a link signed before the refund', async () => {
    const { user, auth } = await newBuyer();
    const trackId = await newTrack();
    const { sessionId } = await buy(auth, trackId);
    // The signed link is the answer's own URL (Api.downloads.byToken), requested as given.
    const signed = (await link(auth, trackId)).json.data.url;
    // The link works in the session that asked for it (issue #31: without a session it is 401).
    expect((await t.app.inject({ method: 'GET', url: signed, headers: auth })).statusCode).toBe(200);

    await refundOrder({ db: t.database.db, provider: createLocalPaymentProvider(t.database.db) }, sessionId);

    const res = await t.app.inject({ method: 'GET', url: signed, headers: auth });
    expect(res.statusCode).toBe(403);
    expect(ErrorBody.parse(res.json())).toEqual({
      code: 'license_required',
      message: CommerceMessages.licenseRequired,
    });
    expect((await zip(auth, trackId)).status).toBe(403);
    expect((await link(auth, trackId)).status).toBe(403);
    expect((await downloads(auth)).json.data.data.total).toBe(0);
    expect((await success(auth, sessionId)).json.data).toMatchObject({ status: 'refunded', license_key: null });
    // Without a subscription, the subscription download does not bring it back either.
    expect((await fromSubscription(auth, trackId)).status).toBe(403);
    expect(await validLicenses(user.id, trackId)).toBe(0);
    // Buying it again is allowed and restores one valid license.
    await buy(auth, trackId);
    expect(await validLicenses(user.id, trackId)).toBe(1);
    expect((await zip(auth, trackId)).status).toBe(200);
  });

  it('lets a subscriber download a track whose purchase was refunded, with a license that works', async () => {
    const { user, auth } = await newBuyer();
    const trackId = await newTrack();
    const { sessionId } = await buy(auth, trackId);
    await refundOrder({ db: t.database.db, provider: createLocalPaymentProvider(t.database.db) }, sessionId);
    await subscribe(user.id);
    const download = await fromSubscription(auth, trackId);
    expect(download.status).toBe(200);
    // The answer's link and license must be usable: a 200 with a dead link would charge the user's trust.
    expect(await validLicenses(user.id, trackId)).toBe(1);
    const delivered = await t.app.inject({ method: 'GET', url: download.json.data.download_url, headers: auth });
    expect(delivered.statusCode).toBe(200);
    const listed = (await downloads(auth)).json.data.data.data;
    expect(listed.map((d) => [d.id, d.source, d.license_key])).toEqual([
      [trackId, 'subscription', download.json.data.license_key],
    ]);
  });

  it('stops subscription downloads when the subscription lapses (licenses already granted stay)', async () => {
    const { user, auth } = await newBuyer();
    const [kept, later] = [await newTrack(), await newTrack()];
    await subscribe(user.id);
    expect((await fromSubscription(auth, kept)).status).toBe(200);
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    const refused = await fromSubscription(auth, later);
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({ code: 'subscription_required', message: CommerceMessages.subscriptionRequired });
    expect(await validLicenses(user.id, later)).toBe(0);
    expect((await zip(auth, kept)).status).toBe(200);
  });
});

describe('money abuse with the stripe driver (webhooks out of order, forged deliveries)', () => {
  const WEBHOOK_SECRET = 'whsec_money_abuse_0123456789abcdef';
  let fake: FakeStripe;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  let stripe: Stripe;
  let dataDir: string;
  let artistId: number;

  const deliver = async (event: StripeObject, options: { secret?: string; timestamp?: number; body?: string } = {}) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    const res = await callRoute(app, Api.commerce.stripeWebhook, {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: options.body ?? payload,
    });
    return res.status;
  };
  const orderStatus = async (sessionId: string) =>
    (
      await selectRows(
        database.db,
        z.object({ status: z.string() }),
        sql`select status from orders where provider_ref = ${sessionId}`,
      )
    )[0]?.status;
  const validLicenses = (trackId: number) =>
    count(database, sql`select count(*)::int as n from licenses where track_id = ${trackId} and revoked_at is null`);
  const paidCheckout = async () => {
    const user = await makeUser(database);
    const auth = bearer(await makeSession(database, user.id));
    const trackId = (await makeTrack(database, { artistId, priceCents: 799 })).id;
    const res = await callRoute(app, Api.commerce.checkout, {
      body: { music_id: trackId, price: 0.01 },
      headers: auth,
    });
    const sessionId = res.json.session_id;
    return { auth, trackId, sessionId, session: fake.completeCheckout(sessionId) };
  };

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await createTestDatabase();
    await seedPlans(database.db);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-money-'));
    const config = testConfig({
      dataDir,
      publicUrl: 'https://tarab.test',
      payments: {
        driver: 'stripe',
        stripeSecretKey: fake.secretKey,
        stripePublishableKey: 'pk_test_money',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiUrl: fake.url,
      },
    });
    stripe = createStripeClient(config.payments);
    app = await buildApp({ config, database, storage: createLocalStorage(path.join(dataDir, 'media')) });
    await app.ready();
    artistId = (await makeArtist(database)).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('changes no row at all for a delivery with a bad signature, an old timestamp or a tampered body', async () => {
    const { sessionId, session } = await paidCheckout();
    const completed = fake.event('checkout.session.completed', session);
    const refund = fake.event('charge.refunded', fake.refundCheckout(sessionId));
    const before = await snapshotDatabase(database.db);
    for (const event of [completed, refund]) {
      expect(await deliver(event, { secret: 'whsec_attacker' })).toBe(400);
      expect(await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).toBe(400);
      expect(await deliver(event, { body: JSON.stringify({ ...event, id: 'evt_forged' }) })).toBe(400);
    }
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it('ends paid with one license when the expiry event comes before the completion, and stays paid after', async () => {
    // Expiry first (a delayed, out-of-order delivery), then the completion of a session Stripe says is paid.
    const first = await paidCheckout();
    expect(await deliver(fake.event('checkout.session.expired', { ...first.session, status: 'expired' }))).toBe(200);
    expect(await orderStatus(first.sessionId)).toBe('expired');
    expect(await deliver(fake.event('checkout.session.completed', first.session))).toBe(200);
    expect(await orderStatus(first.sessionId)).toBe('paid');
    expect(await validLicenses(first.trackId)).toBe(1);

    // Completion first, then a late expiry: the paid order and its license stay.
    const second = await paidCheckout();
    expect(await deliver(fake.event('checkout.session.completed', second.session))).toBe(200);
    expect(await deliver(fake.event('checkout.session.expired', { ...second.session, status: 'expired' }))).toBe(200);
    expect(await orderStatus(second.sessionId)).toBe('paid');
    expect(await validLicenses(second.trackId)).toBe(1);
    const link = await callRoute(app, Api.downloads.link, { params: { id: second.trackId }, headers: second.auth });
    expect(link.status).toBe(200);
  });

  it('keeps a refund when the completion, the success page and an expiry arrive after it', async () => {
    const { auth, trackId, sessionId, session } = await paidCheckout();
    expect(await deliver(fake.event('charge.refunded', fake.refundCheckout(sessionId)))).toBe(200);
    expect(await deliver(fake.event('checkout.session.expired', { ...session, status: 'expired' }))).toBe(200);
    expect(await deliver(fake.event('checkout.session.completed', session))).toBe(200);
    const confirmed = await callRoute(app, Api.commerce.success, { query: { session_id: sessionId }, headers: auth });
    expect(confirmed.json.data).toMatchObject({
      status: 'refunded',
      license_key: null,
    });
    expect(await orderStatus(sessionId)).toBe('refunded');
    expect(await validLicenses(trackId)).toBe(0);
    expect((await callRoute(app, Api.downloads.zip, { params: { id: trackId }, headers: auth })).status).toBe(403);
  });
});

/**
 * Issue #31: the pages a buyer returns to from the payment page ask the payment provider about the
 * session on every call, so they are rate limited per user like starting a checkout (each route on
 * its own count): a script cannot make the server hammer Stripe through them.
 */
describe('rate limits on the success pages (each call reaches the payment provider)', () => {
  const LIMIT = 2;
  let t: TestApp;
  let clock = Date.now();

  beforeAll(async () => {
    const base = testConfig();
    t = await buildTestApp(
      {
        rateLimits: {
          ...base.rateLimits,
          perMinute: { ...base.rateLimits.perMinute, checkout: LIMIT, billing: LIMIT },
        },
      },
      { now: () => clock },
    );
  });
  afterAll(async () => t?.close());

  /** A success page and the request a guessing script sends to it. */
  const successPage = <const R extends RouteSpec>(name: string, route: R, request: RouteRequest<R>) => ({
    name,
    send: (headers: Headers) => callRoute(t.app, route, { ...request, headers }),
  });
  const pages = [
    successPage('single-track success', Api.commerce.success, { query: { session_id: 'cs_test_guess' } }),
    successPage('playlist success', Api.cart.success, { query: { session_id: 'cs_test_guess' } }),
    successPage('subscription checkout confirmation', Api.commerce.confirmSubscriptionCheckout, {
      body: { session_id: 'cs_test_guess' },
    }),
  ];

  for (const page of pages) {
    it(`limits the ${page.name} per user with 429 {message} and Retry-After`, async () => {
      const [a, b] = [await makeUser(t.database), await makeUser(t.database)];
      const send = async (userId: number) => page.send(bearer(await makeSession(t.database, userId)));
      for (let i = 0; i < LIMIT; i++) expect((await send(a.id)).status).not.toBe(429);
      const limited = await send(a.id);
      expect(limited.status).toBe(429);
      expect(limited.error).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not held back by the first one's count.
      expect((await send(b.id)).status).not.toBe(429);
      clock += 61_000;
      expect((await send(a.id)).status).not.toBe(429);
    });
  }
});
