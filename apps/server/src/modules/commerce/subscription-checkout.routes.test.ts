import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, CommerceMessages, ConfirmSubscriptionCheckoutBody, Messages } from '@tarab/contracts';
import { selectRows, timestampText } from '../../db/client.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeSession, makeUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { FakeStripe, StripeObject } from '../../../test/fake-stripe.js';
import { PUBLIC_URL, startStripeTestApp, type StripeTestApp } from '../../../test/stripe-test-app.js';
import { z } from 'zod';

type Headers = Record<string, string>;

describe('subscribing on the hosted Stripe Checkout page (real SDK against a fake Stripe API)', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;

  const openCheckout = (who: Headers, priceId: string) =>
    callRoute(t.app, Api.commerce.subscriptionCheckout, { body: { price_id: priceId }, headers: who });
  const start = async (who: Headers, priceId = 'price_creator_month') => {
    const res = await openCheckout(who, priceId);
    expect(res.status, res.response.body).toBe(200);
    return res.json;
  };
  const confirm = (who: Headers, sessionId: string) =>
    callRoute(t.app, Api.commerce.confirmSubscriptionCheckout, { body: { session_id: sessionId }, headers: who });
  const rowsOf = (userId: number) =>
    selectRows(
      t.database.db,
      z.object({ status: z.string(), provider_ref: z.string(), trial_end: timestampText.nullable() }),
      sql`select status, provider_ref, trial_end from subscriptions where user_id = ${userId} order by id`,
    );
  const deliver = async (event: StripeObject) => (await t.sendEvent(event)).status;

  beforeAll(async () => {
    t = await startStripeTestApp();
    fake = t.fake;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the web app which driver takes the card', async () => {
    const res = await callRoute(t.app, Api.commerce.products);
    expect(res.json.payment_provider).toBe('stripe');
  });

  it('opens a subscription-mode session for the price with the trial, our ids and absolute return URLs', async () => {
    const { user, auth } = await t.newUser();
    const { checkout_url, session_id } = await start(auth, 'creator_month');
    expect(checkout_url).toBe(`https://checkout.stripe.com/c/pay/${session_id}`);
    const session = fake.get(session_id)!;
    const [price] = await selectRows(
      t.database.db,
      z.object({ id: z.number() }),
      sql`select id from plan_prices where code = 'creator_month'`,
    );
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: String(user.id),
      metadata: { user_id: String(user.id), plan_price_id: String(price!.id) },
      payment_method_collection: 'always',
      success_url: `${PUBLIC_URL}/stripe-checkout?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/stripe-checkout?price_id=price_creator_month`,
      subscription_data: { trial_period_days: 30, metadata: { user_id: String(user.id) } },
    });
    expect((fake.get(String(session.customer)) as StripeObject).email).toBe(user.email);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('records the subscription once the user comes back, with the trial, in the answer of subscribe', async () => {
    const { user, auth } = await t.newUser();
    const { session_id } = await start(auth);
    const early = await confirm(auth, session_id);
    expect(early.status).toBe(409);
    expect(early.error).toEqual({
      code: 'subscription_checkout_incomplete',
      message: CommerceMessages.subscriptionCheckoutIncomplete,
    });
    fake.completeSubscriptionCheckout(session_id);
    const res = await confirm(auth, session_id);
    expect(res.status, res.response.body).toBe(200);
    const body = res.json;
    expect(body.message).toBe(Messages.subscriptionCreated);
    expect(body.data.trial).toEqual({ applied: true, days: 30, reason: 'first_subscription' });
    expect(body.subscription).toMatchObject({ status: 'trialing', stripe_price: 'price_creator_month' });
    expect(body.user.subscriptions.map((s) => s.status)).toEqual(['trialing']);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'trialing', provider_ref: String(fake.get(session_id)!.subscription) });

    // A reload of the return page: the same answer, still one row.
    const again = await confirm(auth, session_id);
    expect(again.status).toBe(200);
    expect(again.json.subscription.id).toBe(body.subscription.id);
    expect(await rowsOf(user.id)).toHaveLength(1);
    // And a subscriber cannot open another checkout.
    expect((await openCheckout(auth, 'price_pro_month')).error).toEqual({
      code: 'already_subscribed',
      message: CommerceMessages.alreadySubscribed,
    });
  });

  it("answers 404 for someone else's session and for one that does not exist, changing nothing", async () => {
    const owner = await t.newUser();
    const other = await t.newUser();
    const { session_id } = await start(owner.auth);
    fake.completeSubscriptionCheckout(session_id);
    for (const id of [session_id, 'cs_test_missing']) {
      const res = await confirm(other.auth, id);
      expect(res.status).toBe(404);
      expect(res.error).toEqual({ code: 'checkout_not_found', message: CommerceMessages.checkoutNotFound });
    }
    expect(await rowsOf(other.user.id)).toEqual([]);
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('validates the bodies: an unknown price is 422, a missing session id 422, no login 401', async () => {
    const { auth } = await t.newUser();
    const unknown = await openCheckout(auth, 'price_nope');
    expect(unknown.status).toBe(422);
    expect(unknown.error.message).toBe(CommerceMessages.unknownPrice);
    // A body without the session id (not the route's type): sent as raw JSON.
    const empty = await callRoute(t.app, Api.commerce.confirmSubscriptionCheckout, {
      payload: '{}',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(422);
    expect(ConfirmSubscriptionCheckoutBody.safeParse({}).success).toBe(false);
    expect((await openCheckout({}, 'price_pro_month')).status).toBe(401);
  });

  it('ends the trial at once when the card already had one on another account: the first period is charged', async () => {
    const first = await t.newUser();
    const firstSession = (await start(first.auth)).session_id;
    fake.completeSubscriptionCheckout(firstSession, 'pm_card_mastercard');
    expect((await confirm(first.auth, firstSession)).status).toBe(200);

    const second = await t.newUser();
    const { session_id } = await start(second.auth);
    expect(fake.get(session_id)).toMatchObject({ subscription_data: { trial_period_days: 30 } });
    fake.completeSubscriptionCheckout(session_id, 'pm_card_mastercard');
    const res = await confirm(second.auth, session_id);
    expect(res.status, res.response.body).toBe(200);
    const body = res.json;
    expect(body.data.trial).toEqual({ applied: false, days: 0, reason: 'card_had_trial' });
    expect(body.subscription.status).toBe('active');
    expect(body.subscription.trial_end).toBeNull();
    const ref = String(fake.get(session_id)!.subscription);
    const atStripe = fake.get(ref)!;
    expect(atStripe.status).toBe('active');
    expect(fake.get(String(atStripe.latest_invoice))).toMatchObject({ amount_paid: 1499, status: 'paid' });
  });

  it('offers no trial to an account that had a subscription', async () => {
    const { user, auth } = await t.newUser();
    const first = (await start(auth)).session_id;
    fake.completeSubscriptionCheckout(first);
    expect((await confirm(auth, first)).status).toBe(200);
    await t.database.db.execute(sql`update subscriptions set status = 'canceled' where user_id = ${user.id}`);
    const { session_id } = await start(auth, 'price_pro_year');
    expect(fake.get(session_id)).toMatchObject({ subscription_data: { trial_period_days: 0 }, amount_total: 14388 });
    fake.completeSubscriptionCheckout(session_id);
    const body = (await confirm(auth, session_id)).json;
    expect(body.data.trial).toEqual({ applied: false, days: 0, reason: 'account_had_subscription' });
    expect(body.subscription).toMatchObject({ status: 'active', stripe_price: 'price_pro_year' });
  });

  it('a card declined on the hosted page leaves the session open and records nothing', async () => {
    const { user, auth } = await t.newUser();
    const { session_id } = await start(auth);
    expect(() => fake.completeSubscriptionCheckout(session_id, 'pm_card_chargeDeclined')).toThrow(/declined/);
    const res = await confirm(auth, session_id);
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      code: 'subscription_checkout_incomplete',
      message: CommerceMessages.subscriptionCheckoutIncomplete,
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("records it from Stripe's webhook when the user never comes back, once however often it is sent", async () => {
    const { user, auth } = await t.newUser();
    const { session_id } = await start(auth);
    // A card no other test used, so its trial applies.
    const completed = fake.completeSubscriptionCheckout(session_id, 'pm_card_visa_debit');
    const event = fake.event('checkout.session.completed', completed);
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200);
    expect(await deliver(fake.event('checkout.session.completed', completed))).toBe(200);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('trialing');
    // The user's late return answers the same subscription.
    const res = await confirm(auth, session_id);
    expect(res.status).toBe(200);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('a webhook for a subscription session that is not ours is acknowledged and changes nothing', async () => {
    const before = await selectRows(
      t.database.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from subscriptions`,
    );
    const foreign = {
      ...fake.event('checkout.session.completed', {
        id: 'cs_test_foreign',
        object: 'checkout.session',
        mode: 'subscription',
      }),
    };
    expect(await deliver(foreign)).toBe(200);
    expect(
      await selectRows(t.database.db, z.object({ n: z.number() }), sql`select count(*)::int as n from subscriptions`),
    ).toEqual(before);
  });
});

describe('subscribing with the local driver', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('has no hosted page: the card is taken on our own form (409), and products say so', async () => {
    const user = await makeUser(t.database);
    const auth = bearer(await makeSession(t.database, user.id));
    const products = await callRoute(t.app, Api.commerce.products);
    expect(products.json).toMatchObject({ payment_provider: 'local' });
    const res = await callRoute(t.app, Api.commerce.subscriptionCheckout, {
      body: { price_id: 'creator_month' },
      headers: auth,
    });
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      code: 'subscription_checkout_unavailable',
      message: CommerceMessages.subscriptionCheckoutUnavailable,
    });
  });
});
