import { randomBytes } from 'node:crypto';
import { CommerceMessages } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './local-payments.repo.js';
import type {
  CheckoutInput,
  PayingUser,
  PaymentProvider,
  ProviderCheckoutState,
  ProviderSubscription,
  RefundPart,
  SubscriptionInput,
} from './payment-provider.js';
import { PaymentError } from './payment-provider.js';

const token = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const DAY = 24 * 3600 * 1000;
const checkoutUrl = (id: string) => `/checkout/local/${id}`;
const invalidPaymentMethod = () => new PaymentError(CommerceMessages.unknownPaymentMethod, 'invalid_payment_method');

const toProviderSubscription = (row: repo.LocalSubscriptionRow): ProviderSubscription => ({
  ref: row.id,
  status: row.status,
  currentPeriodEnd: row.currentPeriodEnd,
  trialEnd: row.trialEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
});

/** A checkout session as the provider knows it. */
async function readCheckout(db: DbOrTx, id: string): Promise<ProviderCheckoutState | null> {
  const row = await repo.findSession(db, id, 'checkout');
  if (!row) return null;
  const status = row.status === 'complete' ? 'paid' : row.status === 'expired' ? 'expired' : 'open';
  return {
    id: row.id,
    status,
    url: status === 'open' ? checkoutUrl(row.id) : null,
    amountCents: row.amountCents ?? 0,
    currency: row.currency,
    paymentMethod: row.cardBrand ? 'card' : null,
    receiptUrl: null,
  };
}

/**
 * The default, offline payment driver: checkout and card setup happen on our own test-mode
 * pages (/checkout/local/:id and /stripe-checkout), with Stripe's test card numbers.
 */
export function createLocalPaymentProvider(db: DbOrTx): PaymentProvider {
  return {
    name: 'local',
    publishableKey: null,

    async createCheckout(input: CheckoutInput) {
      const id = token('cs');
      await repo.insertSession(db, {
        id,
        kind: 'checkout',
        userId: input.user.id,
        trackId: input.trackId,
        title: input.title,
        amountCents: input.amountCents,
        currency: input.currency,
        // As Stripe does with success_url: the session id is filled in, and the page goes there once paid.
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)),
        lineItems: input.lineItems ?? null,
      });
      return { id, url: checkoutUrl(id) };
    },

    async expireCheckout(id: string) {
      await repo.expireOpenCheckout(db, id);
      return readCheckout(db, id);
    },

    getCheckout: (id: string) => readCheckout(db, id),

    async createSetupIntent(user: PayingUser) {
      const id = token('seti');
      await repo.insertSession(db, { id, kind: 'setup', userId: user.id });
      return { clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}` };
    },

    async describePaymentMethod(user: PayingUser, paymentMethod: string) {
      const setup = await repo.findCompletedSetup(db, user.id, paymentMethod);
      if (!setup) throw invalidPaymentMethod();
      return { cardFingerprint: setup.cardFingerprint };
    },

    async createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
      const setup = await repo.findCompletedSetup(db, input.user.id, input.paymentMethod);
      if (!setup) throw invalidPaymentMethod();
      const now = Date.now();
      const trialEnd = input.trialDays > 0 ? new Date(now + input.trialDays * DAY) : null;
      const periodDays = input.interval === 'year' ? 365 : 30;
      // Like a provider honouring an idempotency key: a repeated create answers the first subscription.
      const row = await repo.insertSubscriptionOnce(db, {
        id: token('sub'),
        userId: input.user.id,
        idempotencyKey: input.idempotencyKey,
        providerPriceId: input.providerPriceId,
        paymentMethod: input.paymentMethod,
        status: trialEnd ? 'trialing' : 'active',
        currentPeriodEnd: trialEnd ?? new Date(now + periodDays * DAY),
        trialEnd,
      });
      if (!row) throw new Error('The local subscription was not stored');
      return toProviderSubscription(row);
    },

    // The local driver takes subscription cards on our own form (/stripe-checkout), not on a hosted page.
    createSubscriptionCheckout: async () => null,
    getSubscriptionCheckout: async () => null,
    expireSubscriptionCheckout: async () => null,
    // Test mode moves no money: a local subscription has no payment to give back.
    refundLatestPayment: async () => undefined,

    // Only a hosted checkout's trial is ever ended (a card that had its trial); the local driver has none.
    endTrialNow: async () => {
      throw new Error('The local payment driver has no hosted subscription checkout');
    },

    async cancelSubscription(ref: string): Promise<void> {
      await repo.updateSubscription(db, ref, { cancelAtPeriodEnd: true });
    },

    async endSubscriptionNow(ref: string): Promise<void> {
      await repo.updateSubscription(db, ref, { status: 'canceled' });
    },

    // Test mode: the "provider" records a full refund on its session, once (a repeat changes nothing);
    // a partial one (a line of a cart) moves no money and leaves the session as it is.
    async refundCheckout(checkoutId: string, _idempotencyKey: string, part?: RefundPart): Promise<void> {
      const row = await repo.findSession(db, checkoutId, 'checkout');
      if (row?.status !== 'complete') throw new Error(`local checkout ${checkoutId} was not paid`);
      if (part) return;
      await repo.markCheckoutRefunded(db, checkoutId);
    },
  };
}
