import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, CommerceMessages, Messages, PLACEHOLDER_BILLING_ADDRESS, pathOf } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { z } from 'zod';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CARD_OK = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, card_number: '4000 0000 0000 0002' };
const CARD_NO_FUNDS = { ...CARD_OK, card_number: '4000 0000 0000 9995' };

describe('commerce API (local payment driver)', () => {
  let t: TestApp;
  let track: number;
  let loop: number;

  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers, payload: payload as object });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const newBuyer = async () =>
    bearer(await makeSession(t.database, (await makeUser(t.database, { emailVerified: true })).id));
  const count = async (q: ReturnType<typeof sql>) =>
    (await selectRows(t.database.db, z.object({ n: z.number() }), q))[0]!.n;

  /** checkout -> pay on the local test page -> the success page's confirmation. */
  const buy = async (who: Record<string, string>, trackId: number, card = CARD_OK) => {
    const checkout = await call('POST', '/api/stripe/checkout', who, {
      music_id: trackId,
      title: 'ignored',
      price: 0.01,
    });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.session_id as string;
    expect(checkout.body.checkout_url).toBe(`/checkout/local/${sessionId}`);
    const pay = await call('POST', `/api/local-payments/checkout/${sessionId}/pay`, who, card);
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
      expect(pay.body.redirect_url).toBe(`/success?session_id=${sessionId}&music_id=${track}&price=4.99`);
      const success = await call(
        'GET',
        `/api/stripe/success?session_id=${sessionId}&music_id=${track}&price=0.01`,
        buyer,
      );
      expect(success.status).toBe(200);
      expect(success.body.data).toMatchObject({
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
      const again = await call('GET', `/api/stripe/success?session_id=${sessionId}`, buyer);
      expect(again.body.data.license_key).toBe(success.body.data.license_key);
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid' and amount_cents = 499`,
        ),
      ).toBe(1);
      const receipt = await t.app.inject({ method: 'GET', url: success.body.data.receipt_url, headers: buyer });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.body).toContain('Oud at Dusk');
      expect(
        (await t.app.inject({ method: 'GET', url: success.body.data.receipt_url, headers: await newBuyer() }))
          .statusCode,
      ).toBe(404);
    });

    it('answers a declined card with the provider message and creates no license', async () => {
      const buyer = await newBuyer();
      for (const [card, message] of [
        [CARD_DECLINED, CommerceMessages.paymentDeclined],
        [CARD_NO_FUNDS, CommerceMessages.insufficientFunds],
      ] as const) {
        const { sessionId, pay } = await buy(buyer, track, card);
        expect(pay.status).toBe(402);
        expect(pay.body.message).toBe(message);
        const success = await call('GET', `/api/stripe/success?session_id=${sessionId}`, buyer);
        expect(success.status).toBe(402);
        expect(success.body.message).toBe(CommerceMessages.paymentNotCompleted);
      }
      expect((await call('GET', '/api/user/downloads', buyer)).body.data.data.total).toBe(0);
    });

    it('refuses to sell a track the buyer already owns', async () => {
      const buyer = await newBuyer();
      const { sessionId } = await buy(buyer, loop);
      await call('GET', `/api/stripe/success?session_id=${sessionId}`, buyer);
      const again = await call('POST', '/api/stripe/checkout', buyer, { music_id: loop });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CommerceMessages.alreadyOwned);
    });

    it('answers one open checkout per user and track, however often or concurrently it is asked', async () => {
      const buyer = await newBuyer();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => call('POST', '/api/stripe/checkout', buyer, { music_id: track })),
      );
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
      const sessions = new Set(results.map((r) => r.body.session_id as string));
      expect(sessions.size).toBe(1);
      const [sessionId] = [...sessions] as [string];
      expect(
        await count(
          sql`select count(*)::int as n from orders where status = 'pending' and track_id = ${track} and user_id = (select user_id from orders where provider_ref = ${sessionId})`,
        ),
      ).toBe(1);

      // Paid on the provider's page but not yet confirmed (no success page, no webhook yet):
      // asking again confirms it and answers "owned" instead of a second checkout.
      expect((await call('POST', `/api/local-payments/checkout/${sessionId}/pay`, buyer, CARD_OK)).status).toBe(200);
      const again = await call('POST', '/api/stripe/checkout', buyer, { music_id: track });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CommerceMessages.alreadyOwned);
      expect(
        await count(sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid'`),
      ).toBe(1);
      expect((await call('GET', '/api/user/downloads', buyer)).body.data.data.total).toBe(1);
    });

    it('starts a new checkout when the price changed since the open one', async () => {
      const buyer = await newBuyer();
      const artist = await makeArtist(t.database);
      const priced = (await makeTrack(t.database, { artistId: artist.id, priceCents: 300 })).id;
      const first = await call('POST', '/api/stripe/checkout', buyer, { music_id: priced });
      await t.database.db.execute(sql`update tracks set price_cents = 350 where id = ${priced}`);
      const second = await call('POST', '/api/stripe/checkout', buyer, { music_id: priced });
      expect(second.status).toBe(200);
      expect(second.body.session_id).not.toBe(first.body.session_id);
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${first.body.session_id as string} and status = 'expired'`,
        ),
      ).toBe(1);
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${second.body.session_id as string} and status = 'pending' and amount_cents = 350`,
        ),
      ).toBe(1);
    });

    it('confirms concurrently called success pages exactly once', async () => {
      const buyer = await newBuyer();
      const { sessionId } = await buy(buyer, track);
      const results = await Promise.all(
        Array.from({ length: 25 }, () => call('GET', `/api/stripe/success?session_id=${sessionId}`, buyer)),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(new Set(results.map((r) => r.body.data.license_key)).size).toBe(1);
      expect(
        await count(sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid'`),
      ).toBe(1);
      const orderId = results[0]!.body.data.order_id as number;
      expect(await count(sql`select count(*)::int as n from licenses where order_id = ${orderId}`)).toBe(1);
    });

    it("keeps checkouts private: another user can neither pay nor confirm someone's session", async () => {
      const owner = await newBuyer();
      const other = await newBuyer();
      const checkout = await call('POST', '/api/stripe/checkout', owner, { music_id: track });
      const id = checkout.body.session_id as string;
      expect((await call('GET', `/api/local-payments/checkout/${id}`, other)).status).toBe(404);
      expect((await call('POST', `/api/local-payments/checkout/${id}/pay`, other, CARD_OK)).status).toBe(404);
      await call('POST', `/api/local-payments/checkout/${id}/pay`, owner, CARD_OK);
      expect((await call('GET', `/api/stripe/success?session_id=${id}`, other)).status).toBe(404);
      expect((await call('GET', `/api/stripe/success?session_id=cs_nope`, owner)).status).toBe(404);
      expect((await call('POST', '/api/stripe/checkout', owner, { music_id: 999999 })).status).toBe(404);
      expect((await call('POST', '/api/stripe/checkout', {}, { music_id: track })).status).toBe(401);
    });
  });

  describe('subscriptions', () => {
    it('lists the plans of the pricing page with monthly and yearly prices', async () => {
      const { body } = await call('GET', pathOf(Api.commerce.products));
      const byCode = Object.fromEntries(body.data.map((p: Json) => [p.code, p]));
      // Issue 32: real monthly prices; the spec's yearly totals stay.
      expect(byCode.creator.prices.map((p: Json) => [p.unit_amount, p.recurring.interval])).toEqual([
        [1499, 'month'],
        [7188, 'year'],
      ]);
      expect(byCode.pro.prices.map((p: Json) => p.unit_amount)).toEqual([2999, 14388]);
      expect(byCode.enterprise.prices).toEqual([]);
      expect(body.trial_days).toBe(30);
    });

    it('sends the features that are not built yet as coming soon, in the spec wording', async () => {
      const { body } = await call('GET', pathOf(Api.commerce.products));
      const byCode = Object.fromEntries(body.data.map((p: Json) => [p.code, p]));
      expect(byCode.pro.features).toContain('50k voiceover credits per month');
      expect(byCode.pro.coming_soon).toEqual(['3 channels', '50k voiceover credits per month', '3 voice replicas']);
      expect(byCode.creator.coming_soon).toEqual(['1 channel']);
      expect(byCode.creator.features).toContain('Unlimited downloads of music and loops');
      expect(byCode.creator.coming_soon).not.toContain('Unlimited downloads of music and loops');
    });

    const setupCard = async (who: Record<string, string>, card: Record<string, unknown> = CARD_OK) => {
      const intent = await call('POST', '/api/billing/setup-intent', who);
      expect(intent.body).toMatchObject({ provider: 'local', clientSecret: expect.stringContaining('_secret_') });
      return call('POST', '/api/local-payments/setup/confirm', who, {
        ...card,
        client_secret: intent.body.clientSecret,
      });
    };

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
      expect(ok.body.payment_method).toMatch(/^pm_local_/);
      const bad = await setupCard(who, {
        ...CARD_OK,
        billing_details: { ...billing, address: { ...PLACEHOLDER_BILLING_ADDRESS, country: 'Israel' } },
      });
      expect(bad.status).toBe(422);
    });

    it('subscribes with a 30-day trial, cancels at period end, and resubscribes without a second trial', async () => {
      const who = await newBuyer();
      const pm = (await setupCard(who)).body.payment_method as string;
      expect(pm).toMatch(/^pm_local_/);
      const sub = await call('POST', '/api/billing/subscribe', who, { price_id: 'creator_year', payment_method: pm });
      expect(sub.status).toBe(200);
      expect(sub.body.message).toBe(Messages.subscriptionCreated);
      expect(sub.body.data.subscription).toMatchObject({
        status: 'trialing',
        stripe_price: 'creator_year',
        plan: { name: 'Creator' },
      });
      const trialDays = (Date.parse(sub.body.data.subscription.trial_end) - Date.now()) / 86_400_000;
      expect(trialDays).toBeGreaterThan(29.9);
      expect(sub.body.data.user.subscriptions).toHaveLength(1);

      const twice = await call('POST', '/api/billing/subscribe', who, { price_id: 'pro_month', payment_method: pm });
      expect(twice.status).toBe(409);

      const cancel = await call('POST', '/api/billing/cancel-subscription', who);
      expect(cancel.status).toBe(200);
      expect(cancel.body).toMatchObject({
        ok: true,
        message: Messages.unsubscribed,
        data: { subscription: { cancel_at_period_end: true } },
      });
      const me = await call('GET', '/api/me', who);
      expect(me.body.data.user.subscriptions).toHaveLength(1);

      const again = await call('POST', '/api/billing/subscribe', who, { price_id: 'pro_month', payment_method: pm });
      expect(again.status).toBe(200);
      expect(again.body.data.subscription).toMatchObject({
        status: 'active',
        stripe_price: 'pro_month',
        trial_end: null,
      });
      expect(again.body.data.user.subscriptions.map((s: Json) => s.stripe_price)).toEqual(['pro_month']);
    });

    it('shows card setup errors with the provider message and validates the price', async () => {
      const who = await newBuyer();
      const declined = await setupCard(who, CARD_DECLINED);
      expect(declined.status).toBe(402);
      expect(declined.body.message).toBe(CommerceMessages.paymentDeclined);
      const pm = (await setupCard(who)).body.payment_method as string;
      const bad = await call('POST', '/api/billing/subscribe', who, { price_id: 'platinum', payment_method: pm });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toHaveProperty('price_id');
      const foreign = await call('POST', '/api/billing/subscribe', await newBuyer(), {
        price_id: 'creator_month',
        payment_method: pm,
      });
      expect(foreign.status).toBe(402);
      expect((await call('POST', '/api/billing/cancel-subscription', await newBuyer())).status).toBe(404);
    });

    it('keeps one live subscription under concurrent subscribe calls', async () => {
      const who = await newBuyer();
      const pm = (await setupCard(who)).body.payment_method as string;
      const results = await Promise.all(
        Array.from({ length: 40 }, () =>
          call('POST', '/api/billing/subscribe', who, { price_id: 'creator_month', payment_method: pm }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(39);
      const userId = results.find((r) => r.status === 200)!.body.data.user.id as number;
      // One subscription at the (local) provider, one row: one charge.
      expect(await count(sql`select count(*)::int as n from local_subscriptions where user_id = ${userId}`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from subscriptions where user_id = ${userId}`)).toBe(1);
    });

    describe('free trial once per card', () => {
      const subscribeWith = async (card: typeof CARD_OK, who?: Record<string, string>) => {
        const buyer = who ?? (await newBuyer());
        const pm = (await setupCard(buyer, card)).body.payment_method as string;
        return call('POST', '/api/billing/subscribe', buyer, { price_id: 'creator_month', payment_method: pm });
      };
      const MASTERCARD = { ...CARD_OK, card_number: '5555 5555 5555 4444' };

      it('an account whose email is not confirmed starts paid at once, and the card keeps its trial', async () => {
        const unverified = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
        const AMEX = { ...CARD_OK, card_number: '3782 822463 10005', cvc: '1234' };
        const paid = await subscribeWith(AMEX, unverified);
        expect(paid.status).toBe(200);
        expect(paid.body.data.subscription).toMatchObject({ status: 'active', trial_end: null });
        expect(paid.body.data.trial).toEqual({ applied: false, days: 0, reason: 'email_not_verified' });
        // The card was not used up: a confirmed account still gets its trial with it.
        const trial = await subscribeWith(AMEX);
        expect(trial.body.data.trial).toEqual({ applied: true, days: 30, reason: 'first_subscription' });
      });

      it('starts a new account paid at once when its card already had a trial, and says so', async () => {
        const first = await subscribeWith(MASTERCARD);
        expect(first.body.data.subscription.status).toBe('trialing');

        // The same card number typed differently, on another account: no trial.
        const again = await subscribeWith({ ...MASTERCARD, card_number: '5555-5555-5555-4444' });
        expect(again.status).toBe(200);
        expect(again.body.message).toBe(Messages.subscriptionCreated);
        expect(again.body.data.subscription).toMatchObject({ status: 'active', trial_end: null });

        // Another card still has its trial; card numbers are never stored, in any form we could read back.
        const other = await subscribeWith({ ...CARD_OK, card_number: '6011 1111 1111 1117' });
        expect(other.body.data.subscription.status).toBe('trialing');
        const dump = JSON.stringify(
          await selectRows(
            t.database.db,
            z.record(z.string(), z.unknown()),
            sql`select * from local_payment_sessions, trial_fingerprints`,
          ),
        );
        expect(dump).not.toMatch(/5555555555554444|6011111111111117/);

        // The answer says whether the trial applied, and why not.
        expect(first.body.data.trial).toEqual({ applied: true, days: 30, reason: 'first_subscription' });
        expect(again.body.data.trial).toEqual({ applied: false, days: 0, reason: 'card_had_trial' });
      });

      it('gives one trial when several new accounts subscribe with one card at once', async () => {
        const card = { ...CARD_OK, card_number: '2223 0031 2200 3222' };
        const buyers = await Promise.all(Array.from({ length: 8 }, () => newBuyer()));
        const methods = await Promise.all(
          buyers.map(async (who) => (await setupCard(who, card)).body.payment_method as string),
        );
        const results = await Promise.all(
          buyers.map((who, i) =>
            call('POST', '/api/billing/subscribe', who, { price_id: 'pro_year', payment_method: methods[i] }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
        expect(results.filter((r) => r.body.data.subscription.status === 'trialing')).toHaveLength(1);
        expect(results.filter((r) => r.body.data.trial.applied)).toHaveLength(1);
      });

      it('keeps the rule of a first subscription only per account', async () => {
        const who = await newBuyer();
        expect((await subscribeWith({ ...CARD_OK, card_number: '4000 0566 5566 5556' }, who)).status).toBe(200);
        await call('POST', '/api/billing/cancel-subscription', who);
        const again = await subscribeWith({ ...CARD_OK, card_number: '3782 822463 10005' }, who);
        expect(again.body.data.trial).toEqual({ applied: false, days: 0, reason: 'account_had_subscription' });
      });
    });
  });
});
