import type { ProductDto } from '@tarab/contracts';
import { paths } from '@/config/paths';

export type Interval = 'month' | 'year';

/** One subscribable price of a plan, as a card of the plans page. */
export type PlanPriceCard = {
  priceId: string;
  planId: number;
  name: string;
  description: string;
  features: readonly string[];
  /** The features not built yet: shown as "Coming soon". */
  comingSoon: readonly string[];
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
      comingSoon: product.coming_soon,
      amount: price.unit_amount,
      currency: price.currency,
      interval: price.recurring.interval,
      intervalCount: price.recurring.interval_count,
    })),
  );
  return cards.sort((a, b) => a.amount - b.amount || a.planId - b.planId);
}

/** What the pricing page shows for one plan at one billing interval. */
export type PlanOffer = {
  code: string;
  name: string;
  description: string;
  features: readonly string[];
  comingSoon: readonly string[];
  /** Per-month amount in cents; null when the plan is quoted (Enterprise). */
  monthly: number | null;
  /** The yearly total in cents, when billed yearly. */
  billedYearly: number | null;
  /** The price subscribed to at this interval (what "Start free trial" carries); null when quoted. */
  priceId: string | null;
};

/** Where Subscribe and "Start free trial" go: the checkout with the chosen price. */
export const checkoutHrefOf = (priceId: string) =>
  `${paths.stripeCheckout.getHref()}?price_id=${encodeURIComponent(priceId)}`;

export function toOffer(product: ProductDto, interval: Interval): PlanOffer {
  const yearly = product.prices.find((p) => p.recurring.interval === 'year');
  const monthly = product.prices.find((p) => p.recurring.interval === 'month');
  const base = {
    code: product.code,
    name: product.name,
    description: product.description,
    features: product.features,
    comingSoon: product.coming_soon,
  };
  const perYear = (price: typeof yearly & object) => ({
    ...base,
    monthly: Math.round(price.unit_amount / 12),
    billedYearly: price.unit_amount,
    priceId: price.id,
  });
  if (interval === 'year' && yearly) return perYear(yearly);
  if (monthly) return { ...base, monthly: monthly.unit_amount, billedYearly: null, priceId: monthly.id };
  if (yearly) return perYear(yearly);
  return { ...base, monthly: null, billedYearly: null, priceId: null };
}
