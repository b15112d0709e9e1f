import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is parsed once here and documented in
 * README.md ("Configuration"). Everything else receives a Config object.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Loopback by default: `npm start` is a local demo; a server opened to a network says so (decision 052).
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_CATALOG: z.enum(['full', 'small', 'none']).default('full'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// address')
    .optional(),
  TRUST_PROXY: z.string().default('false'),
  // The header's external shop pages (spec §1, §2; issue #32): unset, the store's own Enterprise and loops pages.
  SHOP_CUSTOM_MUSIC_URL: z
    .string()
    .url()
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// address')
    .optional(),
  SHOP_LOOPS_URL: z
    .string()
    .url()
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// address')
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  AUTH_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  AUTH_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  REGISTER_MAX_PER_WINDOW: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_STORE: z.enum(['memory', 'redis']).optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().min(1).max(50).default('tarab:'),
  SECRET_KEY: z.string().min(32).optional(),
  PAYMENTS: z.enum(['local', 'stripe']).optional(),
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(12).max(200).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_TOKENINFO_URL: z.string().url().default('https://oauth2.googleapis.com/tokeninfo'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_PREFIX: z.string().default(''),
  UPLOAD_MAX_MB: z.coerce.number().int().positive().max(2048).default(250),
  UPLOAD_QUOTA_GB: z.coerce.number().positive().max(100_000).default(10),
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().max(10_000).default(30),
  CATALOG_COUNT_WARM: z.enum(['on', 'off']).default('on'),
  JOB_WORKERS: z.enum(['on', 'off']).default('on'),
  MODERATION: z.enum(['on', 'off']).default('off'),
  INGEST_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
  AUDIO_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const o of origins) {
        let url: URL | undefined;
        try {
          url = new URL(o);
        } catch {
          url = undefined;
        }
        if (!url || url.origin !== o)
          ctx.addIssue({ code: 'custom', message: `${o} is not an origin like https://app.example` });
      }
      return origins;
    }),
  DOWNLOADS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  DOWNLOAD_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(4_000),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tarab <no-reply@tarab.local>'),
  OPERATOR_EMAIL: z.string().email().default('operator@tarab.local'),
});

