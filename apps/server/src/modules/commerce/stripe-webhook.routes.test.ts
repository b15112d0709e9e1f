import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ApiPaths, CommerceMessages, Messages, type RouteSpec } from '@tarab/contracts';
import { selectRows, timestampText } from '../../db/client.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { callRoute, type RouteAnswer } from '../../../test/call-route.js';
import { makeArtist, makeTrack } from '../../../test/factories.js';
import type { FakeStripe, StripeObject } from '../../../test/fake-stripe.js';
import { PUBLIC_URL, startStripeTestApp, type Delivery, type StripeTestApp } from '../../../test/stripe-test-app.js';
import { createStripePaymentProvider } from './stripe-payment-provider.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { z } from 'zod';

type Headers = Record<string, string>;

/** The status and the parsed body: the route's schema for a success, `ErrorBody` for an error. */
const outcome = <R extends RouteSpec>(res: RouteAnswer<R>) => ({
  status: res.status,
  body: res.status < 400 ? res.json : res.error,
});

describe('commerce with the stripe driver (real SDK against a fake Stripe API)', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;
  let artistId: number;

  const count = async (query: ReturnType<typeof sql>) =>
    (await selectRows(t.database.db, z.object({ n: z.number() }), query))[0]!.n;
  const orderOf = async (sessionId: string) =>
    (
      await selectRows(
        t.database.db,
        z.object({ status: z.string(), paid_at: timestampText.nullable() }),
        sql`select status, paid_at from orders where provider_ref = ${sessionId}`,
      )
    )[0];
  const validLicenses = (trackId: number) =>
    count(sql`select count(*)::int as n from licenses where track_id = ${trackId} and revoked_at is null`);
  const allLicenses = (trackId: number) =>
    count(sql`select count(*)::int as n from licenses where track_id = ${trackId}`);
  const subscriptionRow = async (ref: string) =>
    (
      await selectRows(
        t.database.db,
        z.object({ status: z.string(), cancel_at_period_end: z.boolean() }),
        sql`select status, cancel_at_period_end from subscriptions where provider_ref = ${ref}`,
      )
    )[0];

  const newTrack = async (priceCents = 499) =>
    (await makeTrack(t.database, { artistId, title: 'Oud at Dusk', priceCents })).id;
  const linkStatus = async (who: Headers, trackId: number) =>
    (await callRoute(t.app, Api.downloads.link, { params: { id: trackId }, headers: who })).status;
  const me = async (who: Headers) => (await callRoute(t.app, Api.auth.me, { headers: who })).json.data.user;
  const cancelSubscription = (who: Headers) => callRoute(t.app, Api.commerce.cancelSubscription, { headers: who });

  /** A signed delivery to the webhook (`t.sendEvent`), as status and parsed body. */
  const deliver = async (event: StripeObject, delivery: Delivery = {}) => outcome(await t.sendEvent(event, delivery));

  /** POST /api/stripe/checkout; the client's title and price are sent and must be ignored. */
  const checkout = (who: Headers, trackId: number) =>
    callRoute(t.app, Api.commerce.checkout, {
      body: { music_id: trackId, title: 'Free!', price: 0.01 },
      headers: who,
    });
  const startCheckout = async (who: Headers, trackId: number) => {
    const res = await checkout(who, trackId);
    expect(res.status).toBe(200);
    return res.json.session_id;
  };
  /** Checkout, then the customer pays on Stripe's page. */
  const paidCheckout = async (who: Headers, trackId: number) => {
    const sessionId = await startCheckout(who, trackId);
    return { sessionId, session: fake.completeCheckout(sessionId) };
  };
  const successPage = (who: Headers, sessionId: string) =>
    callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers: who });

  beforeAll(async () => {
    t = await startStripeTestApp();
    fake = t.fake;
    artistId = (await makeArtist(t.database)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('buying one track through Stripe Checkout', () => {
    it('charges the catalog price (a client-sent price is ignored) with absolute URLs', async () => {
      const { user, auth } = await t.newUser();
      const trackId = await newTrack(499);
      const res = await checkout(auth, trackId);
      expect(res.status).toBe(200);
      const sessionId = res.json.session_id;
      expect(res.json.checkout_url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
      expect(fake.get(sessionId)).toMatchObject({
        mode: 'payment',
        amount_total: 499,
        currency: 'usd',
        customer_email: user.email,
        metadata: { user_id: String(user.id), track_id: String(trackId) },
        success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}&music_id=${trackId}&price=4.99`,
        cancel_url: `${PUBLIC_URL}/`,
        line_items: { data: [{ quantity: 1, unit_amount: 499, currency: 'usd', name: 'Oud at Dusk' }] },
      });
      expect(
        await count(
          sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and provider = 'stripe' and amount_cents = 499 and status = 'pending'`,
        ),
      ).toBe(1);
    });

    it('confirms a paid session on the success page: one paid order, one license, the charge details', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const sessionId = await startCheckout(auth, trackId);
      fake.completeCheckout(sessionId, { receiptUrl: 'https://pay.stripe.com/receipts/payment/abc' });
      const success = await successPage(auth, sessionId);
      expect(success.status).toBe(200);
      expect(success.json.data).toMatchObject({
        status: 'paid',
        amount: 4.99,
        payment_method: 'card',
        receipt_url: 'https://pay.stripe.com/receipts/payment/abc',
        license_key: expect.stringMatching(/^TRB-/),
      });
      expect((await successPage(auth, sessionId)).json.data.license_key).toBe(success.json.data.license_key);
      expect(await linkStatus(auth, trackId)).toBe(200);
      expect(
        await count(sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid'`),
      ).toBe(1);
      expect(await allLicenses(trackId)).toBe(1);
    });

    it('answers 402 for an unpaid or declined session and grants nothing', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const sessionId = await startCheckout(auth, trackId);
      const unpaid = await successPage(auth, sessionId);
      expect(unpaid.status).toBe(402);
      expect(unpaid.error.message).toBe(CommerceMessages.paymentNotCompleted);
      fake.declineCheckout(sessionId);
      expect((await successPage(auth, sessionId)).status).toBe(402);
      expect((await orderOf(sessionId))!.status).toBe('pending');
      expect(await allLicenses(trackId)).toBe(0);
      expect(await linkStatus(auth, trackId)).toBe(403);
    });

    it('ends with one paid order and one license when the webhook comes first', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const { sessionId, session } = await paidCheckout(auth, trackId);
      expect(await deliver(fake.event('checkout.session.completed', session))).toEqual({
        status: 200,
        body: { received: true },
      });
      expect((await orderOf(sessionId))!.status).toBe('paid');
      expect(await validLicenses(trackId)).toBe(1);
      const success = await successPage(auth, sessionId);
      expect(success.json.data).toMatchObject({ status: 'paid', license_key: expect.stringMatching(/^TRB-/) });
      expect(await allLicenses(trackId)).toBe(1);
    });

    it('ends with one paid order and one license when the success page comes first', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const { sessionId, session } = await paidCheckout(auth, trackId);
      const success = await successPage(auth, sessionId);
      expect(success.status).toBe(200);
      const paidAt = (await orderOf(sessionId))!.paid_at;
      expect((await deliver(fake.event('checkout.session.completed', session))).status).toBe(200);
      expect(await orderOf(sessionId)).toEqual({ status: 'paid', paid_at: paidAt });
      expect(await allLicenses(trackId)).toBe(1);
      expect((await successPage(auth, sessionId)).json.data.license_key).toBe(success.json.data.license_key);
    });

    it('confirms exactly once when 200 success pages and webhook deliveries (fresh and repeated) race', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const { sessionId, session } = await paidCheckout(auth, trackId);
      const repeated = fake.event('checkout.session.completed', session);
      // 200 calls in a seeded random order: success pages, fresh events, and one event delivered 60 times.
      const kinds = [
        ...Array.from({ length: 100 }, () => 'page' as const),
        ...Array.from({ length: 40 }, () => 'fresh' as const),
        ...Array.from({ length: 60 }, () => 'repeat' as const),
      ];
      let seed = 0x7a7ab;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let i = kinds.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
      }
      const results = await Promise.all(
        kinds.map(async (kind) =>
          kind === 'page'
            ? { kind: 'page' as const, page: await successPage(auth, sessionId) }
            : {
                kind,
                webhook: await t.sendEvent(
                  kind === 'repeat' ? repeated : fake.event('checkout.session.completed', session),
                ),
              },
        ),
      );
      const answers = results.map((r) => (r.kind === 'page' ? r.page : r.webhook));
      expect(answers.filter((r) => r.status !== 200).map((r) => [r.status, r.response.body])).toEqual([]);
      const pages = results.flatMap((r) => (r.kind === 'page' ? [r.page] : []));
      expect(new Set(pages.map((r) => r.json.data.license_key)).size).toBe(1);
      const repeats = results.flatMap((r) => (r.kind === 'repeat' ? [r.webhook] : []));
      expect(repeats).toHaveLength(60);
      expect(repeats.filter((r) => !r.json.duplicate)).toHaveLength(1);
      expect(
        await count(sql`select count(*)::int as n from orders where provider_ref = ${sessionId} and status = 'paid'`),
      ).toBe(1);
      expect(await count(sql`select count(*)::int as n from orders where track_id = ${trackId}`)).toBe(1);
      expect(await allLicenses(trackId)).toBe(1);
      expect(
        await count(sql`select count(*)::int as n from payment_events where provider_event_id = ${repeated.id}`),
      ).toBe(1);
    });

    it('treats a replayed event (same id) as a no-op', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const { sessionId, session } = await paidCheckout(auth, trackId);
      const completed = fake.event('checkout.session.completed', session);
      expect((await deliver(completed)).body).toEqual({ received: true });
      const before = await orderOf(sessionId);
      const replay = await deliver(completed);
      expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
      expect(await orderOf(sessionId)).toEqual(before);
      expect(await allLicenses(trackId)).toBe(1);

      const refunded = fake.event('charge.refunded', fake.refundCheckout(sessionId));
      expect((await deliver(refunded)).body).toEqual({ received: true });
      expect((await deliver(refunded)).body).toEqual({ received: true, duplicate: true });
      expect(
        await count(
          sql`select count(*)::int as n from payment_events where provider_event_id in (${completed.id}, ${refunded.id})`,
        ),
      ).toBe(2);
    });

    it('rejects a bad, missing or tampered signature and an old timestamp with 400, changing nothing', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const { sessionId, session } = await paidCheckout(auth, trackId);
      const event = fake.event('checkout.session.completed', session);
      const tampered = JSON.stringify(fake.event('checkout.session.completed', { ...session, id: 'cs_test_other' }));
      const attempts = [
        await deliver(event, { secret: 'whsec_wrong_secret' }),
        await deliver(event, { signature: null }),
        await deliver(event, { signature: 't=1,v1=deadbeef' }),
        await deliver(event, { body: tampered }),
        await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      ];
      for (const attempt of attempts) {
        expect(attempt).toEqual({
          status: 400,
          body: { code: 'invalid_signature', message: CommerceMessages.invalidSignature },
        });
      }
      expect((await orderOf(sessionId))!.status).toBe('pending');
      expect(await allLicenses(trackId)).toBe(0);
      expect(
        await count(sql`select count(*)::int as n from payment_events where provider_event_id = ${event.id}`),
      ).toBe(0);
      expect(await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 240 })).toEqual({
        status: 200,
        body: { received: true },
      });
    });

    it('is documented in OpenAPI and answers 503 while no webhook secret is configured', async () => {
      const docs = await t.app.inject({ method: 'GET', url: ApiPaths.docsJson }); // the OpenAPI plugin's, not in the table
      const { paths } = z.object({ paths: z.record(z.string(), z.unknown()) }).parse(docs.json());
      expect(Object.keys(paths)).toContain(Api.commerce.stripeWebhook.path);
      const bare = Fastify().withTypeProvider<ZodTypeProvider>();
      bare.setValidatorCompiler(validatorCompiler);
      bare.setSerializerCompiler(serializerCompiler);
      registerErrorHandler(bare);
      await bare.register(
        stripeWebhookRoutes({
          db: t.database.db,
          provider: createStripePaymentProvider(t.stripe),
          stripe: t.stripe,
          webhookSecret: undefined,
        }),
      );
      const res = await callRoute(bare, Api.commerce.stripeWebhook, {
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.status).toBe(503);
      expect(res.error).toEqual({ code: 'payments_not_configured', message: CommerceMessages.paymentsNotConfigured });
      await bare.close();
    });

    it('keeps the rest of the API on normal JSON parsing', async () => {
      const { auth } = await t.newUser();
      const res = await callRoute(t.app, Api.commerce.checkout, {
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"music_id":',
      });
      expect(res.status).toBe(400);
      expect(res.error).toEqual({ code: 'malformed_json', message: Messages.malformedJson });
    });

    it('leaves an order refunded when the refund arrives before the completion', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const { sessionId, session } = await paidCheckout(auth, trackId);
      const refund = fake.event('charge.refunded', fake.refundCheckout(sessionId));
      expect((await deliver(refund)).status).toBe(200);
      expect((await orderOf(sessionId))!.status).toBe('refunded');
      expect((await deliver(fake.event('checkout.session.completed', session))).status).toBe(200);
      const success = await successPage(auth, sessionId);
      expect(success.json.data).toMatchObject({ status: 'refunded', license_key: null });
      expect((await orderOf(sessionId))!.status).toBe('refunded');
      expect(await validLicenses(trackId)).toBe(0);
      expect(await linkStatus(auth, trackId)).toBe(403);
    });

    // Regression: confirmCheckout used to grant a license when markOrderPaid found the order already refunded.
    it('never leaves a valid license on a refunded order when completion and refund race', async () => {
      for (let i = 0; i < 10; i++) {
        const { auth } = await t.newUser();
        const trackId = await newTrack();
        const { sessionId, session } = await paidCheckout(auth, trackId);
        const refund = fake.event('charge.refunded', fake.refundCheckout(sessionId));
        await Promise.all([
          deliver(fake.event('checkout.session.completed', session)),
          successPage(auth, sessionId),
          deliver(refund),
        ]);
        expect((await orderOf(sessionId))!.status).toBe('refunded');
        expect(await validLicenses(trackId)).toBe(0);
      }
    });

    it('revokes the license when a paid order is refunded or disputed', async () => {
      const { auth } = await t.newUser();
      const [refundedTrack, disputedTrack, partlyRefundedTrack] = [
        await newTrack(),
        await newTrack(),
        await newTrack(),
      ];
      const bought = await Promise.all(
        [refundedTrack, disputedTrack, partlyRefundedTrack].map(async (trackId) => {
          const { sessionId, session } = await paidCheckout(auth, trackId);
          expect((await deliver(fake.event('checkout.session.completed', session))).status).toBe(200);
          expect(await linkStatus(auth, trackId)).toBe(200);
          return sessionId;
        }),
      );
      await deliver(fake.event('charge.refunded', fake.refundCheckout(bought[0]!)));
      await deliver(fake.event('charge.dispute.created', fake.disputeCheckout(bought[1]!)));
      await deliver(fake.event('charge.refunded', fake.refundCheckout(bought[2]!, 100)));
      for (const [sessionId, trackId] of [
        [bought[0]!, refundedTrack],
        [bought[1]!, disputedTrack],
      ] as const) {
        expect((await orderOf(sessionId))!.status).toBe('refunded');
        expect(
          await count(
            sql`select count(*)::int as n from licenses where track_id = ${trackId} and revoked_at is not null`,
          ),
        ).toBe(1);
        expect(await linkStatus(auth, trackId)).toBe(403);
        const zip = await callRoute(t.app, Api.downloads.zip, { params: { id: trackId }, headers: auth });
        expect(zip.status).toBe(403);
        expect(zip.error.message).toBe(CommerceMessages.licenseRequired);
      }
      // A partial refund keeps the purchase.
      expect((await orderOf(bought[2]!))!.status).toBe('paid');
      expect(await linkStatus(auth, partlyRefundedTrack)).toBe(200);
    });

    it('expires an abandoned checkout, records unknown events and ignores sessions that are not ours', async () => {
      const { auth } = await t.newUser();
      const trackId = await newTrack();
      const sessionId = await startCheckout(auth, trackId);
      expect((await deliver(fake.event('checkout.session.expired', fake.expireCheckout(sessionId)))).status).toBe(200);
      expect((await orderOf(sessionId))!.status).toBe('expired');

      const unknown = fake.event('customer.created', { id: 'cus_x', object: 'customer' });
      expect(await deliver(unknown)).toEqual({ status: 200, body: { received: true } });
      expect(
        await count(
          sql`select count(*)::int as n from payment_events where provider_event_id = ${unknown.id} and type = 'customer.created'`,
        ),
      ).toBe(1);

      const foreign = fake.event('checkout.session.completed', {
        id: 'cs_test_not_ours',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
      });
      expect(await deliver(foreign)).toEqual({ status: 200, body: { received: true } });
    });
  });

  describe('subscriptions', () => {
    const subscribe = (who: Headers, paymentMethod: string, priceId = 'creator_month') =>
      callRoute(t.app, Api.commerce.subscribe, {
        body: { price_id: priceId, payment_method: paymentMethod },
        headers: who,
      });
    const refOf = async (userId: number) =>
      (
        await selectRows(
          t.database.db,
          z.object({ provider_ref: z.string() }),
          sql`select provider_ref from subscriptions where user_id = ${userId} order by id desc limit 1`,
        )
      )[0]!.provider_ref;
    const subscriptionDownload = async (who: Headers) =>
      callRoute(t.app, Api.downloads.fromSubscription, { body: { music_id: await newTrack() }, headers: who });

    it('saves a card through a SetupIntent and subscribes with the 30-day trial; cancel keeps access; deleted ends it', async () => {
      const { user, auth } = await t.newUser();
      const intent = await callRoute(t.app, Api.commerce.setupIntent, { headers: auth });
      expect(intent.json).toMatchObject({
        provider: 'stripe',
        publishableKey: 'pk_test_tarab',
        clientSecret: expect.stringMatching(/_secret_/),
      });

      const sub = await subscribe(auth, 'pm_card_visa');
      expect(sub.status).toBe(200);
      expect(sub.json.data.subscription).toMatchObject({
        status: 'trialing',
        stripe_price: 'price_creator_month',
        cancel_at_period_end: false,
      });
      expect(Date.parse(sub.json.data.subscription.trial_end!) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
      const ref = await refOf(user.id);
      expect(fake.get(ref)).toMatchObject({
        status: 'trialing',
        items: { data: [{ price: { id: 'price_creator_month' } }] },
      });
      expect((await subscriptionDownload(auth)).status).toBe(200);

      const cancel = await cancelSubscription(auth);
      expect(cancel.json).toMatchObject({ ok: true, data: { subscription: { cancel_at_period_end: true } } });
      expect(fake.get(ref)).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });
      expect((await subscriptionDownload(auth)).status).toBe(200);

      expect((await deliver(fake.event('customer.subscription.deleted', fake.endSubscription(ref)))).status).toBe(200);
      expect(await subscriptionRow(ref)).toMatchObject({ status: 'canceled' });
      const denied = await subscriptionDownload(auth);
      expect(denied.status).toBe(403);
      expect(denied.error.message).toBe(CommerceMessages.subscriptionRequired);
      expect((await me(auth)).subscriptions).toEqual([]);
    });

    it('syncs customer.subscription.updated from the current state, whatever order the events come in', async () => {
      const { user, auth } = await t.newUser();
      const created = await subscribe(auth, 'pm_card_visa');
      expect(created.status).toBe(200);
      const ref = await refOf(user.id);
      const staleSnapshot = fake.event('customer.subscription.updated', fake.get(ref)!);
      await cancelSubscription(auth);
      const current = fake.event('customer.subscription.updated', fake.get(ref)!);
      expect((await deliver(current)).status).toBe(200);
      expect((await deliver(staleSnapshot)).status).toBe(200);
      // (active: this card had its free trial in an earlier test)
      expect(await subscriptionRow(ref)).toEqual({
        status: created.json.data.subscription.status,
        cancel_at_period_end: true,
      });
    });

    it('marks the subscription past_due when a renewal payment fails', async () => {
      const { user, auth } = await t.newUser();
      expect((await subscribe(auth, 'pm_card_visa', 'pro_year')).status).toBe(200);
      const ref = await refOf(user.id);
      expect((await deliver(fake.event('invoice.payment_failed', fake.failRenewal(ref)))).status).toBe(200);
      expect(await subscriptionRow(ref)).toMatchObject({ status: 'past_due' });
    });

    it("shows Stripe's card errors with 402 and stores no subscription", async () => {
      const { user, auth } = await t.newUser();
      const declined = await subscribe(auth, 'pm_card_chargeDeclined');
      expect(declined.status).toBe(402);
      expect(declined.error).toEqual({
        code: 'card_declined',
        message: CommerceMessages.paymentDeclined,
        errors: { payment_method: [CommerceMessages.paymentDeclined] },
        field_codes: { payment_method: ['card_declined'] },
      });
      const unknown = await subscribe(auth, 'pm_unknown_card');
      expect(unknown.status).toBe(402);
      expect(unknown.error.message).toBe(CommerceMessages.unknownPaymentMethod);
      expect(await count(sql`select count(*)::int as n from subscriptions where user_id = ${user.id}`)).toBe(0);

      // A second subscription has no trial: the first charge happens at once and is declined.
      expect((await subscribe(auth, 'pm_card_visa')).status).toBe(200);
      await deliver(fake.event('customer.subscription.deleted', fake.endSubscription(await refOf(user.id))));
      const charged = await subscribe(auth, 'pm_card_chargeCustomerFail', 'pro_month');
      expect(charged.status).toBe(402);
      expect(charged.error.message).toBe(CommerceMessages.paymentDeclined);
      expect(await count(sql`select count(*)::int as n from subscriptions where user_id = ${user.id}`)).toBe(1);
    });

    it("refuses another customer's saved card", async () => {
      const owner = await t.newUser();
      expect((await subscribe(owner.auth, 'pm_card_visa')).status).toBe(200);
      const ownersCard = String(fake.get(await refOf(owner.user.id))!.default_payment_method);
      const thief = await t.newUser();
      const res = await subscribe(thief.auth, ownersCard);
      expect(res.status).toBe(402);
      expect(res.error.message).toBe(CommerceMessages.unknownPaymentMethod);
    });

    describe('that cannot be gamed', () => {
      const subscriptionsAtStripe = (userId: number) =>
        fake.all('subscription').filter((s) => (s.metadata as Record<string, string>).user_id === String(userId));
      const rowsOf = (userId: number) =>
        count(sql`select count(*)::int as n from subscriptions where user_id = ${userId}`);

      /** A subscriber who paid at once: a second subscription (it replaces one set to cancel) has no trial. */
      const paidSubscriber = async () => {
        const buyer = await t.newUser();
        expect((await subscribe(buyer.auth, 'pm_card_mastercard')).status).toBe(200);
        expect((await cancelSubscription(buyer.auth)).status).toBe(200);
        const res = await subscribe(buyer.auth, 'pm_card_mastercard');
        expect(res.status).toBe(200);
        expect(res.json.data.subscription.status).toBe('active');
        const ref = await refOf(buyer.user.id);
        expect(fake.get(String(fake.get(ref)!.latest_invoice))).toMatchObject({ amount_paid: 1499 });
        expect((await subscriptionDownload(buyer.auth)).status).toBe(200);
        return { ...buyer, ref };
      };
      const expectEnded = async (who: Headers, ref: string) => {
        expect(await subscriptionRow(ref)).toMatchObject({ status: 'canceled' });
        expect(fake.get(ref)).toMatchObject({ status: 'canceled' });
        const denied = await subscriptionDownload(who);
        expect(denied.status).toBe(403);
        expect(denied.error.message).toBe(CommerceMessages.subscriptionRequired);
        expect((await me(who)).subscriptions).toEqual([]);
        const cancels = fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${ref}`);
        expect(cancels.length).toBeLessThanOrEqual(1);
      };

      it('creates one subscription at Stripe and one row for 40 concurrent subscribe calls (one charge)', async () => {
        const { user, auth } = await t.newUser();
        const results = await Promise.all(
          Array.from({ length: 40 }, () => subscribe(auth, 'pm_card_visa', 'pro_month')),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 409)).toHaveLength(39);
        expect(await rowsOf(user.id)).toBe(1);
        const atStripe = subscriptionsAtStripe(user.id);
        expect(atStripe).toHaveLength(1);
        expect(atStripe[0]).toMatchObject({ id: await refOf(user.id), cancel_at_period_end: false });
        expect(fake.all('customer').filter((c) => c.email === user.email)).toHaveLength(1);
      });

      it('answers a retry after a lost answer from Stripe with the subscription created the first time', async () => {
        const { user, auth } = await t.newUser();
        const stopLosing = fake.loseAnswers('POST', /^\/v1\/subscriptions$/);
        const lost = await subscribe(auth, 'pm_card_visa', 'creator_year');
        stopLosing();
        expect(lost.status).toBeGreaterThanOrEqual(500);
        expect(subscriptionsAtStripe(user.id)).toHaveLength(1); // Stripe made it; we never heard back
        expect(await rowsOf(user.id)).toBe(0);

        const retried = await subscribe(auth, 'pm_card_visa', 'creator_year');
        expect(retried.status).toBe(200);
        const atStripe = subscriptionsAtStripe(user.id);
        expect(atStripe).toHaveLength(1);
        expect(await refOf(user.id)).toBe(atStripe[0]!.id);
        const attempts = fake.requests.filter(
          (r) =>
            r.method === 'POST' &&
            r.path === '/v1/subscriptions' &&
            (r.params.metadata as Record<string, string>).user_id === String(user.id),
        );
        expect(attempts.length).toBeGreaterThan(1); // sent again, and Stripe replayed the first
        expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
        expect(attempts[0]!.idempotencyKey).toMatch(/^tarab-subscribe-[0-9a-f]{64}$/);
      });

      it("gives the free trial once per card (Stripe's card.fingerprint), whatever account uses it", async () => {
        const first = await t.newUser();
        const trial = await subscribe(first.auth, 'pm_card_visa_debit');
        expect(trial.status).toBe(200);
        expect(trial.json.data.subscription).toMatchObject({ status: 'trialing' });

        // A new account with the same card (a new payment method of the same card number): paid at once.
        const second = await t.newUser();
        const paid = await subscribe(second.auth, 'pm_card_visa_debit');
        expect(paid.status).toBe(200);
        expect(paid.json.message).toBe(Messages.subscriptionCreated);
        expect(paid.json.data.subscription).toMatchObject({ status: 'active', trial_end: null });
        const atStripe = fake.get(await refOf(second.user.id))!;
        expect(atStripe).toMatchObject({ status: 'active', trial_end: null });
        expect(fake.get(String(atStripe.latest_invoice))).toMatchObject({ amount_paid: 1499 });
        expect(String(fake.get(await refOf(first.user.id))!.default_payment_method)).not.toBe(
          String(atStripe.default_payment_method),
        );

        // Only a hash of the fingerprint is kept.
        const fingerprint = (fake.get(String(atStripe.default_payment_method))!.card as { fingerprint: string })
          .fingerprint;
        const stored = await selectRows(
          t.database.db,
          z.object({ fingerprint_hash: z.string() }),
          sql`select fingerprint_hash from trial_fingerprints where user_id = ${first.user.id}`,
        );
        expect(stored).toHaveLength(1);
        expect(stored[0]!.fingerprint_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(stored[0]!.fingerprint_hash).not.toContain(fingerprint);

        // The answer says whether the trial applied, and why not.
        expect(trial.json.data.trial).toEqual({ applied: true, days: 30, reason: 'first_subscription' });
        expect(paid.json.data.trial).toEqual({ applied: false, days: 0, reason: 'card_had_trial' });
      });

      it('keeps a replaced subscription ended when Stripe later reports it (still live there until its period ends)', async () => {
        const { user, auth } = await t.newUser();
        expect((await subscribe(auth, 'pm_card_visa')).status).toBe(200);
        const replaced = await refOf(user.id);
        await cancelSubscription(auth);
        expect((await subscribe(auth, 'pm_card_visa', 'pro_month')).status).toBe(200);
        const current = await refOf(user.id);
        expect(await subscriptionRow(replaced)).toMatchObject({ status: 'canceled' });

        const update = await deliver(fake.event('customer.subscription.updated', fake.get(replaced)!));
        expect(update.status).toBe(200);
        expect(await subscriptionRow(replaced)).toMatchObject({ status: 'canceled' });
        expect(await subscriptionRow(current)).toMatchObject({ status: 'active' });
      });

      it('ends the subscription when its payment is refunded in full, at Stripe and here, once', async () => {
        const { auth, ref } = await paidSubscriber();
        // A partial refund keeps it.
        expect((await deliver(fake.event('charge.refunded', fake.refundSubscription(ref, 100)))).status).toBe(200);
        expect(await subscriptionRow(ref)).toMatchObject({ status: 'active' });

        const refunded = fake.event('charge.refunded', fake.refundSubscription(ref));
        expect((await deliver(refunded)).body).toEqual({ received: true });
        await expectEnded(auth, ref);
        expect((await deliver(refunded)).body).toEqual({ received: true, duplicate: true });
        await expectEnded(auth, ref);
      });

      it('ends the subscription on a dispute, whatever order the dispute, refund, deletion and stale events come in', async () => {
        const orders = [
          ['dispute', 'dispute', 'stale update'],
          ['stale update', 'refund', 'dispute', 'deleted'],
          ['refund', 'deleted', 'dispute', 'stale update', 'failed payment'],
        ];
        for (const order of orders) {
          const { auth, ref } = await paidSubscriber();
          const stale = fake.event('customer.subscription.updated', fake.get(ref)!);
          const dispute = fake.event('charge.dispute.created', fake.disputeSubscription(ref));
          const refund = fake.event('charge.refunded', fake.refundSubscription(ref));
          const failed = fake.event('invoice.payment_failed', {
            ...fake.get(String(fake.get(ref)!.latest_invoice))!,
            status: 'open',
          });
          for (const name of order) {
            const event =
              name === 'dispute'
                ? dispute
                : name === 'refund'
                  ? refund
                  : name === 'stale update'
                    ? stale
                    : name === 'failed payment'
                      ? failed
                      : fake.event('customer.subscription.deleted', fake.get(ref)!);
            expect((await deliver(event)).status).toBe(200);
          }
          await expectEnded(auth, ref);
        }
      });
    });
  });
});
