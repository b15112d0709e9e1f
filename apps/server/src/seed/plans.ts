import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { planPrices, plans } from '../db/schema/index.js';

/** The plans of spec section 9. Prices in cents; yearly prices are the "billed yearly" totals. */
export const planCatalog = [
  {
    code: 'creator',
    name: 'Creator',
    description: 'For creators publishing on one channel.',
    features: ['1 channel', 'Unlimited downloads of music and loops', 'Royalty-free licence for online use'],
    sort: 1,
    prices: [
      { code: 'creator_month', amountCents: 599, interval: 'month' as const },
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
      { code: 'pro_month', amountCents: 1199, interval: 'month' as const },
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

/** Inserts the plans and prices that are missing; never changes existing rows. Idempotent. */
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
    }
  }
}
