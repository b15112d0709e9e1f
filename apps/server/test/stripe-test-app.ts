import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { Api } from '@tarab/contracts';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createStripeClient } from '../src/modules/commerce/stripe-payment-provider.js';
import { seedPlans } from '../src/seed/plans.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import { callRoute, type RouteAnswer } from './call-route.js';
import { bearer, makeSession, makeUser } from './factories.js';
import { startFakeStripe, type FakeStripe, type StripeObject } from './fake-stripe.js';
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

function defineTestPrices(fake: FakeStripe): void {
  for (const [id, unitAmount, interval] of STRIPE_TEST_PRICES) fake.definePrice(id, { unitAmount, interval });
}

/** The real SDK pointed at the fake Stripe API, as the app's `stripe` driver is. */
export const stripeClientFor = (fake: FakeStripe): Stripe =>
  createStripeClient({ stripeSecretKey: fake.secretKey, stripeApiUrl: fake.url });

/** How a webhook delivery is signed and what it carries; by default as Stripe sends it. */
export interface Delivery {
  /** Sign with this secret instead of the app's. */
  secret?: string;
  /** The signature's time in seconds (default: now). */
  timestamp?: number;
  /** Post this body instead of the event that was signed. */
  body?: string;
  /** Send this `Stripe-Signature` header as it is (`null`: none). */
  signature?: string | null;
}

export interface StripeTestApp {
  app: FastifyInstance;
  database: Database;
  stripe: Stripe;
  /** The fake Stripe API the app talks to. */
  fake: FakeStripe;
  /** A user with a confirmed email (the free trial needs one, issue #17) and a session; `auth` sends it. */
  newUser(): Promise<{ user: Awaited<ReturnType<typeof makeUser>>; auth: Record<string, string> }>;
  /** Signs the event like Stripe (`Stripe-Signature: t=…,v1=…`) and posts its raw JSON to the webhook route. */
  sendEvent(event: StripeObject, delivery?: Delivery): Promise<RouteAnswer<typeof Api.commerce.stripeWebhook>>;
  close(): Promise<void>;
}

interface StripeTestAppOptions {
  /** The app's clock (rate-limit windows, retries of duplicate subscriptions): tests move it. */
  now?: () => number;
}

/**
 * A fake Stripe API with the plan prices (`defineTestPrices`) and the real application on it (see
 * `buildStripeTestApp`); `close` stops both.
 */
export async function startStripeTestApp(options: StripeTestAppOptions = {}): Promise<StripeTestApp> {
  const fake = await startFakeStripe();
  try {
    defineTestPrices(fake);
    const t = await buildStripeTestApp(fake, options);
    return {
      ...t,
      close: async () => {
        await t.close();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/**
 * The real application with the `stripe` driver chosen by configuration, pointed at a fake Stripe API
 * (which the caller starts and stops).
 */
export async function buildStripeTestApp(fake: FakeStripe, options: StripeTestAppOptions = {}): Promise<StripeTestApp> {
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
  const stripe = stripeClientFor(fake);
  const app = await buildApp({ config, database, storage, ...(options.now ? { now: options.now } : {}) });
  await app.ready();
  return {
    app,
    database,
    stripe,
    fake,
    newUser: async () => {
      const user = await makeUser(database, { emailVerified: true });
      return { user, auth: bearer(await makeSession(database, user.id)) };
    },
    sendEvent: (event, delivery = {}) => {
      const payload = JSON.stringify(event);
      const signature =
        delivery.signature === undefined
          ? stripe.webhooks.generateTestHeaderString({
              payload,
              secret: delivery.secret ?? WEBHOOK_SECRET,
              ...(delivery.timestamp ? { timestamp: delivery.timestamp } : {}),
            })
          : delivery.signature;
      return callRoute(app, Api.commerce.stripeWebhook, {
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
        payload: delivery.body ?? payload,
      });
    },
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
