import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestYearlySavingPercent } from '@tarab/contracts';
import type { Database } from '../db/client.js';
import { planPrices } from '../db/schema/index.js';
import { createTestDatabase } from '../../test/test-database.js';
import { comingSoonFeatures, planCatalog, seedPlans } from './plans.js';

type CatalogPrice = { code: string; amountCents: number; interval: 'month' | 'year' };
const catalogPrices: readonly CatalogPrice[] = planCatalog.flatMap((plan): readonly CatalogPrice[] => plan.prices);
const priceOf = (code: string) => catalogPrices.find((price) => price.code === code)?.amountCents;

/** The catalog as the products route sends it (the shape the pricing page computes from). */
const asProducts = () =>
  planCatalog.map((plan) => ({
    prices: plan.prices.map((price) => ({
      id: price.code,
      unit_amount: price.amountCents,
      currency: 'usd',
      recurring: { interval: price.interval, interval_count: 1 },
    })),
  }));

describe('plan catalog (spec §9, issue 32: honest pricing)', () => {
  it('keeps the spec yearly prices and charges real monthly prices', () => {
    expect(priceOf('creator_year')).toBe(7188);
    expect(priceOf('pro_year')).toBe(14388);
    expect(priceOf('creator_month')).toBe(1499);
    expect(priceOf('pro_month')).toBe(2999);
    // Billed yearly is cheaper per month than paying monthly, for every plan.
    for (const plan of planCatalog) {
      const month = plan.prices.find((p) => p.interval === 'month');
      const year = plan.prices.find((p) => p.interval === 'year');
      if (month && year) expect(year.amountCents / 12).toBeLessThan(month.amountCents);
    }
  });

  it('makes "Save up to 60%" exactly true for the best plan, and every such text agrees with the data', () => {
    const best = bestYearlySavingPercent(asProducts());
    expect(best).toBe(60);
    const en = JSON.parse(
      fs.readFileSync(fileURLToPath(new URL('../../../web/src/lang/en.json', import.meta.url)), 'utf8'),
    ) as Record<string, { defaultMessage: string }>;
    const claims = Object.entries(en).flatMap(([id, { defaultMessage }]) =>
      [...defaultMessage.matchAll(/save up to (\d+)\s*%/gi)].map((m) => [id, Number(m[1])] as const),
    );
    expect(claims.length).toBeGreaterThan(0);
    for (const [id, percent] of claims) expect([id, percent]).toEqual([id, best]);
    // The same texts in Arabic say the same number.
    const ar = JSON.parse(
      fs.readFileSync(fileURLToPath(new URL('../../../web/src/lang/ar.json', import.meta.url)), 'utf8'),
    ) as Record<string, { defaultMessage: string }>;
    for (const [id] of claims) {
      const percents = [...(ar[id]?.defaultMessage ?? '').matchAll(/(\d+)\s*[%٪]/g)].map((m) => Number(m[1]));
      expect([id, percents]).toEqual([id, [best]]);
    }
  });

  it('marks the features that are not built yet as coming soon, and only features the plans list', () => {
    const listed = new Set<string>(planCatalog.flatMap((plan) => [...plan.features]));
    for (const feature of comingSoonFeatures) expect(listed.has(feature)).toBe(true);
    expect(comingSoonFeatures.has('50k voiceover credits per month')).toBe(true);
    expect(comingSoonFeatures.has('3 voice replicas')).toBe(true);
    expect(comingSoonFeatures.has('Unlimited downloads of music and loops')).toBe(false);
  });
});

describe('seedPlans on a started data folder', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('brings local prices to the catalog on the next start, and leaves prices linked to the provider alone', async () => {
    await seedPlans(database.db);
    // A data folder started before issue 32: monthly at yearly ÷ 12, one price linked to Stripe.
    await database.db.update(planPrices).set({ amountCents: 599 }).where(eq(planPrices.code, 'creator_month'));
    await database.db
      .update(planPrices)
      .set({ amountCents: 1199, providerPriceId: 'price_live_pro_month' })
      .where(eq(planPrices.code, 'pro_month'));

    await seedPlans(database.db);
    await seedPlans(database.db);

    const rows = await database.db
      .select({ code: planPrices.code, amount: planPrices.amountCents, provider: planPrices.providerPriceId })
      .from(planPrices);
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(rows).toHaveLength(4);
    expect(byCode.creator_month).toEqual({ code: 'creator_month', amount: 1499, provider: null });
    expect(byCode.creator_year).toEqual({ code: 'creator_year', amount: 7188, provider: null });
    expect(byCode.pro_year).toEqual({ code: 'pro_year', amount: 14388, provider: null });
    expect(byCode.pro_month).toEqual({ code: 'pro_month', amount: 1199, provider: 'price_live_pro_month' });
  });
});
