import fastifyCors from '@fastify/cors';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, isHttpsUrl, type Config } from './config.js';
import type { Database } from './db/client.js';
import { parseQueryString } from './lib/query-string.js';
import { answerClientError } from './lib/client-error.js';
import { guardRequestTarget } from './lib/request-target.js';
import { redactedLogPaths, serializeError, serializeRequest } from './lib/log-redaction.js';
import { createCounterStore, registerRateLimits } from './lib/rate-limit.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { statementRoutes } from './modules/statements/statements.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { accountRoutes } from './modules/auth/account.routes.js';
import type { AccountContext } from './modules/auth/account.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createCommerceNotices, trialReminders, type TrialReminders } from './modules/notices/notices.service.js';
import { sessionJanitor } from './modules/auth/auth.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { artistProfileRoutes } from './modules/catalog/artist-profile.routes.js';
import { commerceRoutes } from './modules/commerce/commerce.routes.js';
import { cartRoutes } from './modules/commerce/cart.routes.js';
import { createLocalPaymentProvider } from './modules/commerce/local-payment-provider.js';
import { localPaymentRoutes } from './modules/commerce/local-payments.routes.js';
import type { PaymentProvider } from './modules/commerce/payment-provider.js';
import { createStripeClient, createStripePaymentProvider } from './modules/commerce/stripe-payment-provider.js';
import { stripeWebhookRoutes } from './modules/commerce/stripe-webhook.routes.js';
import { duplicateSubscriptionRetries } from './modules/commerce/duplicate-subscriptions.service.js';
import { Queues, startJobQueue } from './jobs/job-queue.js';
import { startStoreWorkers } from './jobs/store-jobs.js';
import { createMailOutbox, type MailOutbox } from './mail/outbox.js';
import { downloadRoutes } from './modules/downloads/downloads.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { libraryRoutes, sharedPlaylistRoutes } from './modules/library/library.routes.js';
import { seoPageHeads, seoRoutes } from './modules/seo/seo.routes.js';
import { siteConfigRoutes } from './modules/site/site.routes.js';
import { tuningRoutes } from './modules/tuning/tuning.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.js';
import { registerMedia } from './plugins/media.js';
import { registerSpa } from './plugins/spa.js';
import { recordRoutes } from './plugins/route-audit.js';
import type { Storage } from './storage/storage.js';
import { createCatalogEvents, createRedisCatalogEvents } from './lib/catalog-events.js';
import { startCountWarmer, type CountWarmer } from './modules/catalog/catalog-count-warmer.js';
import { closeRedis, connectRedis, redisReady } from './lib/redis.js';
import { startIngestWorker } from './modules/ingest/ingest-worker.js';
import { licenseRoutes } from './modules/licenses/licenses.routes.js';
import { createCertificateRenderer, type CertificateRenderer } from './modules/licenses/certificate-renderer.js';
import { mailQuoteNotice } from './modules/quotes/quote-notice.js';
import { quoteRoutes } from './modules/quotes/quotes.routes.js';
import { notifyPending, type QuoteNotifier, type QuotesContext } from './modules/quotes/quotes.service.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import type { IngestContext } from './modules/ingest/process-upload.js';
import { createDeliveryFiles } from './modules/downloads/delivery-files.js';
import { createConcurrencyLimit, createSharedConcurrencyLimit } from './lib/concurrency-limit.js';
import { createAudioPool, type AudioPool } from '@tarab/audio';
import { DeliveryFormats } from '@tarab/contracts';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  /** Overrides the payment driver chosen by config (tests). */
  paymentProvider?: PaymentProvider;
  /** The audio worker pool; without one the app makes its own (config.audio.workers threads) and closes it with itself. */
  audioPool?: AudioPool;
  /** The certificate renderer; without one the app makes its own and closes it with itself. */
  certificates?: CertificateRenderer;
  /** The clock of rate-limit windows and session cleanup (tests move it instead of sleeping). */
  now?: () => number;
  /** Where log lines go (stdout by default; tests read them). */
  logStream?: DestinationStream;
  /** Tells the operator about an Enterprise quote request (tests capture it); default: the mailer. */
  notifyQuote?: QuoteNotifier;
  /** Overrides the mailer chosen by config (SMTP_URL, else .eml files in DATA_DIR/mail). */
  mailer?: Mailer;
  /**
   * Whether this process runs the clock jobs (session cleanup, trial reminders, duplicate
   * subscriptions) when pg-boss's clock queues them; default true. Tests turn it off and call
   * `runOnce` with their own clock.
   */
  clockJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail (SMTP or .eml files): account messages, receipts, the operator's inbox (config.mail.operatorEmail). */
    mailer: Mailer;
    /**
     * Resolves once the mail outbox is empty and every mail the app's own mailer started was sent or
     * failed (tests await it before counting mail, which goes out from the queue).
     */
    mailSettled(): Promise<void>;
    /** The hourly "trial ends in 3 days" job (tests call runOnce with their clock). */
    trialReminders: TrialReminders;
    /** The mail outbox (mail queued in a transaction goes out once it commits). */
    outbox: MailOutbox;
  }
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
            redact: redactedLogPaths,
            // Request URLs without download tokens or session ids; errors without SQL parameters.
            serializers: { req: serializeRequest, err: (error) => serializeError(error) },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    frameworkErrors: frameworkErrorHandler,
    // Requests Node's parser refuses are answered in the one error shape as well.
    clientErrorHandler: answerClientError,
    // Before the router parses anything: over-long targets (414) and `/api` only once decoded (404) are refused.
    rewriteUrl: guardRequestTarget,
    routerOptions: {
      querystringParser: parseQueryString,
      // Signed download tokens are long path parameters; longer ones answer 414 in the one error shape.
      maxParamLength: 500,
    },
  }).withTypeProvider<ZodTypeProvider>();

  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, {
    corsOrigins: config.corsOrigins,
    hsts: isHttpsUrl(config.publicUrl),
    google: Boolean(config.google.clientId),
  });
  // Clients on the origins of CORS_ORIGINS may call the API with credentials; nobody else gets CORS headers.
  await app.register(fastifyCors, {
    origin: (origin, done) => done(null, origin !== undefined && config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Accept'],
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'Content-Length'],
    maxAge: 600,
  });

  await registerOpenApi(app);
  await registerAuth(app, database);
  // Redis (REDIS_URL) for what several processes must agree on: rate limits and catalog change notices.
  const redisError = (err: unknown) => app.log.warn({ err }, 'redis unavailable');
  const redis = config.redisUrl ? connectRedis(config.redisUrl, redisError) : null;
  if (redis) {
    app.addHook('onReady', async () => {
      await redisReady(redis).catch(redisError);
    });
    app.addHook('onClose', () => closeRedis(redis));
  }
  const counters = createCounterStore(
    config.rateLimits.store,
    deps.now,
    redis ? { client: redis, prefix: config.redisPrefix } : undefined,
  );
  await registerRateLimits(app, counters);
  const janitor = sessionJanitor(database.db, deps.now ? { now: deps.now } : {});
  app.addHook('onReady', async () => {
    await janitor.runOnce().catch((err: unknown) => app.log.warn({ err }, 'expired session cleanup failed'));
  });
  await app.register(healthRoutes(database, redis));
  // The durable job queue (pg-boss on this database, decision 067): the mail outbox and the clock jobs.
  const runsClock = config.jobWorkers && (deps.clockJobs ?? true);
  const jobs = await startJobQueue(database, app.log, { clock: runsClock });
  const outbox = createMailOutbox(jobs);
  app.decorate('outbox', outbox);
  const ownMailer = deps.mailer
    ? null
    : createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        mailDir: path.join(config.dataDir, 'mail'),
        log: app.log,
      });
  const mailer: Mailer = deps.mailer ?? ownMailer!;
  // Messages on their way are finished before the process (or a test's data folder) goes.
  if (ownMailer) app.addHook('onClose', () => ownMailer.drain());
  app.decorate('mailer', mailer);
  app.decorate('mailSettled', async () => {
    await jobs.drained(Queues.mail.name);
    await ownMailer?.settled();
  });
  const accountCtx: AccountContext = {
    db: database.db,
    outbox,
    links: { publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
    counters,
    now: deps.now ?? Date.now,
  };
  await app.register(authRoutes(database, config, counters, accountCtx));
  await app.register(accountRoutes(accountCtx, config));
  const catalogEvents = redis
    ? await createRedisCatalogEvents(redis, connectRedis(config.redisUrl!, redisError), config.redisPrefix, redisError)
    : createCatalogEvents();
  app.addHook('onClose', () => catalogEvents.close());
  await app.register(catalogRoutes(database, catalogEvents));
  await app.register(tuningRoutes(database.db));
  if (config.catalog.countWarm) {
    // Broad search words counted ahead (decision 042), starting once the server is ready.
    let warmer: CountWarmer | undefined;
    // Each warm run is reported at info level even when LOG_LEVEL is warn (one line per catalog change).
    const warmLog = app.log.child(
      { job: 'search-counts' },
      { level: config.logLevel === 'silent' ? 'silent' : 'info' },
    );
    app.addHook('onReady', async () => {
      warmer = startCountWarmer(database.db, {
        events: catalogEvents,
        onWarmed: (run) => warmLog.info(run, 'search counts warmed'),
        onError: (err) => app.log.warn({ err }, 'warming search counts failed'),
      });
    });
    app.addHook('onClose', async () => warmer?.close());
  }
  await app.register(libraryRoutes(database));
  await app.register(sharedPlaylistRoutes(database));
  const stripe = config.payments.driver === 'stripe' ? createStripeClient(config.payments) : null;
  const provider =
    deps.paymentProvider ??
    (stripe
      ? createStripePaymentProvider(stripe, {
          publishableKey: config.payments.stripePublishableKey,
          publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
        })
      : createLocalPaymentProvider(database.db));
  const notices = createCommerceNotices({ outbox, links: accountCtx.links });
  const reminders = trialReminders({
    db: database.db,
    outbox,
    links: accountCtx.links,
    ...(deps.now ? { now: deps.now } : {}),
  });
  app.decorate('trialReminders', reminders);
  const commerceCtx = { db: database.db, provider, notices, log: app.log, ...(deps.now ? { now: deps.now } : {}) };
  // Duplicate subscriptions not yet refunded and cancelled are retried every minute (back-off per row).
  const duplicateRetries = duplicateSubscriptionRetries(commerceCtx);
  app.decorate('duplicateSubscriptions', duplicateRetries);
  await startStoreWorkers(jobs, {
    mailer,
    jobs: { sessionJanitor: janitor, trialReminders: reminders, duplicateSubscriptions: duplicateRetries },
    mail: config.jobWorkers,
    clock: runsClock,
  });
  await app.register(commerceRoutes(commerceCtx, config.rateLimits.perMinute));
  await app.register(cartRoutes(commerceCtx, config.rateLimits.perMinute));
  if (stripe) {
    await app.register(
      stripeWebhookRoutes({
        ...commerceCtx,
        stripe,
        webhookSecret: config.payments.stripeWebhookSecret,
      }),
    );
  }
  if (!config.secretKey) throw new Error('config.secretKey is required (bootstrap creates one in DATA_DIR/secret.key)');
  if (provider.name === 'local') await app.register(localPaymentRoutes(database.db, config.secretKey));
  const audio =
    deps.audioPool ??
    createAudioPool({
      threads: config.audio.workers,
      onThreadError: (err) => app.log.error({ err }, 'an audio worker thread died'),
    });
  const delivery = createDeliveryFiles({ storage, audio, log: app.log });
  // Certificates and licence files link to PUBLIC_URL, else to the origin each request reached.
  const certificates = deps.certificates ?? createCertificateRenderer();
  if (!deps.certificates) app.addHook('onClose', () => certificates.close());
  const licensesContext = { db: database.db, publicUrl: config.publicUrl, certificates };
  await app.register(
    downloadRoutes(
      {
        db: database.db,
        storage,
        secret: config.secretKey,
        delivery,
        prepareWaitMs: config.downloads.prepareWaitMs,
        licenses: licensesContext,
        // With Redis the limit holds over every process; without it each process counts its own.
        perUser:
          config.rateLimits.store === 'redis'
            ? createSharedConcurrencyLimit(counters, config.downloads.perUser, 'downloads-in-progress')
            : createConcurrencyLimit(config.downloads.perUser),
      },
      config.rateLimits.perMinute.downloads,
    ),
  );
  await app.register(analyticsRoutes(database.db));
  await app.register(statementRoutes(database.db));
  await app.register(artistProfileRoutes(database.db, catalogEvents));
  await app.register(
    licenseRoutes(licensesContext, config.rateLimits.perMinute.verify, config.rateLimits.perMinute.downloads),
  );
  const ingestContext: IngestContext = {
    db: database.db,
    storage,
    audio,
    events: catalogEvents,
    log: app.log,
    // A new track's licensed files are made right away, so its first download streams at once.
    onTrackCreated: (audioKey) => void delivery.warm(audioKey, DeliveryFormats),
    moderation: config.moderation,
  };
  // Fastify runs onClose hooks in reverse order: the pool closes after the worker's jobs finish.
  if (!deps.audioPool) app.addHook('onClose', () => audio.close());
  const worker =
    config.ingest.workers > 0 ? startIngestWorker(ingestContext, { concurrency: config.ingest.workers }) : null;
  // Stop claiming uploads and let the ones in progress finish before the database closes.
  if (worker) app.addHook('onClose', () => worker.stop());
  await app.register(
    ingestRoutes({
      ...ingestContext,
      worker,
      maxUploadBytes: config.ingest.maxUploadBytes,
      quotaBytes: config.ingest.quotaBytes,
      uploadsPerHour: config.ingest.perHour,
    }),
  );
  const quotesContext: QuotesContext = {
    db: database.db,
    log: app.log,
    notify: deps.notifyQuote ?? mailQuoteNotice(mailer, config.mail.operatorEmail),
  };
  await app.register(quoteRoutes(quotesContext, config.rateLimits.perHour.quotes));
  app.addHook('onReady', async () => {
    await notifyPending(quotesContext).catch((err: unknown) => app.log.warn({ err }, 'quote notices not sent'));
  });
  await app.register(
    adminRoutes({
      db: database.db,
      provider,
      outbox,
      links: accountCtx.links,
      events: catalogEvents,
    }),
  );
  await app.register(siteConfigRoutes(config));
  await app.register(seoRoutes(database.db, config));
  await registerMedia(app, storage);
  await registerSpa(app, config.webDist, {
    publicUrl: config.publicUrl,
    pageHead: seoPageHeads(database.db, config),
  });

  // Registered last, so it runs first (Fastify runs onClose hooks in reverse order): the job queue
  // stops, and a mail under way is sent, before the mailer drains and the database closes.
  app.addHook('onClose', () => jobs.stop());
  return app;
}