export type TrustProxy = false | number | string[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  demoCatalog: 'full' | 'small' | 'none';
  /**
   * Demo accounts are wanted on this start: created with the demo catalog, and allowed in the database.
   * When false, a database holding any (`users.is_demo`) refuses to start (bootstrap; decision 052).
   */
  demoAccounts: boolean;
  /** Why demo accounts are not wanted (e.g. `PUBLIC_URL is https`), for the refusal's line; unset when wanted. */
  demoAccountsOff?: string | undefined;
  /**
   * The demo operator's password (DEMO_ADMIN_PASSWORD: tests and local use only, refused where demo
   * accounts are not wanted by default); unset: a random one, printed at the first start.
   */
  demoAdminPassword?: string | undefined;
  webDist: string;
  publicUrl: string | undefined;
  /**
   * Fastify's `trustProxy`: false (no proxy: the socket's address is the client), the number of
   * proxies in front (hops of X-Forwarded-For to trust), or the proxies' addresses and CIDRs.
   */
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  cookieSecure: boolean;
  /** Failed logins allowed per IP and per email within the window, and registrations per IP. */
  authRateLimit: { maxFailures: number; windowSeconds: number; registerMax: number };
  /**
   * Route limits (`@fastify/rate-limit`) and the login throttle share one counter store.
   * `perMinute`: requests per caller (user, else IP) per minute on costly or enumerable routes.
   * `perHour.quotes`: Enterprise quote requests per IP per hour (each one emails the operator).
   */
  /**
   * `countWarm`: count the broad search words' matches ahead, at start and after every catalog change,
   * so a visitor's first search for one does not wait for the count (decision 042).
   */
  catalog: { countWarm: boolean };
  /** Redis for what several processes share (rate limits, catalog change notices); optional. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (several stores, or test runs, on one Redis). */
  redisPrefix: string;
  rateLimits: {
    store: 'memory' | 'redis';
    perMinute: { checkout: number; billing: number; google: number; downloads: number; verify: number };
    perHour: { quotes: number };
  };
  /**
   * Account-by-email routes: requests per caller (user, else IP) per `windowSeconds` — resend a
   * confirmation, ask for a reset (per IP), use a reset or confirmation link (per IP), change settings
   * or delete the account (per user).
   */
  accountRateLimit: {
    windowSeconds: number;
    resend: number;
    forgot: number;
    useLink: number;
    settings: number;
  };
  google: { clientId: string | undefined; tokenInfoUrl: string; userInfoUrl: string };
  /** Signs download links; when unset, bootstrap keeps a random one in DATA_DIR/secret.key. */
  secretKey: string | undefined;
  payments: {
    driver: 'local' | 'stripe';
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Overrides Stripe's API address (tests point it at a local fake). */
    stripeApiUrl: string | undefined;
  };
  /** Where audio and images live: a local folder (DATA_DIR/media) or an S3-compatible bucket. */
  storage: {
    driver: 'local' | 's3';
    s3: {
      bucket: string | undefined;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };
  };
  /**
   * Artist uploads: the largest accepted file, how many ingestion jobs run at once (0: none here),
   * the storage quota of one artist's uploads (bytes of the uploads not failed) and uploads per hour
   * (absent: IngestLimits' defaults, 10 GB and 30).
   */
  ingest: { maxUploadBytes: number; workers: number; quotaBytes?: number; perHour?: number };
  /**
   * Pre-publication review (MODERATION=on, decision 041): an artist's publish request waits in the
   * operator's review queue instead of publishing.
   */
  moderation: boolean;
  /** Origins of other sites' clients allowed to call the API with credentials (CORS); empty: none. */
  corsOrigins: string[];
  /**
   * The header's external shop pages (SHOP_CUSTOM_MUSIC_URL, SHOP_LOOPS_URL): http(s) addresses
   * opened in a new tab; unset, the web app links the store's own Enterprise and loops pages.
   */
  shopLinks: { customMusic: string | undefined; loops: string | undefined };
  /** The audio worker pool (every decode and encode): threads, default the machine's cores. */
  audio: { workers: number };
  /** Licensed downloads: at most `perUser` at once per user; a first download waits `prepareWaitMs` for its file. */
  downloads: { perUser: number; prepareWaitMs: number };
  /**
   * Mail: SMTP when `smtpUrl` is set, else `.eml` files in DATA_DIR/mail. `from` is the sender;
   * `operatorEmail` receives the operator's messages (e.g. the Enterprise quote form).
   */
  mail: { smtpUrl: string | undefined; from: string; operatorEmail: string };
  /**
   * JOB_WORKERS=off: this process queues jobs (mail, clock jobs) but runs none; another process of
   * the cluster with the default `on` sends them (a web-only process; decision 067).
   */
  jobWorkers: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A configuration the server must not start with; main.ts prints its message as one line and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Whether the URL's scheme is https, read as a URL (`HTTPS://…` counts; text that is no URL does not). */
export function isHttpsUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** A HOST only this machine reaches: 127.0.0.0/8, ::1 (also `[::1]`, `::ffff:127.…`) or `localhost`. */
function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  const family = net.isIP(h);
  if (family === 0) return false;
  return loopback.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list as Fastify passes it on. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Private, loopback, link-local and carrier-grade NAT blocks: a proxy's range may be any part of one. */
const privateBlocks = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '100.64.0.0/10',
  'fc00::/7',
  'fe80::/10',
  '::1/128',
].map((block) => ipaddr.parseCIDR(block));

/** The widest public range a list may trust: a proxy provider's block, never "everyone" (/1, /0). */
const widestPublicPrefix = { ipv4: 8, ipv6: 16 } as const;

/** One item of a TRUST_PROXY list: a proxy's address or range, or why it is refused. */
function proxyRangeProblem(item: string): 'invalid' | 'too wide' | undefined {
  if (proxyRangeNames.has(item)) return undefined;
  const [text = '', prefix, ...rest] = item.split('/');
  // net.isIP, not ipaddr.isValid: the latter reads "1.5" as 1.0.0.5.
  if (net.isIP(text) === 0 || rest.length > 0) return 'invalid';
  if (prefix === undefined) return undefined;
  if (!/^\d{1,3}$/.test(prefix)) return 'invalid';
  let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    range = ipaddr.parseCIDR(item);
  } catch {
    return 'invalid';
  }
  let [address, bits] = range;
  // An IPv4-mapped range (::ffff:a.b.c.d/n) trusts those IPv4 clients: judged as IPv4.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    if (bits < 96) return 'too wide';
    [address, bits] = [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  const isPrivate = privateBlocks.some(
    ([block, blockBits]) => address.kind() === block.kind() && bits >= blockBits && address.match(block, blockBits),
  );
  return isPrivate || bits >= widestPublicPrefix[address.kind()] ? undefined : 'too wide';
}

/**
 * TRUST_PROXY: unset, `false` or `0` — no proxy; a number — that many proxies in front (Fastify trusts
 * that many X-Forwarded-For hops from the right); a comma-separated list of addresses and CIDRs (IPv4
 * and IPv6) — the proxies' own addresses. `true` (every hop, so a client writes its own address) is refused.
 */
