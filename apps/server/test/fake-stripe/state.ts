import { randomBytes } from 'node:crypto';
import type { TestCard } from './test-cards.js';
import { missing } from './wire.js';

/**
 * The Stripe fake's state, in memory: every object it made by id (customers, sessions, charges, …),
 * the prices a test defined, and the test card behind each attached payment method. The resource
 * modules (customers.ts, checkout.ts, …) share it.
 */
export interface StripeObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

export interface FakeStripeOptions {
  /** Also put current_period_start/end on the subscription itself, as API versions before 2025-03-31 did. */
  legacyPeriodFields?: boolean;
}

export const API_VERSION = '2026-10-28.endive';
export const now = () => Math.floor(Date.now() / 1000);
export const DAY = 86_400;
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const copy = <T>(value: T): T => structuredClone(value);

export type StripeState = ReturnType<typeof createStripeState>;

export function createStripeState(options: FakeStripeOptions) {
  const store = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const cards = new Map<string, TestCard>();

  const put = <T extends StripeObject>(object: T): T => {
    store.set(object.id, object);
    return object;
  };
  const find = (id: string, what: string, param?: string): StripeObject => {
    const found = store.get(id);
    if (!found) throw missing(what, id, param);
    return found;
  };
  const listOf = (data: StripeObject[], url: string, limit = 10) => ({
    object: 'list',
    data: data.slice(0, limit).map(copy),
    has_more: data.length > limit,
    url,
  });

  /** A copy of the object with `expand` paths (`payment_intent.latest_charge`, `customer`) replaced by objects. */
  function expanded(object: StripeObject, paths: string[]): StripeObject {
    const result = copy(object);
    for (const path of paths) {
      let node: Record<string, unknown> = result;
      for (const field of path.split('.')) {
        const ref = node[field];
        if (typeof ref === 'string' && store.has(ref)) node[field] = copy(store.get(ref)!);
        const next = node[field];
        if (!next || typeof next !== 'object') break;
        node = next as Record<string, unknown>;
      }
    }
    return result;
  }

  return { options, store, prices, cards, put, find, listOf, expanded };
}
