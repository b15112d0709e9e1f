import { randomBytes } from 'node:crypto';
import type { Route } from './server.js';
import { newId, now, type StripeObject, type StripeState } from './state.js';
import { fingerprintOf, TEST_PAYMENT_METHODS, type TestCard } from './test-cards.js';
import { declined, invalid, list, metadataOf, text, type FormObject } from './wire.js';

/**
 * Payment methods and setup intents. A test token (`pm_card_visa`, test-cards.ts) attaches as a new
 * payment method of its own, declined at attach time when its card says so, as Stripe checks the card then.
 */
export function paymentMethodApi({ cards, put, find, expanded }: StripeState) {
  const cardObject = (id: string, card: TestCard, customer: string | null): StripeObject => ({
    id,
    object: 'payment_method',
    type: 'card',
    created: now(),
    customer,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 5,
      funding: 'credit',
      country: 'US',
      fingerprint: fingerprintOf(card.number),
    },
    billing_details: { email: null, name: null },
    metadata: {},
    livemode: false,
  });

  function retrievePaymentMethod(id: string, params: FormObject) {
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) return cardObject(id, testCard, null);
    return expanded(find(id, 'PaymentMethod'), list(params.expand));
  }

  function attachPaymentMethod(id: string, params: FormObject) {
    const customerId = text(params, 'customer');
    if (!customerId) throw invalid('Missing required param: customer.', 'customer');
    find(customerId, 'customer', 'customer');
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) {
      if (testCard.attach !== 'ok') throw declined(testCard.attach);
      // Like Stripe, a test token attaches as a new payment method of its own.
      const method = put(cardObject(newId('pm'), testCard, customerId));
      cards.set(method.id, testCard);
      return method;
    }
    const method = find(id, 'PaymentMethod');
    if (method.customer && method.customer !== customerId) {
      throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    }
    method.customer = customerId;
    return method;
  }

  function createSetupIntent(params: FormObject) {
    const customer = text(params, 'customer');
    if (customer) find(customer, 'customer', 'customer');
    const id = newId('seti');
    return put({
      id,
      object: 'setup_intent',
      created: now(),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: customer ?? null,
      usage: text(params, 'usage') ?? 'off_session',
      status: 'requires_payment_method',
      payment_method: null,
      metadata: metadataOf(params),
      livemode: false,
    });
  }

  const routes: Route[] = [
    ['POST', /^\/v1\/setup_intents$/, (_m, p) => createSetupIntent(p)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (m, p) => retrievePaymentMethod(m[1]!, p)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (m, p) => attachPaymentMethod(m[1]!, p)],
  ];
  return { routes, attachPaymentMethod };
}
