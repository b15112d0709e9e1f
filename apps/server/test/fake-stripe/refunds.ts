import type { Route } from './server.js';
import { copy, newId, now, type StripeObject, type StripeState } from './state.js';
import { integer, invalid, metadataOf, StripeApiError, text, type FormObject } from './wire.js';

/** Refunds (partial ones too, with metadata) and disputes of a charge. */
export function refundApi({ store, put, find, listOf }: StripeState) {
  function refundCharge(charge: StripeObject, amount?: number) {
    const refunded = Math.min(
      Number(charge.amount),
      Number(charge.amount_refunded) + (amount ?? Number(charge.amount)),
    );
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= Number(charge.amount) });
    return copy(charge);
  }

  /**
   * `POST /v1/refunds` (payment_intent or charge; the whole remaining amount unless `amount`): the
   * charge is refunded and a `refund` object stored. A fully refunded charge answers 400
   * `charge_already_refunded`, as Stripe does.
   */
  function createRefund(params: FormObject) {
    const intentId = text(params, 'payment_intent');
    const chargeId =
      text(params, 'charge') ??
      (intentId ? find(intentId, 'payment_intent', 'payment_intent').latest_charge : undefined);
    if (!chargeId) throw invalid('Must provide either `payment_intent` or `charge`.');
    const charge = find(String(chargeId), 'charge', 'charge');
    if (charge.status !== 'succeeded') throw invalid(`Charge ${String(charge.id)} has not succeeded.`, 'charge');
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (charge.refunded || left <= 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${String(charge.id)} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const amount = integer(params, 'amount') ?? left;
    if (amount > left) throw invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount.`, 'amount');
    refundCharge(charge, amount);
    return put({
      id: newId('re'),
      object: 'refund',
      created: now(),
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: text(params, 'reason') ?? null,
      metadata: metadataOf(params),
    });
  }

  /** `GET /v1/refunds?charge=…` (or `payment_intent=…`), newest first. */
  function listRefunds(params: FormObject) {
    const chargeId = text(params, 'charge');
    const intentId = text(params, 'payment_intent');
    const matches = [...store.values()]
      .filter(
        (o) =>
          o.object === 'refund' &&
          (chargeId === undefined || o.charge === chargeId) &&
          (intentId === undefined || o.payment_intent === intentId),
      )
      .sort((a, b) => Number(b.created) - Number(a.created));
    return listOf(matches, '/v1/refunds', integer(params, 'limit') ?? 10);
  }

  function disputeCharge(charge: StripeObject) {
    charge.disputed = true;
    return copy(
      put({
        id: newId('dp'),
        object: 'dispute',
        created: now(),
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
        livemode: false,
      }),
    );
  }

  const routes: Route[] = [
    ['POST', /^\/v1\/refunds$/, (_m, p) => createRefund(p)],
    ['GET', /^\/v1\/refunds$/, (_m, p) => listRefunds(p)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (m) => find(m[1]!, 'refund')],
  ];
  return { routes, refundCharge, disputeCharge };
}
