import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, CommerceMessages } from '@tarab/contracts';
import { selectRows, timestampText } from '../../db/client.js';
import { callRoute } from '../../../test/call-route.js';
import type { FakeStripe, StripeObject } from '../../../test/fake-stripe.js';
import { startStripeTestApp, type StripeTestApp } from '../../../test/stripe-test-app.js';
import { z } from 'zod';
import { RETRY_BASE_MS } from './duplicate-subscriptions.service.js';

type Headers = Record<string, string>;

const LIVE = ['trialing', 'active', 'past_due'];

/**
 * One subscription, one charge (issue #31 item 5), against the fake Stripe API with the real SDK:
 * at most one hosted subscription checkout is open per user (the previous one is expired at Stripe
 * before another is created), and a duplicate subscription that still comes about is refunded and
 * cancelled, the cancel retried (recorded in duplicate_subscriptions) until Stripe confirms it.
 */
describe('one subscription, one charge (hosted Stripe Checkout)', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;
  let clock = Date.now();

  /**
   * A user whose account had a subscription before (so no trial: every subscription charges at once),
   * with a confirmed email.
   */
  const newUser = async () => {
    const { user, auth } = await t.newUser();
    await t.database.db.execute(sql`
      insert into subscriptions (user_id, plan_price_id, status, provider, provider_ref, current_period_end)
      select ${user.id}, id, 'canceled', 'stripe', ${`sub_old_${user.id}`}, now() from plan_prices
      where code = 'creator_month'`);
    return { user, auth };
  };
  const start = (auth: Headers) =>
    callRoute(t.app, Api.commerce.subscriptionCheckout, { body: { price_id: 'price_creator_month' }, headers: auth });
  const confirm = (auth: Headers, sessionId: string) =>
    callRoute(t.app, Api.commerce.confirmSubscriptionCheckout, { body: { session_id: sessionId }, headers: auth });
  const deliver = async (event: StripeObject) => (await t.sendEvent(event)).status;
  /** The user's customer at Stripe (by the user id in its metadata). */
  const customerOf = (userId: number) =>
    fake.all('customer').find((c) => (c.metadata as Record<string, string>).user_id === String(userId))!;
  const sessionsOf = (customerId: string) =>
    fake.all('checkout.session').filter((s) => s.customer === customerId && s.mode === 'subscription');
  const liveAtStripe = (customerId: string) =>
    fake.all('subscription').filter((s) => s.customer === customerId && LIVE.includes(String(s.status)));
  /** The refunds made for a subscription (by the subscription id in their metadata). */
  const refundsOf = (ref: string) =>
    fake.all('refund').filter((r) => (r.metadata as Record<string, string> | undefined)?.['subscription'] === ref);
  /** What the customer paid and was not given back, in cents. */
  const netCharged = (customerId: string) =>
    fake
      .all('charge')
      .filter((c) => c.customer === customerId && c.status === 'succeeded')
      .reduce((sum, c) => sum + Number(c.amount) - Number(c.amount_refunded), 0);
  const ourLive = (userId: number) =>
    selectRows(
      t.database.db,
      z.object({ provider_ref: z.string() }),
      sql`select provider_ref from subscriptions where user_id = ${userId}
        and status in ('trialing', 'active', 'past_due')`,
    );
  const checkoutRows = (userId: number) =>
    selectRows(
      t.database.db,
      z.object({ provider_session_id: z.string(), status: z.string() }),
      sql`select provider_session_id, status from subscription_checkouts where user_id = ${userId} order by id`,
    );
  const duplicateRow = async (ref: string) =>
    (
      await selectRows(
        t.database.db,
        z.object({
          user_id: z.number().nullable(),
          attempts: z.number(),
          last_error: z.string().nullable(),
          refunded_at: timestampText.nullable(),
          canceled_at: timestampText.nullable(),
          next_attempt_at: timestampText,
        }),
        sql`select user_id, attempts, last_error, refunded_at, canceled_at, next_attempt_at
          from duplicate_subscriptions where provider_ref = ${ref}`,
      )
    )[0];
  /**
   * A duplicate in the making: the user opens the hosted page, then subscribes on our own form
   * (charged), then completes the hosted page anyway (charged again). Answers the second subscription.
   */
  const completeADuplicate = async () => {
    const { user, auth } = await newUser();
    const hosted = await start(auth);
    expect(hosted.status, hosted.response.body).toBe(200);
    const form = await callRoute(t.app, Api.commerce.subscribe, {
      body: { price_id: 'price_creator_month', payment_method: 'pm_card_visa' },
      headers: auth,
    });
    expect(form.status, form.response.body).toBe(200);
    const completed = fake.completeSubscriptionCheckout(hosted.json.session_id);
    const customer = String(completed.customer);
    expect(netCharged(customer)).toBe(2 * 1499);
    return {
      user,
      auth,
      sessionId: hosted.json.session_id,
      completed,
      customer,
      ref: String(completed.subscription),
    };
  };

  beforeAll(async () => {
    t = await startStripeTestApp({ now: () => clock });
    fake = t.fake;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opening the hosted checkout twice expires the first at Stripe: one live subscription, one charge', async () => {
    const { user, auth } = await newUser();
    const first = await start(auth);
    const second = await start(auth);
    expect([first.status, second.status]).toEqual([200, 200]);
    const a = first.json.session_id;
    const b = second.json.session_id;
    expect(fake.get(a)!.status).toBe('expired');
    expect(fake.get(b)!.status).toBe('open');
    // The first tab can no longer be paid.
    expect(() => fake.completeSubscriptionCheckout(a)).toThrow(/expired/);
    fake.completeSubscriptionCheckout(b);
    expect((await confirm(auth, b)).status).toBe(200);
    const incomplete = await confirm(auth, a);
    expect(incomplete.status).toBe(409);
    expect(incomplete.error).toEqual({
      code: 'subscription_checkout_incomplete',
      message: CommerceMessages.subscriptionCheckoutIncomplete,
    });

    const customer = customerOf(user.id).id;
    expect(liveAtStripe(customer)).toHaveLength(1);
    expect(netCharged(customer)).toBe(1499);
    expect(await ourLive(user.id)).toHaveLength(1);
    expect(await checkoutRows(user.id)).toEqual([
      { provider_session_id: a, status: 'expired' },
      { provider_session_id: b, status: 'complete' },
    ]);
  });

  it('a checkout completed before the next is opened is recorded, and no second one is created', async () => {
    const { user, auth } = await newUser();
    const first = (await start(auth)).json.session_id;
    fake.completeSubscriptionCheckout(first);
    // The user never came back to the first tab; a second click opens nothing new.
    const again = await start(auth);
    expect(again.status).toBe(409);
    expect(again.error).toEqual({ code: 'already_subscribed', message: CommerceMessages.alreadySubscribed });
    const customer = customerOf(user.id).id;
    expect(sessionsOf(customer)).toHaveLength(1);
    expect(await ourLive(user.id)).toEqual([{ provider_ref: String(fake.get(first)!.subscription) }]);
    expect(liveAtStripe(customer)).toHaveLength(1);
    expect(netCharged(customer)).toBe(1499);
  });

  it('a session Stripe expired (after 24 hours) is marked so by the webhook, and a new one opens', async () => {
    const { user, auth } = await newUser();
    const first = (await start(auth)).json.session_id;
    expect(await deliver(fake.event('checkout.session.expired', fake.expireCheckout(first)))).toBe(200);
    expect(await checkoutRows(user.id)).toEqual([{ provider_session_id: first, status: 'expired' }]);
    const second = await start(auth);
    expect(second.status).toBe(200);
    expect(fake.requests.filter((r) => r.path === `/v1/checkout/sessions/${first}/expire`)).toHaveLength(0);
  });

  it('parallel starts (a double click, several tabs) leave at most one payable session', async () => {
    const { user, auth } = await newUser();
    const answers = await Promise.all(Array.from({ length: 4 }, () => start(auth)));
    for (const a of answers) expect([200, 409], a.response.body).toContain(a.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const open = sessionsOf(customerOf(user.id).id).filter((s) => s.status === 'open');
    expect(open).toHaveLength(1);
    expect((await checkoutRows(user.id)).filter((r) => r.status === 'open')).toEqual([
      { provider_session_id: open[0]!.id, status: 'open' },
    ]);
  });

  it('a duplicate that still completes is refunded and cancelled at once, and recorded', async () => {
    const { user, auth, sessionId, completed, customer, ref } = await completeADuplicate();
    expect(await deliver(fake.event('checkout.session.completed', completed))).toBe(200);

    expect(fake.get(ref)!.status).toBe('canceled');
    expect(liveAtStripe(customer)).toHaveLength(1);
    expect(netCharged(customer)).toBe(1499);
    const refunds = refundsOf(ref);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1499, status: 'succeeded' });
    expect(await duplicateRow(ref)).toMatchObject({ user_id: user.id, attempts: 1, last_error: null });
    expect((await duplicateRow(ref))!.refunded_at).not.toBeNull();
    expect((await duplicateRow(ref))!.canceled_at).not.toBeNull();
    // The form's subscription is the one that stays.
    expect(await ourLive(user.id)).toHaveLength(1);
    expect((await ourLive(user.id))[0]!.provider_ref).not.toBe(ref);

    // The user's late return to the hosted page: already subscribed, nothing refunded twice.
    const late = await confirm(auth, sessionId);
    expect(late.status).toBe(409);
    expect(late.error).toEqual({ code: 'already_subscribed', message: CommerceMessages.alreadySubscribed });
    expect(refundsOf(ref)).toHaveLength(1);
    expect(netCharged(customer)).toBe(1499);
  });

  it('a cancel that fails is recorded and retried with back-off until Stripe confirms it', async () => {
    const { customer, ref, completed } = await completeADuplicate();
    const restore = fake.failRequests('DELETE', /^\/v1\/subscriptions\//, 3);
    try {
      expect(await deliver(fake.event('checkout.session.completed', completed))).toBe(200);
      const failed = (await duplicateRow(ref))!;
      expect(failed).toMatchObject({ attempts: 1, canceled_at: null });
      expect(failed.last_error).toMatch(/unknown error/);
      // Refunded at once; only the cancel is left.
      expect(failed.refunded_at).not.toBeNull();
      expect(netCharged(customer)).toBe(1499);
      expect(fake.get(ref)!.status).toBe('active');
      expect(new Date(failed.next_attempt_at).getTime()).toBe(clock + RETRY_BASE_MS);

      // Not due yet: nothing is tried.
      expect(await t.app.duplicateSubscriptions.runOnce()).toEqual({ attempted: 0, settled: 0 });
      clock += RETRY_BASE_MS;
      expect(await t.app.duplicateSubscriptions.runOnce()).toEqual({ attempted: 1, settled: 0 });
      const second = (await duplicateRow(ref))!;
      expect(second.attempts).toBe(2);
      expect(new Date(second.next_attempt_at).getTime()).toBe(clock + 2 * RETRY_BASE_MS);
      clock += 2 * RETRY_BASE_MS;
      expect(await t.app.duplicateSubscriptions.runOnce()).toEqual({ attempted: 1, settled: 0 });
      expect((await duplicateRow(ref))!.attempts).toBe(3);
      clock += 4 * RETRY_BASE_MS;
      expect(await t.app.duplicateSubscriptions.runOnce()).toEqual({ attempted: 1, settled: 1 });
    } finally {
      restore();
    }
    const done = (await duplicateRow(ref))!;
    expect(done).toMatchObject({ attempts: 4, last_error: null });
    expect(done.canceled_at).not.toBeNull();
    expect(fake.get(ref)!.status).toBe('canceled');
    expect(liveAtStripe(customer)).toHaveLength(1);
    // The refund was made once, not once per attempt.
    expect(refundsOf(ref)).toHaveLength(1);
    expect(netCharged(customer)).toBe(1499);
    clock += 3600_000;
    expect(await t.app.duplicateSubscriptions.runOnce()).toEqual({ attempted: 0, settled: 0 });
  });
});
