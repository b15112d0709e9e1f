import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { localPaymentSessions } from '../../db/schema/index.js';
import type {
  CheckoutInput,
  PayingUser,
  PaymentProvider,
  ProviderCheckoutState,
  ProviderSubscription,
  SubscriptionInput,
} from './payment-provider.js';
import { PaymentError } from './payment-provider.js';

const token = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const DAY = 24 * 3600 * 1000;
const checkoutUrl = (id: string) => `/checkout/local/${id}`;

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
      await db.insert(localPaymentSessions).values({
        id,
        kind: 'checkout',
        userId: input.user.id,
        trackId: input.trackId,
        title: input.title,
        amountCents: input.amountCents,
        currency: input.currency,
      });
      return { id, url: checkoutUrl(id) };
    },

    async getCheckout(id: string): Promise<ProviderCheckoutState | null> {
      const [row] = await db
        .select()
        .from(localPaymentSessions)
        .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.kind, 'checkout')));
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
    },

    async createSetupIntent(user: PayingUser) {
      const id = token('seti');
      await db.insert(localPaymentSessions).values({ id, kind: 'setup', userId: user.id });
      return { clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}` };
    },

    async createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
      const [setup] = await db
        .select()
        .from(localPaymentSessions)
        .where(
          and(
            eq(localPaymentSessions.paymentMethod, input.paymentMethod),
            eq(localPaymentSessions.userId, input.user.id),
            eq(localPaymentSessions.status, 'complete'),
          ),
        );
      if (!setup) throw new PaymentError('The payment method is invalid.', 'invalid_payment_method');
      const now = Date.now();
      const trialEnd = input.trialDays > 0 ? new Date(now + input.trialDays * DAY) : null;
      const periodDays = input.interval === 'year' ? 365 : 30;
      return {
        ref: token('sub'),
        status: trialEnd ? 'trialing' : 'active',
        currentPeriodEnd: trialEnd ?? new Date(now + periodDays * DAY),
        trialEnd,
        cancelAtPeriodEnd: false,
      };
    },

    async cancelSubscription(): Promise<void> {
      // The local driver keeps no subscription state of its own: the service updates the row.
    },
  };
}
