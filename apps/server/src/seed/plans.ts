import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { planPrices, plans } from '../db/schema/index.js';

/**
 * The plans of spec section 9. Prices in cents; yearly prices are the "billed yearly" totals (the
 * spec's US$5.99 and US$11.99 a month), monthly prices are what paying month by month really costs, so
 * that "Save up to 60%" is exactly true for the best plan (issue 32: 14.99 × 12 against 71.88 saves
 * 60.04 %; `plans.test.ts` keeps every "save up to" text equal to the data).
 */
export const planCatalog = [
  {
    code: 'creator',
    name: 'Creator',
    description: 'For creators publishing on one channel.',
    features: ['1 channel', 'Unlimited downloads of music and loops', 'Royalty-free licence for online use'],
    sort: 1,
    prices: [
      { code: 'creator_month', amountCents: 1499, interval: 'month' as const },
      { code: 'creator_year', amountCents: 7188, interval: 'year' as const },
    ],
  },
  {
    code: 'pro',
    name: 'Pro',
    description: 'For professionals and small teams.',
    features: [
      '3 channels',
      '50k voiceover credits per month',
      '3 voice replicas',
      'Unlimited downloads of music and loops',
    ],
    sort: 2,
    prices: [
      { code: 'pro_month', amountCents: 2999, interval: 'month' as const },
      { code: 'pro_year', amountCents: 14388, interval: 'year' as const },
    ],
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    description: 'Request a quote: custom licensing for agencies, studios and broadcasters.',
    features: ['Unlimited channels', 'Custom licence terms', 'Dedicated support'],
    sort: 3,
    prices: [],
  },
] as const;

/**
 * The plans' features the store does not deliver yet (there are no channels and no AI voice features):
 * listed with the spec's own wording but sent as `coming_soon`, so a page shows them as "Coming soon",
 * never as included. Remove a feature from here when it is built.
 */
export const comingSoonFeatures: ReadonlySet<string> = new Set([
  '1 channel',
  '3 channels',
  'Unlimited channels',
  '50k voiceover credits per month',
  '3 voice replicas',
]);

/**
 * Inserts the plans and prices that are missing. Existing rows keep their texts; the amount of a local
 * price (no `provider_price_id`: the demo's `local` driver) follows the catalog, so a started data
 * folder gets new prices on its next start. A price linked to the provider keeps its amount, which
 * must match the provider's price (docs/operations.md). Idempotent.
 */
export async function seedPlans(tx: DbOrTx): Promise<void> {
  for (const plan of planCatalog) {
    const [row] = await tx
      .insert(plans)
      .values({
        code: plan.code,
        name: plan.name,
        description: plan.description,
        features: [...plan.features],
        sort: plan.sort,
      })
      .onConflictDoUpdate({ target: plans.code, set: { code: sql`excluded.code` } })
      .returning({ id: plans.id });
    if (!row) continue;
    for (const price of plan.prices) {
      await tx
        .insert(planPrices)
        .values({ planId: row.id, code: price.code, amountCents: price.amountCents, interval: price.interval })
        .onConflictDoNothing({ target: planPrices.code });
      await tx
        .update(planPrices)
        .set({ amountCents: price.amountCents })
        .where(
          and(
            eq(planPrices.code, price.code),
            isNull(planPrices.providerPriceId),
            ne(planPrices.amountCents, price.amountCents),
          ),
        );
    }
  }
}