function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') {
    throw new ConfigError(
      'Refusing to start: TRUST_PROXY=true trusts every X-Forwarded-For hop, so each client chooses the address its rate limits count; write the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) throw new ConfigError(`Invalid configuration: TRUST_PROXY: ${value} hops; at most 20 proxies.`);
    return hops === 0 ? false : hops;
  }
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const invalid = items.filter((item) => proxyRangeProblem(item) === 'invalid');
  if (items.length === 0 || invalid.length > 0) {
    throw new ConfigError(
      `Invalid configuration: TRUST_PROXY: ${invalid.join(', ') || value} is not a number of proxies or an IP address or CIDR; write e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,fd00::/8.`,
    );
  }
  const wide = items.filter((item) => proxyRangeProblem(item) === 'too wide');
  if (wide.length > 0) {
    throw new ConfigError(
      `Refusing to start: TRUST_PROXY: ${wide.join(', ')} would trust addresses no proxy of yours has (a public range wider than /${widestPublicPrefix.ipv4} for IPv4 or /${widestPublicPrefix.ipv6} for IPv6), so clients would choose the address their rate limits count; list your proxies' own addresses or ranges.`,
    );
  }
  return items;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function trusting that many hops:
 * Fastify 5.12 turns a bare number into "trust nothing" (a direct client could otherwise send enough
 * hops of its own), so the count is only right where the server is reachable through its proxies
 * alone (HOST=127.0.0.1 behind a local proxy, a private network); otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The public origin (and path, if any) without a trailing slash; scheme and host lower-cased by the URL parser. */
function normalisePublicUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The production guards (decision 052). A server is exposed when PUBLIC_URL is https or when
 * NODE_ENV=production listens on a non-loopback HOST. An exposed server must not run the demo's
 * test-card payments or create the demo accounts unless the operator asks for it by name; a
 * production server open to a network must know its public address; the `stripe` driver needs its
 * webhook secret (without it refunds, disputes and renewals would never be applied). Answers why demo
 * accounts are not wanted on this start (undefined: they are).
 */
function refuseUnsafeProduction(e: z.infer<typeof EnvSchema>): string | undefined {
  const https = isHttpsUrl(e.PUBLIC_URL);
  const onNetwork = e.NODE_ENV === 'production' && !isLoopbackHost(e.HOST);
  if (onNetwork && !e.PUBLIC_URL) {
    throw new ConfigError(
      `Refusing to start: NODE_ENV=production listens on HOST=${e.HOST}, not a loopback address, without PUBLIC_URL; set PUBLIC_URL to the address visitors use (e.g. https://tarab.example), or HOST=127.0.0.1 for a local demo (a data folder that ran the demo also needs npm run demo:remove before it serves a network).`,
    );
  }
  const driver = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (driver === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      `Refusing to start: the stripe payment driver needs ${e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'} (without the webhook secret every webhook is refused, so refunds, disputes and renewals are never applied); the webhook secret is shown with the endpoint in Stripe's dashboard (docs/operations.md).`,
    );
  }
  const exposed = https
    ? 'PUBLIC_URL is https'
    : onNetwork
      ? `NODE_ENV=production listens on HOST=${e.HOST}`
      : undefined;
  if (exposed && !e.PAYMENTS && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      `Refusing to start: ${exposed} but payments would use the local test-card driver; set STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET), or PAYMENTS=local to accept test cards on purpose.`,
    );
  }
  if (exposed && e.DEMO_CATALOG !== 'none' && e.DEMO_ACCOUNTS === undefined) {
    throw new ConfigError(
      `Refusing to start: ${exposed} and the demo accounts (known passwords) would be created; set DEMO_ACCOUNTS=false (or DEMO_CATALOG=none), and remove any a data folder already holds with npm run demo:remove; or DEMO_ACCOUNTS=true to create them on purpose.`,
    );
  }
  if (exposed && e.DEMO_ADMIN_PASSWORD !== undefined) {
    throw new ConfigError(
      `Refusing to start: ${exposed} and DEMO_ADMIN_PASSWORD is for tests and local demos only; unset it (the demo operator then gets a random password, printed at its first start).`,
    );
  }
  if (e.DEMO_ACCOUNTS === 'true') return undefined;
  if (e.DEMO_ACCOUNTS === 'false') return 'DEMO_ACCOUNTS=false';
  return exposed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const demoAccountsOff = refuseUnsafeProduction(e);
  if (e.RATE_LIMIT_STORE === 'redis' && !e.REDIS_URL) {
    throw new ConfigError('RATE_LIMIT_STORE=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379).');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demoCatalog: e.DEMO_CATALOG,
    demoAccounts: demoAccountsOff === undefined,
    demoAccountsOff,
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    publicUrl: e.PUBLIC_URL === undefined ? undefined : normalisePublicUrl(e.PUBLIC_URL),
    trustProxy,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    cookieSecure: e.COOKIE_SECURE,
    authRateLimit: {
      maxFailures: e.AUTH_MAX_FAILURES,
      windowSeconds: e.AUTH_WINDOW_SECONDS,
      registerMax: e.REGISTER_MAX_PER_WINDOW,
    },
    catalog: { countWarm: e.CATALOG_COUNT_WARM === 'on' },
    jobWorkers: e.JOB_WORKERS === 'on',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    rateLimits: {
      store: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : 'memory'),
      perMinute: { checkout: 20, billing: 10, google: 20, downloads: 60, verify: 30 },
      perHour: { quotes: 10 },
    },
    accountRateLimit: { windowSeconds: 900, resend: 5, forgot: 10, useLink: 30, settings: 30 },
    google: { clientId: e.GOOGLE_CLIENT_ID, tokenInfoUrl: e.GOOGLE_TOKENINFO_URL, userInfoUrl: e.GOOGLE_USERINFO_URL },
    secretKey: e.SECRET_KEY,
    payments: {
      driver: e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local'),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX,
      },
    },
    ingest: {
      maxUploadBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      workers: e.INGEST_WORKERS,
      quotaBytes: Math.round(e.UPLOAD_QUOTA_GB * 1024 ** 3),
      perHour: e.UPLOADS_PER_HOUR,
    },
    moderation: e.MODERATION === 'on',
    corsOrigins: e.CORS_ORIGINS,
    shopLinks: { customMusic: e.SHOP_CUSTOM_MUSIC_URL, loops: e.SHOP_LOOPS_URL },
    audio: { workers: e.AUDIO_WORKERS ?? availableParallelism() },
    downloads: { perUser: e.DOWNLOADS_PER_USER, prepareWaitMs: e.DOWNLOAD_WAIT_MS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, operatorEmail: e.OPERATOR_EMAIL },
  };
}

