import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { parseQueryString } from './lib/query-string.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { commerceRoutes } from './modules/commerce/commerce.routes.js';
import { createLocalPaymentProvider } from './modules/commerce/local-payment-provider.js';
import { localPaymentRoutes } from './modules/commerce/local-payments.routes.js';
import type { PaymentProvider } from './modules/commerce/payment-provider.js';
import { createStripeClient, createStripePaymentProvider } from './modules/commerce/stripe-payment-provider.js';
import { stripeWebhookRoutes } from './modules/commerce/stripe-webhook.routes.js';
import { downloadRoutes } from './modules/downloads/downloads.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.js';
import { registerMedia } from './plugins/media.js';
import { registerSpa } from './plugins/spa.js';
import type { Storage } from './storage/storage.js';
import { createCatalogEvents } from './lib/catalog-events.js';
import { startIngestWorker } from './modules/ingest/ingest-worker.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  /** Overrides the payment driver chosen by config (tests). */
  paymentProvider?: PaymentProvider;
}

/** Builds the whole HTTP application from its dependencies. No listen, no globals: tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    frameworkErrors: frameworkErrorHandler,
    routerOptions: {
      querystringParser: parseQueryString,
      // Signed download tokens are long path parameters; longer ones answer 414 in the one error shape.
      maxParamLength: 500,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurity(app, {
    hsts: config.publicUrl?.startsWith('https://') ?? false,
    google: Boolean(config.google.clientId),
  });

  await registerOpenApi(app);
  await registerAuth(app, database);
  await app.register(healthRoutes(database));
  await app.register(authRoutes(database, config));
  const catalogEvents = createCatalogEvents();
  await app.register(catalogRoutes(database, catalogEvents));
  await app.register(libraryRoutes(database));
  const stripe = config.payments.driver === 'stripe' ? createStripeClient(config.payments) : null;
  const provider =
    deps.paymentProvider ??
    (stripe
      ? createStripePaymentProvider(stripe, {
          publishableKey: config.payments.stripePublishableKey,
          publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
        })
      : createLocalPaymentProvider(database.db));
  await app.register(commerceRoutes({ db: database.db, provider }));
  if (stripe) {
    await app.register(
      stripeWebhookRoutes({ db: database.db, provider, stripe, webhookSecret: config.payments.stripeWebhookSecret }),
    );
  }
  if (provider.name === 'local') await app.register(localPaymentRoutes(database.db));
  if (!config.secretKey) throw new Error('config.secretKey is required (bootstrap creates one in DATA_DIR/secret.key)');
  await app.register(downloadRoutes({ db: database.db, storage, secret: config.secretKey }));
  await app.register(analyticsRoutes(database.db));
  const ingestContext = { db: database.db, storage, events: catalogEvents, log: app.log };
  const worker =
    config.ingest.workers > 0 ? startIngestWorker(ingestContext, { concurrency: config.ingest.workers }) : null;
  // Stop claiming uploads and let the ones in progress finish before the database closes.
  if (worker) app.addHook('onClose', () => worker.stop());
  await app.register(ingestRoutes({ ...ingestContext, worker, maxUploadBytes: config.ingest.maxUploadBytes }));
  await app.register(seoRoutes(database.db, config));
  await registerMedia(app, storage);
  await registerSpa(app, config.webDist);

  return app;
}
