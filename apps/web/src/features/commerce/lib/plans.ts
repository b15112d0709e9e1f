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

/**
 * The spec's figures (§9), used while the products load or if the call fails: Creator
 * US$5.99/month billed yearly at 71.88; Pro US$11.99/month, yearly 143.88; Enterprise quoted.
 */
export const fallbackProducts: ProductDto[] = [
  {
    id: 1,
    code: 'creator',
    name: 'Creator',
    description: 'For creators publishing on one channel.',
    features: ['1 channel', 'Unlimited downloads of music and loops', 'Royalty-free licence for online use'],
    prices: [
      { id: 'creator_month', unit_amount: 599, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
      { id: 'creator_year', unit_amount: 7188, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
    ],
  },
  {
    id: 2,
    code: 'pro',
    name: 'Pro',
    description: 'For professionals and small teams.',
    features: [
      '3 channels',
      '50k voiceover credits per month',
      '3 voice replicas',
      'Unlimited downloads of music and loops',
    ],
    prices: [
      { id: 'pro_month', unit_amount: 1199, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
      { id: 'pro_year', unit_amount: 14388, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
    ],
  },
  {
    id: 3,
    code: 'enterprise',
    name: 'Enterprise',
    description: 'Request a quote: custom licensing for agencies, studios and broadcasters.',
    features: ['Unlimited channels', 'Custom licence terms', 'Dedicated support'],
    prices: [],
  },
];

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
