import type { ProductDto } from '@tarab/contracts';

export type Interval = 'month' | 'year';

/** One subscribable price of a plan, as a card of the plans page. */
export type PlanPriceCard = {
  priceId: string;
  planId: number;
  name: string;
  description: string;
  features: readonly string[];
  /** Cents. */
  amount: number;
  currency: string;
  interval: Interval;
  intervalCount: number;
};

/** Every (plan, price) pair, cheapest first (spec §2: "plans sorted by ascending price"). */
export function toPriceCards(products: readonly ProductDto[]): PlanPriceCard[] {
  const cards = products.flatMap((product) =>
    product.prices.map((price) => ({
      priceId: price.id,
      planId: product.id,
      name: product.name,
      description: product.description,
      features: product.features,
      amount: price.unit_amount,
      currency: price.currency,
      interval: price.recurring.interval,
      intervalCount: price.recurring.interval_count,
    })),
  );
  return cards.sort((a, b) => a.amount - b.amount || a.planId - b.planId);
}

export const intervalLabel = (interval: string, count = 1): string =>
  count > 1 ? `every ${count} ${interval}s` : `per ${interval}`;

/** What the pricing page shows for one plan at one billing interval. */
export type PlanOffer = {
  code: string;
  name: string;
  description: string;
  features: readonly string[];
  /** Per-month amount in cents; null when the plan is quoted (Enterprise). */
  monthly: number | null;
  /** The yearly total in cents, when billed yearly. */
  billedYearly: number | null;
};

export function toOffer(product: ProductDto, interval: Interval): PlanOffer {
  const yearly = product.prices.find((p) => p.recurring.interval === 'year');
  const monthly = product.prices.find((p) => p.recurring.interval === 'month');
  const base = { code: product.code, name: product.name, description: product.description, features: product.features };
  if (interval === 'year' && yearly) {
    return { ...base, monthly: Math.round(yearly.unit_amount / 12), billedYearly: yearly.unit_amount };
  }
  if (monthly) return { ...base, monthly: monthly.unit_amount, billedYearly: null };
  if (yearly) return { ...base, monthly: Math.round(yearly.unit_amount / 12), billedYearly: yearly.unit_amount };
  return { ...base, monthly: null, billedYearly: null };
}
