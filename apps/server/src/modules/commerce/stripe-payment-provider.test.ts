import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceMessages } from '@tarab/contracts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { stripeClientFor } from '../../../test/stripe-test-app.js';
import { PaymentError, type PaymentProvider } from './payment-provider.js';
import {
  absoluteUrl,
  createStripeClient,
  createStripePaymentProvider,
  periodEndOf,
  toSubscriptionStatus,
} from './stripe-payment-provider.js';

const DAY_MS = 86_400_000;
let n = 0;
const newKey = () => `test-${randomUUID()}`;
const payer = () => ({ id: 1000 + ++n, email: `payer${n}-${Date.now()}@example.com`, name: `Payer ${n}` });

/** A subscription as Stripe sends it, reduced to the fields the mapping reads. */
const subscriptionShape = (fields: Partial<Parameters<typeof periodEndOf>[0]>) => ({
  created: 1_700_000_000,
  trial_end: null,
  items: { data: [] },
  ...fields,
});

describe('stripe payment driver: mapping', () => {
  it('reads current_period_end from the subscription (older API versions) or from its items (newer ones)', () => {
    expect(periodEndOf(subscriptionShape({ current_period_end: 1_800_000_000 })).getTime()).toBe(1_800_000_000_000);
    const items = { data: [{ current_period_end: 1_900_000_000 }, { current_period_end: 1_850_000_000 }] };
    expect(periodEndOf(subscriptionShape({ items })).getTime()).toBe(1_850_000_000_000);
    expect(periodEndOf(subscriptionShape({ trial_end: 1_750_000_000 })).getTime()).toBe(1_750_000_000_000);
  });

  it("folds Stripe's subscription statuses into ours", () => {
    expect(['trialing', 'active', 'past_due', 'canceled', 'incomplete'].map((s) => toSubscriptionStatus(s))).toEqual([
      'trialing',
      'active',
      'past_due',
      'canceled',
      'incomplete',
    ]);
    expect(toSubscriptionStatus('incomplete_expired')).toBe('canceled');
    expect(toSubscriptionStatus('unpaid')).toBe('incomplete');
    expect(toSubscriptionStatus('paused')).toBe('incomplete');
  });

  it('makes root-relative URLs absolute and needs a secret key', () => {
    expect(absoluteUrl('https://tarab.example/', '/success?session_id={CHECKOUT_SESSION_ID}')).toBe(
      'https://tarab.example/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(absoluteUrl('https://tarab.example', 'https://elsewhere.example/x')).toBe('https://elsewhere.example/x');
    expect(() => createStripeClient({ stripeSecretKey: undefined })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('stripe payment driver against the fake Stripe API (real SDK)', () => {
  let fake: FakeStripe;
  let legacy: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    legacy = await startFakeStripe({ legacyPeriodFields: true });
    for (const f of [fake, legacy]) f.definePrice('price_month', { unitAmount: 599, interval: 'month' });
    provider = createStripePaymentProvider(stripeClientFor(fake), {
      publishableKey: 'pk_test_fake',
    });
  });
  afterAll(async () => {
    await fake?.close();
    await legacy?.close();
  });

  it('creates a one-item payment checkout with absolute URLs on the default public URL', async () => {
    const user = payer();
    const checkout = await provider.createCheckout({
      user,
      trackId: 7,
      title: 'Oud at Dusk',
      amountCents: 499,
      currency: 'usd',
      successUrl: '/success?session_id={CHECKOUT_SESSION_ID}&music_id=7',
      cancelUrl: '/',
    });
    expect(checkout.url).toBe(`https://checkout.stripe.com/c/pay/${checkout.id}`);
    const session = fake.get(checkout.id)!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 499,
      currency: 'usd',
      customer_email: user.email,
      metadata: { user_id: String(user.id), track_id: '7' },
      success_url: 'http://localhost:8080/success?session_id={CHECKOUT_SESSION_ID}&music_id=7',
      cancel_url: 'http://localhost:8080/',
      line_items: { data: [{ quantity: 1, unit_amount: 499, currency: 'usd', name: 'Oud at Dusk' }] },
    });
    expect(await provider.getCheckout(checkout.id)).toMatchObject({
      status: 'open',
      url: checkout.url,
      amountCents: 499,
      paymentMethod: null,
    });
    fake.completeCheckout(checkout.id, { receiptUrl: 'https://pay.stripe.com/receipts/r1' });
    expect(await provider.getCheckout(checkout.id)).toEqual({
      id: checkout.id,
      status: 'paid',
      url: null,
      amountCents: 499,
      currency: 'usd',
      paymentMethod: 'card',
      receiptUrl: 'https://pay.stripe.com/receipts/r1',
    });
    expect(await provider.getCheckout('cs_test_unknown')).toBeNull();
  });

  it('reuses one Customer per user for setup intents and subscriptions', async () => {
    const user = payer();
    const first = await provider.createSetupIntent(user);
    const second = await provider.createSetupIntent(user);
    expect(first.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(created.filter((r) => r.params.email === user.email)).toHaveLength(1);
    expect(provider.publishableKey).toBe('pk_test_fake');
  });

  it("finds the user's Customer by the user id in its metadata, never by email (issue #31)", async () => {
    const user = payer();
    const stripe = stripeClientFor(fake);
    // Customers with the user's address that are not the user's: made by hand, by another
    // integration, or by another Tarab account that once had this address.
    const stranger = await stripe.customers.create({ email: user.email });
    const otherAccount = await stripe.customers.create({ email: user.email, metadata: { user_id: '999999' } });
    await provider.createSetupIntent(user);
    const intents = fake
      .all('setup_intent')
      .filter((i) => (i.metadata as Record<string, string>).user_id === String(user.id));
    expect(intents).toHaveLength(1);
    expect([stranger.id, otherAccount.id]).not.toContain(intents[0]!.customer);
    expect(fake.get(String(intents[0]!.customer))).toMatchObject({ metadata: { user_id: String(user.id) } });
    // The same customer is found again (by its metadata), not created twice.
    await provider.createSetupIntent(user);
    const mine = fake.all('customer').filter((c) => (c.metadata as Record<string, string>).user_id === String(user.id));
    expect(mine).toHaveLength(1);

    // A card saved on a customer that merely shares the email is not the user's to use.
    const foreignCard = await stripe.paymentMethods.attach('pm_card_visa', { customer: otherAccount.id });
    await expect(provider.describePaymentMethod(user, foreignCard.id)).rejects.toThrow(
      CommerceMessages.unknownPaymentMethod,
    );
    const strangersCard = await stripe.paymentMethods.attach('pm_card_visa', { customer: stranger.id });
    await expect(provider.describePaymentMethod(user, strangersCard.id)).rejects.toThrow(
      CommerceMessages.unknownPaymentMethod,
    );
    expect(fake.requests.some((r) => r.path === '/v1/customers' && r.method === 'GET' && r.params.email)).toBe(false);
  });

  it('subscribes with a trial on the plan price, sets the card as default, and cancels at period end', async () => {
    const user = payer();
    const sub = await provider.createSubscription({
      user,
      providerPriceId: 'price_month',
      interval: 'month',
      paymentMethod: 'pm_card_visa',
      trialDays: 30,
      idempotencyKey: newKey(),
    });
    expect(sub.status).toBe('trialing');
    expect(sub.trialEnd!.getTime() - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(sub.currentPeriodEnd.getTime()).toBe(sub.trialEnd!.getTime());
    const stored = fake.get(sub.ref)!;
    const customer = fake.get(String(stored.customer))!;
    expect(customer).toMatchObject({
      email: user.email,
      invoice_settings: { default_payment_method: stored.default_payment_method },
    });
    await provider.cancelSubscription(sub.ref);
    expect(fake.get(sub.ref)).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });
  });

  it('reads the period end of older API versions and bills without trial at once', async () => {
    const legacyProvider = createStripePaymentProvider(stripeClientFor(legacy));
    const sub = await legacyProvider.createSubscription({
      user: payer(),
      providerPriceId: 'price_month',
      interval: 'month',
      paymentMethod: 'pm_card_visa',
      trialDays: 0,
      idempotencyKey: newKey(),
    });
    expect(sub).toMatchObject({ status: 'active', trialEnd: null, cancelAtPeriodEnd: false });
    expect(sub.currentPeriodEnd.getTime()).toBe(Number(legacy.get(sub.ref)!.current_period_end) * 1000);
  });

  it('turns card declines and unknown or foreign payment methods into PaymentError', async () => {
    const subscribe = (paymentMethod: string, user = payer(), trialDays = 30) =>
      provider.createSubscription({
        user,
        providerPriceId: 'price_month',
        interval: 'month',
        paymentMethod,
        trialDays,
        idempotencyKey: newKey(),
      });
    await expect(subscribe('pm_card_chargeDeclined')).rejects.toEqual(
      new PaymentError(CommerceMessages.paymentDeclined, 'card_declined'),
    );
    await expect(subscribe('pm_card_chargeDeclinedInsufficientFunds')).rejects.toThrow(
      CommerceMessages.insufficientFunds,
    );
    await expect(subscribe('pm_card_chargeCustomerFail', payer(), 0)).rejects.toThrow(CommerceMessages.paymentDeclined);
    await expect(subscribe('pm_does_not_exist')).rejects.toThrow(CommerceMessages.unknownPaymentMethod);
    const owner = await subscribe('pm_card_visa');
    const ownersCard = String(fake.get(owner.ref)!.default_payment_method);
    await expect(subscribe(ownersCard)).rejects.toThrow(CommerceMessages.unknownPaymentMethod);
  });
});
