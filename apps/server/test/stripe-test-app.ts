import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createStripeClient } from '../src/modules/commerce/stripe-payment-provider.js';
import { seedPlans } from '../src/seed/plans.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import type { FakeStripe } from './fake-stripe.js';
import { createTestDatabase } from './test-database.js';

export const WEBHOOK_SECRET = 'whsec_test_tarab_0123456789abcdef';
export const PUBLIC_URL = 'https://tarab.test';

/** The plan prices as they are defined at the (fake) Stripe: `price_<our code>`. */
const STRIPE_TEST_PRICES = [
  ['price_creator_month', 1499, 'month'],
  ['price_creator_year', 7188, 'year'],
  ['price_pro_month', 2999, 'month'],
  ['price_pro_year', 14388, 'year'],
] as const;

export function defineTestPrices(fake: FakeStripe): void {
  for (const [id, unitAmount, interval] of STRIPE_TEST_PRICES) fake.definePrice(id, { unitAmount, interval });
}

export interface StripeTestApp {
  app: FastifyInstance;
  database: Database;
  stripe: Stripe;
  close(): Promise<void>;
}

/**
 * The real application with the `stripe` driver chosen by configuration, pointed at a fake Stripe API.
 * `now` is the app's clock (rate-limit windows, retries of duplicate subscriptions): tests move it.
 */
export async function buildStripeTestApp(
  fake: FakeStripe,
  options: { now?: () => number } = {},
): Promise<StripeTestApp> {
  const database = await createTestDatabase();
  await seedPlans(database.db);
  await database.db.execute(sql`update plan_prices set provider_price_id = 'price_' || code`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-stripe-'));
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  const config = testConfig({
    dataDir,
    publicUrl: PUBLIC_URL,
    payments: {
      driver: 'stripe',
      stripeSecretKey: fake.secretKey,
      stripePublishableKey: 'pk_test_tarab',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: fake.url,
    },
  });
  // buildApp wires the stripe driver and the webhook route from config, as in production;
  // the test keeps its own SDK client for signing payloads and reading the fake's state.
  const stripe = createStripeClient(config.payments);
  const app = await buildApp({ config, database, storage, ...(options.now ? { now: options.now } : {}) });
  await app.ready();
  return {
    app,
    database,
    stripe,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
