import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminMessages, Api } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { startFakeStripe, type FakeStripe, type StripeObject } from '../../../test/fake-stripe.js';
import { buildStripeTestApp, WEBHOOK_SECRET, type StripeTestApp } from '../../../test/stripe-test-app.js';
import { z } from 'zod';

type Headers = Record<string, string>;

/**
 * The console's refund with the `stripe` driver: the real SDK against the fake Stripe API
 * (`POST /v1/refunds` with an idempotency key), and Stripe's `charge.refunded` webhook arriving
 * before, after or alongside the operator's clicks.
 */
describe('admin refunds with the stripe driver (real SDK against a fake Stripe API)', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;
  let artistId: number;
  let admin: Headers;

  const deliver = async (event: StripeObject) => {
    const payload = JSON.stringify(event);
    const signature = t.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await callRoute(t.app, Api.commerce.stripeWebhook, {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.status, res.response.body).toBe(200);
  };
  /** A buyer pays on the hosted page and comes back: a paid order with its licence. */
  const paidOrder = async () => {
    const buyer = await makeUser(t.database, { emailVerified: true });
    const who = bearer(await makeSession(t.database, buyer.id));
    const track = await makeTrack(t.database, { artistId, title: 'Samai Thaqil', priceCents: 699 });
    const checkout = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: track.id }, headers: who });
    const sessionId = checkout.json.session_id;
    fake.completeCheckout(sessionId);
    const success = await callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers: who });
    expect(success.json.data.status).toBe('paid');
    return {
      sessionId,
      orderId: success.json.data.order_id,
      licenseKey: success.json.data.license_key,
    };
  };
  const refundsAtStripe = (sessionId: string) => {
    const charge = fake.chargeOfCheckout(sessionId);
    return fake.all('refund').filter((r) => r.charge === charge.id);
  };
  const auditCount = async (orderId: number) =>
    (
      await selectRows(
        t.database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from admin_audit_log where action = 'order.refund' and target_id = ${orderId}`,
      )
    )[0]!.n;
  /** The verification status of a licence key (a paid order's key is never null). */
  const verifyStatus = async (key: string | null) => {
    expect(key).toEqual(expect.any(String));
    return (await callRoute(t.app, Api.licenses.verify, { params: { key: key! } })).json.data.status;
  };
  /** A buyer licenses a three-track playlist in one Stripe checkout and comes back: a paid cart. */
  const paidCart = async (prices = [499, 799, 1099]) => {
    const buyer = await makeUser(t.database, { emailVerified: true });
    const who = bearer(await makeSession(t.database, buyer.id));
    const playlist = await callRoute(t.app, Api.library.createPlaylist, { body: { name: 'Cues' }, headers: who });
    const playlistId = playlist.json.data.id;
    for (const [i, priceCents] of prices.entries()) {
      const track = await makeTrack(t.database, { artistId, title: `Cue ${i + 1}`, priceCents });
      const added = await callRoute(t.app, Api.library.addMusic, {
        body: { playlist_id: playlistId, music_id: track.id },
        headers: who,
      });
      expect(added.status).toBe(200);
    }
    const checkout = await callRoute(t.app, Api.cart.checkout, { params: { id: playlistId }, headers: who });
    expect(checkout.status, checkout.response.body).toBe(200);
    const sessionId = checkout.json.session_id;
    fake.completeCheckout(sessionId);
    const success = await callRoute(t.app, Api.cart.success, { query: { session_id: sessionId }, headers: who });
    expect(success.json.data.status).toBe('paid');
    const lines = success.json.data.items;
    return { sessionId, cartId: success.json.data.cart_order_id, lines, buyer: who };
  };
  const cartStatus = async (cartId: number) =>
    (
      await selectRows(
        t.database.db,
        z.object({ status: z.string() }),
        sql`select status from cart_orders where id = ${cartId}`,
      )
    )[0]!.status;
  const orderStatus = async (orderId: number) =>
    (
      await selectRows(
        t.database.db,
        z.object({ status: z.string() }),
        sql`select status from orders where id = ${orderId}`,
      )
    )[0]!.status;
  const refund = (orderId: number) => callRoute(t.app, Api.admin.refund, { params: { id: orderId }, headers: admin });

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildStripeTestApp(fake);
    artistId = (await makeArtist(t.database, 'Stripe Refund Ensemble')).id;
    const operator = await makeUser(t.database, { type: 'admin', emailVerified: true });
    admin = bearer(await makeSession(t.database, operator.id));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refunds through Stripe once under parallel clicks; the webhook that follows changes nothing', async () => {
    const { sessionId, orderId, licenseKey } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(orderId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.json.data.status).toBe('refunded');
    const refunds = refundsAtStripe(sessionId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 699, status: 'succeeded' });
    // Every attempt carried the order's one idempotency key.
    const keys = new Set(fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey));
    expect([...keys]).toEqual([`tarab-refund-order-${orderId}`]);
    expect(fake.chargeOfCheckout(sessionId)).toMatchObject({ refunded: true, amount_refunded: 699 });

    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(await auditCount(orderId)).toBe(1);
    expect(await verifyStatus(licenseKey)).toBe('revoked');
  });

  it('refunded at Stripe first (dashboard, webhook delivered): the console answers "already refunded" and asks Stripe nothing', async () => {
    const { sessionId, orderId, licenseKey } = await paidOrder();
    fake.refundCheckout(sessionId);
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    const before = fake.requests.filter((r) => r.path === '/v1/refunds').length;
    const answer = await refund(orderId);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ message: AdminMessages.alreadyRefunded });
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').length).toBe(before);
    expect(await auditCount(orderId)).toBe(0);
    expect(await verifyStatus(licenseKey)).toBe('revoked');
  });

  it('refunded at Stripe but the webhook not yet here: Stripe says "already refunded", the order is refunded here once', async () => {
    const { sessionId, orderId, licenseKey } = await paidOrder();
    fake.refundCheckout(sessionId);
    const answer = await refund(orderId);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ data: { status: 'refunded' } });
    expect(refundsAtStripe(sessionId)).toHaveLength(0);
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(await auditCount(orderId)).toBe(1);
    expect(await verifyStatus(licenseKey)).toBe('revoked');
  });

  it('clicks and the webhook racing each other end in one refund, one entry, a revoked licence', async () => {
    for (let round = 0; round < 3; round++) {
      const { sessionId, orderId, licenseKey } = await paidOrder();
      const click = () => refund(orderId);
      const first = click();
      // The webhook of the first click's refund, delivered while more clicks arrive.
      const webhook = (async () => {
        await vi.waitFor(() => expect(refundsAtStripe(sessionId).length).toBeGreaterThan(0), {
          timeout: 5_000,
          interval: 5,
        });
        await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
      })();
      const answers = await Promise.all([first, click(), webhook.then(click), click()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(refundsAtStripe(sessionId)).toHaveLength(1);
      expect(await auditCount(orderId)).toBe(1);
      expect(await verifyStatus(licenseKey)).toBe('revoked');
    }
  });

  it('leaves the order paid and says so when Stripe refuses the refund', async () => {
    const { sessionId, orderId, licenseKey } = await paidOrder();
    const restore = fake.loseAnswers('POST', /^\/v1\/refunds$/);
    try {
      const answer = await refund(orderId);
      expect(answer.status).toBe(502);
      expect(answer.error).toMatchObject({ code: 'refund_failed', message: AdminMessages.refundFailed });
    } finally {
      restore();
    }
    // The refund happened at Stripe although its answer was lost: the retry (same key) finds it.
    const listed = await callRoute(t.app, Api.admin.orders, { query: { q: orderId }, headers: admin });
    expect(listed.json.data[0]!.status).toBe('paid');
    expect(await verifyStatus(licenseKey)).toBe('valid');
    const retry = await refund(orderId);
    expect(retry.json.data.status).toBe('refunded');
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
  });

  it('refunds one line of a playlist checkout: a partial refund for its amount, its licence alone revoked', async () => {
    const { sessionId, cartId, lines } = await paidCart();
    const [first, second, third] = lines;
    const answers = await Promise.all([refund(second!.order_id), refund(second!.order_id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const a of answers) expect(a.json.data.status).toBe('refunded');
    const refunds = refundsAtStripe(sessionId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 799, metadata: { order_id: String(second!.order_id) } });
    expect(fake.chargeOfCheckout(sessionId)).toMatchObject({ refunded: false, amount_refunded: 799 });
    expect(await verifyStatus(second!.license_key)).toBe('revoked');
    expect(await verifyStatus(first!.license_key)).toBe('valid');
    expect(await verifyStatus(third!.license_key)).toBe('valid');
    expect(await cartStatus(cartId)).toBe('paid');
    expect(await auditCount(second!.order_id)).toBe(1);

    // Stripe's charge.refunded for that partial refund changes nothing more.
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(await verifyStatus(first!.license_key)).toBe('valid');
    expect(await orderStatus(first!.order_id)).toBe('paid');

    // Refunding the other lines refunds the whole cart: the charge in full, every licence revoked.
    expect((await refund(first!.order_id)).json.data.status).toBe('refunded');
    expect((await refund(third!.order_id)).json.data.status).toBe('refunded');
    expect(fake.chargeOfCheckout(sessionId)).toMatchObject({ refunded: true, amount_refunded: 499 + 799 + 1099 });
    expect(await cartStatus(cartId)).toBe('refunded');
    for (const line of lines) expect(await verifyStatus(line.license_key)).toBe('revoked');
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(refundsAtStripe(sessionId)).toHaveLength(3);
    const again = await refund(first!.order_id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ message: AdminMessages.alreadyRefunded });
  });

  it('a partial refund made at Stripe revokes the lines its refunds name, and nothing for one that names none', async () => {
    const { sessionId, lines } = await paidCart([300, 300, 900]);
    const [first, second, third] = lines;
    const charge = fake.chargeOfCheckout(sessionId);
    // A refund made through the API for one line, naming it (as the console does).
    await t.stripe.refunds.create({
      payment_intent: String(charge.payment_intent),
      amount: 300,
      metadata: { order_id: String(first!.order_id) },
    });
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(await verifyStatus(first!.license_key)).toBe('revoked');
    expect(await orderStatus(first!.order_id)).toBe('refunded');
    expect(await verifyStatus(second!.license_key)).toBe('valid');

    // The dashboard refunds 300 more without naming a line: two lines cost 300, so neither is guessed.
    fake.refundCheckout(sessionId, 300);
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(await verifyStatus(second!.license_key)).toBe('valid');
    expect(await verifyStatus(third!.license_key)).toBe('valid');

    // A refund naming a line of another order changes nothing here.
    const other = await paidOrder();
    await t.stripe.refunds.create({
      payment_intent: String(charge.payment_intent),
      amount: 100,
      metadata: { order_id: String(other.orderId) },
    });
    await deliver(fake.event('charge.refunded', fake.chargeOfCheckout(sessionId)));
    expect(await verifyStatus(other.licenseKey)).toBe('valid');
    expect(await verifyStatus(third!.license_key)).toBe('valid');
  });
});