/**
 * Where the database is (DATA_DIR, DATABASE_URL): all the command-line tools need, so a command runs
 * whatever else the environment holds (a production env file with its guards, say).
 */
export function loadDatabaseLocation(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  return { dataDir: path.resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL };
}

/** A config for tests: no files touched unless a test gives a dataDir. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(repoRoot, '.tmp/test-data'),
    databaseUrl: undefined,
    logLevel: 'silent',
    demoCatalog: 'none',
    demoAccounts: true,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    publicUrl: undefined,
    trustProxy: false,
    shutdownTimeoutMs: 5_000,
    cookieSecure: true,
    authRateLimit: { maxFailures: 10, windowSeconds: 900, registerMax: 1000 },
    // Far above what any test sends: the rate-limit tests set their own.
    // Off in tests: a background count would interleave with what a test measures; catalog-count-warmer.test.ts turns it on.
    catalog: { countWarm: false },
    jobWorkers: true,
    redisUrl: undefined,
    redisPrefix: 'tarab-test:',
    rateLimits: {
      store: 'memory',
      perMinute: { checkout: 10_000, billing: 10_000, google: 10_000, downloads: 10_000, verify: 10_000 },
      perHour: { quotes: 10_000 },
    },
    accountRateLimit: { windowSeconds: 900, resend: 10_000, forgot: 10_000, useLink: 10_000, settings: 10_000 },
    google: {
      clientId: undefined,
      tokenInfoUrl: 'http://127.0.0.1:9/tokeninfo',
      userInfoUrl: 'http://127.0.0.1:9/userinfo',
    },
    secretKey: 'test-secret-key-0123456789abcdef0123456789',
    payments: {
      driver: 'local',
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      stripeWebhookSecret: undefined,
      stripeApiUrl: undefined,
    },
    storage: {
      driver: 'local',
      s3: {
        bucket: undefined,
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
        prefix: '',
      },
    },
    ingest: { maxUploadBytes: 250 * 1024 * 1024, workers: 1, quotaBytes: 10 * 1024 ** 3, perHour: 30 },
    moderation: false,
    corsOrigins: [],
    shopLinks: { customMusic: undefined, loops: undefined },
    audio: { workers: 2 },
    // A test waits for its delivery files however loaded the machine is (the 429 path sets its own wait).
    downloads: { perUser: 3, prepareWaitMs: 60_000 },
    mail: { smtpUrl: undefined, from: 'Tarab <no-reply@tarab.local>', operatorEmail: 'operator@tarab.local' },
    ...overrides,
  };
}
