import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  CommerceMessages,
  Messages,
  PLACEHOLDER_BILLING_ADDRESS,
  pathOf,
  type RouteBodyInput,
} from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { z } from 'zod';

const CARD_OK = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, card_number: '4000 0000 0000 0002' };
const CARD_NO_FUNDS = { ...CARD_OK, card_number: '4000 0000 0000 9995' };

describe('commerce API (local payment driver)', () => {
  let t: TestApp;
  let track: number;
  let loop: number;

  type Headers = Record<string, string>;
  const checkout = (headers: Headers, body: RouteBodyInput<typeof Api.commerce.checkout>) =>
    callRoute(t.app, Api.commerce.checkout, { body, headers });
  const payLocal = (headers: Headers, id: string, card: typeof CARD_OK) =>
    callRoute(t.app, Api.localPayments.pay, { params: { id }, body: card, headers });
  const success = (headers: Headers, query: { session_id: string; music_id?: number; price?: string }) =>
    callRoute(t.app, Api.commerce.success, { query, headers });
  const subscribe = (headers: Headers, body: RouteBodyInput<typeof Api.commerce.subscribe>) =>
    callRoute(t.app, Api.commerce.subscribe, { body, headers });
  const cancelSubscription = (headers: Headers) => callRoute(t.app, Api.commerce.cancelSubscription, { headers });
  const downloadsTotal = async (headers: Headers) =>
    (await callRoute(t.app, Api.downloads.list, { headers })).json.data.data.total;
  const newBuyer = async () =>
    bearer(await makeSession(t.database, (await makeUser(t.database, { emailVerified: true })).id));
  const count = async (q: ReturnType<typeof sql>) =>
    (await selectRows(t.database.db, z.object({ n: z.number() }), q))[0]!.n;

  /** checkout -> pay on the local test page -> the success page's confirmation. */
  const buy = async (who: Record<string, string>, trackId: number, card = CARD_OK) => {
    const started = await checkout(who, { music_id: trackId, title: 'ignored', price: 0.01 });
    expect(started.status).toBe(200);
    const sessionId = started.json.session_id;
    expect(started.json.checkout_url).toBe(`/checkout/local/${sessionId}`);
    const pay = await payLocal(who, sessionId, card);
    return { sessionId, pay };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await makeArtist(t.database);
    track = (await makeTrack(t.database, { artistId: artist.id, title: 'Oud at Dusk', priceCents: 499 })).id;
    loop = (await makeTrack(t.database, { artistId: artist.id, kind: 'loop', title: 'Riq 92', priceCents: 199 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('buying one track', () => {
    it('charges the catalog price, creates one paid order and one license, shown on the success call', async () => {
      const buyer = await newBuyer();
      const { sessionId, pay } = await buy(buyer, track);
      expect(pay.status).toBe(200);
      expect(pay.json.redirect_url).toBe(`/success?session_id=${sessionId}&music_id=${track}&price=4.99`);
      const confirmed = await success(buyer, { session_id: sessionId, music_id: track, price: '0.01' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.json.data).toMatchObject({
        music_id: track,
        title: 'Oud at Dusk',
        amount: 4.99,
        currency: 'usd',
        status: 'paid',
        session_id: sessionId,
        payment_method: 'card',
        license_key: expect.stringMatching(/^TRB-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
        receipt_url: expect.stringMatching(/^\/api\/orders\/\d+\/receipt$/),
      });
      const again = await success(buyer, { session_id: sessionId });
      expect(again.json.data.license_key).toBe(confirmed.json.data.license_key);
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid' and amount_cents = 499`,
        ),
      ).toBe(1);
      // The receipt link is the receipt route of the order.
      const order = { id: confirmed.json.data.order_id };
      expect(confirmed.json.data.receipt_url).toBe(pathOf(Api.analytics.receipt, order));
      const receipt = await callRoute(t.app, Api.analytics.receipt, { params: order, headers: buyer });
      expect(receipt.status).toBe(200);
      expect(receipt.response.body).toContain('Oud at Dusk');
      expect((await callRoute(t.app, Api.analytics.receipt, { params: order, headers: await newBuyer() })).status).toBe(
        404,
      );
    });

    it('answers a declined card with the provider message and creates no license', async () => {
      const buyer = await newBuyer();
      for (const [card, message] of [
        [CARD_DECLINED, CommerceMessages.paymentDeclined],
        [CARD_NO_FUNDS, CommerceMessages.insufficientFunds],
      ] as const) {
        const { sessionId, pay } = await buy(buyer, track, card);
        expect(pay.status).toBe(402);
        expect(pay.error.message).toBe(message);
        const unpaid = await success(buyer, { session_id: sessionId });
        expect(unpaid.status).toBe(402);
        expect(unpaid.error.message).toBe(CommerceMessages.paymentNotCompleted);
      }
      expect(await downloadsTotal(buyer)).toBe(0);
    });

    it('refuses to sell a track the buyer already owns', async () => {
      const buyer = await newBuyer();
      const { sessionId } = await buy(buyer, loop);
      await success(buyer, { session_id: sessionId });
      const again = await checkout(buyer, { music_id: loop });
      expect(again.status).toBe(409);
      expect(again.error.message).toBe(CommerceMessages.alreadyOwned);
    });

    it('answers one open checkout per user and track, however often or concurrently it is asked', async () => {
      const buyer = await newBuyer();
      const results = await Promise.all(Array.from({ length: 20 }, () => checkout(buyer, { music_id: track })));
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
      const sessions = new Set(results.map((r) => r.json.session_id));
      expect(sessions.size).toBe(1);
      const [sessionId] = [...sessions] as [string];
      expect(
        await count(
          sql`select count(*)::int as n from orders where status = 'pending' and track_id = ${track} and user_id = (select user_id from orders where provider_ref = ${sessionId})`,
        ),
      ).toBe(1);

      // Paid on the provider's page but not yet confirmed (no success page, no webhook yet):
      // asking again confirms it and answers "owned" instead of a second checkout.
      expect((await payLocal(buyer, sessionId, CARD_OK)).status).toBe(200);
      const again = await checkout(buyer, { music_id: track });
      expect(again.status).toBe(409);
      expect(again.error.message).toBe(CommerceMessages.alreadyOwned);
      expect(
        await count(sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid'`),
      ).toBe(1);
      expect(await downloadsTotal(buyer)).toBe(1);
    });

    it('starts a new checkout when the price changed since the open one', async () => {
      const buyer = await newBuyer();
      const artist = await makeArtist(t.database);
      const priced = (await makeTrack(t.database, { artistId: artist.id, priceCents: 300 })).id;
      const first = await checkout(buyer, { music_id: priced });
      await t.database.db.execute(sql`update tracks set price_cents = 350 where id = ${priced}`);
      const second = await checkout(buyer, { music_id: priced });
      expect(second.status).toBe(200);
      expect(second.json.session_id).not.toBe(first.json.session_id);
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${first.json.session_id} and status = 'expired'`,
        ),
      ).toBe(1);
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${second.json.session_id} and status = 'pending' and amount_cents = 350`,
        ),
      ).toBe(1);
    });

    it('confirms concurrently called success pages exactly once', async () => {
      const buyer = await newBuyer();
      const { sessionId } = await buy(buyer, track);
      const results = await Promise.all(Array.from({ length: 25 }, () => success(buyer, { session_id: sessionId })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(new Set(results.map((r) => r.json.data.license_key)).size).toBe(1);
      expect(
        await count(sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid'`),
      ).toBe(1);
      const orderId = results[0]!.json.data.order_id;
      expect(await count(sql`select count(*)::int as n from licenses where order_id = ${orderId}`)).toBe(1);
    });

    it("keeps checkouts private: another user can neither pay nor confirm someone's session", async () => {
      const owner = await newBuyer();
      const other = await newBuyer();
      const started = await checkout(owner, { music_id: track });
      const id = started.json.session_id;
      expect((await callRoute(t.app, Api.localPayments.checkout, { params: { id }, headers: other })).status).toBe(404);
      expect((await payLocal(other, id, CARD_OK)).status).toBe(404);
      await payLocal(owner, id, CARD_OK);
      expect((await success(other, { session_id: id })).status).toBe(404);
      expect((await success(owner, { session_id: 'cs_nope' })).status).toBe(404);
      expect((await checkout(owner, { music_id: 999999 })).status).toBe(404);
      expect((await checkout({}, { music_id: track })).status).toBe(401);
    });
  });

  describe('subscriptions', () => {
    it('lists the plans of the pricing page with monthly and yearly prices', async () => {
      const body = (await callRoute(t.app, Api.commerce.products)).json;
      const byCode = Object.fromEntries(body.data.map((p) => [p.code, p]));
      // Issue 32: real monthly prices; the spec's yearly totals stay.
      expect(byCode['creator']!.prices.map((p) => [p.unit_amount, p.recurring.interval])).toEqual([
        [1499, 'month'],
        [7188, 'year'],
      ]);
      expect(byCode['pro']!.prices.map((p) => p.unit_amount)).toEqual([2999, 14388]);
      expect(byCode['enterprise']!.prices).toEqual([]);
      expect(body.trial_days).toBe(30);
    });

    it('sends the features that are not built yet as coming soon, in the spec wording', async () => {
      const body = (await callRoute(t.app, Api.commerce.products)).json;
      const byCode = Object.fromEntries(body.data.map((p) => [p.code, p]));
      expect(byCode['pro']!.features).toContain('50k voiceover credits per month');
      expect(byCode['pro']!.coming_soon).toEqual(['3 channels', '50k voiceover credits per month', '3 voice replicas']);
      expect(byCode['creator']!.coming_soon).toEqual(['1 channel']);
      expect(byCode['creator']!.features).toContain('Unlimited downloads of music and loops');
      expect(byCode['creator']!.coming_soon).not.toContain('Unlimited downloads of music and loops');
    });

    type SetupCard = Omit<RouteBodyInput<typeof Api.localPayments.confirmSetup>, 'client_secret'>;
    const setupCard = async (who: Record<string, string>, card: SetupCard = CARD_OK) => {
      const intent = await callRoute(t.app, Api.commerce.setupIntent, { headers: who });
      expect(intent.json).toMatchObject({ provider: 'local', clientSecret: expect.stringContaining('_secret_') });
      return callRoute(t.app, Api.localPayments.confirmSetup, {
        body: { ...card, client_secret: intent.json.clientSecret },
        headers: who,
      });
    };
    const paymentMethodOf = async (who: Record<string, string>, card?: SetupCard) =>
      (await setupCard(who, card)).json.payment_method;

    it('takes the billing details of a card setup (name, email, phone, placeholder address) and checks them', async () => {
      const who = await newBuyer();
      const billing = {
        name: 'Amira Haddad',
        email: 'amira@example.com',
        phone: '+972 50 000 0000',
        address: PLACEHOLDER_BILLING_ADDRESS,
      };
      const ok = await setupCard(who, { ...CARD_OK, billing_details: billing });
      expect(ok.status).toBe(200);
      expect(ok.json.payment_method).toMatch(/^pm_local_/);
      const bad = await setupCard(who, {
        ...CARD_OK,
        billing_details: { ...billing, address: { ...PLACEHOLDER_BILLING_ADDRESS, country: 'Israel' } },
      });
      expect(bad.status).toBe(422);
    });

    it('subscribes with a 30-day trial, cancels at period end, and resubscribes without a second trial', async () => {
      const who = await newBuyer();
      const pm = await paymentMethodOf(who);
      expect(pm).toMatch(/^pm_local_/);
      const sub = await subscribe(who, { price_id: 'creator_year', payment_method: pm });
      expect(sub.status).toBe(200);
      expect(sub.json.message).toBe(Messages.subscriptionCreated);
      expect(sub.json.data.subscription).toMatchObject({
        status: 'trialing',
        stripe_price: 'creator_year',
        plan: { name: 'Creator' },
      });
      const trialDays = (Date.parse(sub.json.data.subscription.trial_end!) - Date.now()) / 86_400_000;
      expect(trialDays).toBeGreaterThan(29.9);
      expect(sub.json.data.user.subscriptions).toHaveLength(1);

      const twice = await subscribe(who, { price_id: 'pro_month', payment_method: pm });
      expect(twice.status).toBe(409);

      const cancel = await cancelSubscription(who);
      expect(cancel.status).toBe(200);
      expect(cancel.json).toMatchObject({
        ok: true,
        message: Messages.unsubscribed,
        data: { subscription: { cancel_at_period_end: true } },
      });
      const me = await callRoute(t.app, Api.auth.me, { headers: who });
      expect(me.json.data.user.subscriptions).toHaveLength(1);

      const again = await subscribe(who, { price_id: 'pro_month', payment_method: pm });
      expect(again.status).toBe(200);
      expect(again.json.data.subscription).toMatchObject({
        status: 'active',
        stripe_price: 'pro_month',
        trial_end: null,
      });
      expect(again.json.data.user.subscriptions.map((s) => s.stripe_price)).toEqual(['pro_month']);
    });

    it('shows card setup errors with the provider message and validates the price', async () => {
      const who = await newBuyer();
      const declined = await setupCard(who, CARD_DECLINED);
      expect(declined.status).toBe(402);
      expect(declined.error.message).toBe(CommerceMessages.paymentDeclined);
      const pm = await paymentMethodOf(who);
      const bad = await subscribe(who, { price_id: 'platinum', payment_method: pm });
      expect(bad.status).toBe(422);
      expect(bad.error.errors).toHaveProperty('price_id');
      const foreign = await subscribe(await newBuyer(), { price_id: 'creator_month', payment_method: pm });
      expect(foreign.status).toBe(402);
      expect((await cancelSubscription(await newBuyer())).status).toBe(404);
    });

    it('keeps one live subscription under concurrent subscribe calls', async () => {
      const who = await newBuyer();
      const pm = await paymentMethodOf(who);
      const results = await Promise.all(
        Array.from({ length: 40 }, () => subscribe(who, { price_id: 'creator_month', payment_method: pm })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(39);
      const userId = results.find((r) => r.status === 200)!.json.data.user.id;
      // One subscription at the (local) provider, one row: one charge.
      expect(await count(sql`select count(*)::int as n from local_subscriptions where user_id = ${userId}`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from subscriptions where user_id = ${userId}`)).toBe(1);
    });

    describe('free trial once per card', () => {
      const subscribeWith = async (card: typeof CARD_OK, who?: Record<string, string>) => {
        const buyer = who ?? (await newBuyer());
        const pm = await paymentMethodOf(buyer, card);
        return subscribe(buyer, { price_id: 'creator_month', payment_method: pm });
      };
      const MASTERCARD = { ...CARD_OK, card_number: '5555 5555 5555 4444' };

      it('an account whose email is not confirmed starts paid at once, and the card keeps its trial', async () => {
        const unverified = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
        const AMEX = { ...CARD_OK, card_number: '3782 822463 10005', cvc: '1234' };
        const paid = await subscribeWith(AMEX, unverified);
        expect(paid.status).toBe(200);
        expect(paid.json.data.subscription).toMatchObject({ status: 'active', trial_end: null });
        expect(paid.json.data.trial).toEqual({ applied: false, days: 0, reason: 'email_not_verified' });
        // The card was not used up: a confirmed account still gets its trial with it.
        const trial = await subscribeWith(AMEX);
        expect(trial.json.data.trial).toEqual({ applied: true, days: 30, reason: 'first_subscription' });
      });

      it('starts a new account paid at once when its card already had a trial, and says so', async () => {
        const first = await subscribeWith(MASTERCARD);
        expect(first.json.data.subscription.status).toBe('trialing');

        // The same card number typed differently, on another account: no trial.
        const again = await subscribeWith({ ...MASTERCARD, card_number: '5555-5555-5555-4444' });
        expect(again.status).toBe(200);
        expect(again.json.message).toBe(Messages.subscriptionCreated);
        expect(again.json.data.subscription).toMatchObject({ status: 'active', trial_end: null });

        // Another card still has its trial; card numbers are never stored, in any form we could read back.
        const other = await subscribeWith({ ...CARD_OK, card_number: '6011 1111 1111 1117' });
        expect(other.json.data.subscription.status).toBe('trialing');
        const dump = JSON.stringify(
          await selectRows(
            t.database.db,
            z.record(z.string(), z.unknown()),
            sql`select * from local_payment_sessions, trial_fingerprints`,
          ),
        );
        expect(dump).not.toMatch(/5555555555554444|6011111111111117/);

        // The answer says whether the trial applied, and why not.
        expect(first.json.data.trial).toEqual({ applied: true, days: 30, reason: 'first_subscription' });
        expect(again.json.data.trial).toEqual({ applied: false, days: 0, reason: 'card_had_trial' });
      });

      it('gives one trial when several new accounts subscribe with one card at once', async () => {
        const card = { ...CARD_OK, card_number: '2223 0031 2200 3222' };
        const buyers = await Promise.all(Array.from({ length: 8 }, () => newBuyer()));
        const methods = await Promise.all(buyers.map((who) => paymentMethodOf(who, card)));
        const results = await Promise.all(
          buyers.map((who, i) => subscribe(who, { price_id: 'pro_year', payment_method: methods[i]! })),
        );
        expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
        expect(results.filter((r) => r.json.data.subscription.status === 'trialing')).toHaveLength(1);
        expect(results.filter((r) => r.json.data.trial.applied)).toHaveLength(1);
      });

      it('keeps the rule of a first subscription only per account', async () => {
        const who = await newBuyer();
        expect((await subscribeWith({ ...CARD_OK, card_number: '4000 0566 5566 5556' }, who)).status).toBe(200);
        await cancelSubscription(who);
        const again = await subscribeWith({ ...CARD_OK, card_number: '3782 822463 10005' }, who);
        expect(again.json.data.trial).toEqual({ applied: false, days: 0, reason: 'account_had_subscription' });
      });
    });
  });
});
