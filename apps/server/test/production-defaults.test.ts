import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, pathOf } from '@tarab/contracts';
import { testConfig } from '../src/config.js';
import { prepareRuntime } from '../src/bootstrap.js';
import { openDatabase, selectRows, type Database } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { favourites, orders, playlists } from '../src/db/schema/index.js';
import { seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { seedPlans } from '../src/seed/plans.js';
import { makeArtist, makeLicense, makeSession, makeTrack } from './factories.js';
import { createThrowawayPostgres, freePort } from './throwaway-postgres.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');

type Outcome = { code: number | null; stdout: string; stderr: string };

/** The caller's shell must not choose the database, the payments or the demo settings of a run. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _db,
    PAYMENTS: _p,
    DEMO_ACCOUNTS: _d,
    DEMO_ADMIN_PASSWORD: _a,
    STRIPE_SECRET_KEY: _s,
    STRIPE_WEBHOOK_SECRET: _w,
    PUBLIC_URL: _u,
    TRUST_PROXY: _t,
    ...inherited
  } = process.env;
  return inherited;
}

const serverEnv = (env: Record<string, string>) => ({
  ...inheritedEnv(),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ...env,
});

/** Runs the real entry point to its exit (it must refuse before listening). */
function run(env: Record<string, string>): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], { cwd: repoRoot, env: serverEnv(env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Starts the real entry point; answers its base URL once it serves, and `stop` (SIGTERM, exit code). */
async function start(
  env: Record<string, string>,
): Promise<{ base: string; output: () => string; stop: () => Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: serverEnv({ ...env, PORT: String(port) }),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Tarab is serving at')) resolve();
      else if (child.exitCode !== null) reject(new Error(`the server exited (${child.exitCode}):\n${out}`));
    };
    child.stdout.on('data', check);
    child.on('exit', check);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** `npm run demo:remove`, as an operator types it, on the given database. */
function removeDemoData(env: Record<string, string>): Promise<Outcome> {
  const child = spawn('npm', ['run', '--silent', 'demo:remove'], { cwd: repoRoot, env: { ...inheritedEnv(), ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const expectOneLineRefusal = (result: Outcome, what: string) => {
  expect(result.code, `${what}: ${result.stdout}${result.stderr}`).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(result.stdout).not.toContain('Tarab is serving at');
  return lines[0]!;
};

describe('production-safe defaults (the server process)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-prod-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses to start an exposed server with test cards, demo accounts, a stripe driver without webhook secret or TRUST_PROXY=true, in one line naming the variable', async () => {
    const dataDir = path.join(dir, 'refused');
    const https = 'https://tarab.example';
    const cases: [Record<string, string>, RegExp][] = [
      [
        { PUBLIC_URL: https, DEMO_ACCOUNTS: 'false' },
        /^Refusing to start: PUBLIC_URL is https.*STRIPE_SECRET_KEY.*PAYMENTS=local/,
      ],
      [{ PUBLIC_URL: https, PAYMENTS: 'local' }, /^Refusing to start: PUBLIC_URL is https.*DEMO_ACCOUNTS=false/],
      // A valid URL in capitals is https too.
      [
        { PUBLIC_URL: 'HTTPS://TARAB.EXAMPLE', PAYMENTS: 'local' },
        /^Refusing to start: PUBLIC_URL is https.*DEMO_ACCOUNTS=false/,
      ],
      [
        { HOST: '0.0.0.0', PAYMENTS: 'local', DEMO_ACCOUNTS: 'false' },
        /^Refusing to start: NODE_ENV=production .*without PUBLIC_URL/,
      ],
      [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /^Refusing to start: the stripe payment driver needs STRIPE_WEBHOOK_SECRET/],
      [{ TRUST_PROXY: 'true' }, /^Refusing to start: TRUST_PROXY=true .*TRUST_PROXY=1/],
    ];
    for (const [env, expected] of cases) {
      const result = await run({ DATA_DIR: dataDir, ...env });
      expect(expectOneLineRefusal(result, JSON.stringify(env))).toMatch(expected);
    }
    // Refused before DATA_DIR is touched.
    await expect(fs.stat(dataDir)).rejects.toThrow();
  }, 120_000);

  it('creates DATA_DIR readable by its owner only (0700)', async () => {
    const dataDir = path.join(dir, 'fresh', 'data');
    const runtime = await prepareRuntime(testConfig({ dataDir, secretKey: undefined }), { info: () => {} });
    try {
      expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await fs.stat(path.join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);
    } finally {
      await runtime.database.close();
    }
  }, 60_000);
});

/**
 * Issue #31: a data folder that once ran the demo (`npm start`) restarted with production settings.
 * The folder is seeded as the first start seeds it (catalog rows, the four demo accounts with the
 * demo subscriber's subscription), and the demo listener has bought a track, made a playlist and a
 * favourite. PGlite in a temporary DATA_DIR, or a throwaway PostgreSQL database with TEST_DATABASE_URL.
 */
describe('demo data never reaches production (a seeded data folder restarted)', () => {
  const ADMIN_PASSWORD = 'seeded-admin-password-1';
  const SUBSCRIBER_PASSWORD = 'subscribe-to-tarab';
  let dir: string;
  let location: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let artistId: number;
  let trackId: number;

  const open = (): Promise<Database> =>
    openDatabase(
      location.DATABASE_URL ? { url: location.DATABASE_URL } : { dataDir: path.join(location.DATA_DIR!, 'db') },
    );

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-demo-folder-'));
    location = { DATA_DIR: path.join(dir, 'data') };
    if (process.env.TEST_DATABASE_URL) {
      const throwaway = await createThrowawayPostgres(process.env.TEST_DATABASE_URL, 'tarab_demo');
      location.DATABASE_URL = throwaway.url;
      dropDatabase = throwaway.drop;
    }
    await fs.mkdir(location.DATA_DIR!, { recursive: true, mode: 0o700 });
    const database = await open();
    try {
      await migrateDatabase(database);
      await seedPlans(database.db);
      const artist = await makeArtist(database, 'Demo Ensemble');
      artistId = artist.id;
      trackId = (await makeTrack(database, { artistId, title: 'Demo Samai' })).id;
      const accounts = await database.db.transaction((tx) =>
        seedDemoAccounts(tx, artistId, { adminPassword: ADMIN_PASSWORD }),
      );
      expect(accounts.map((a) => a.email)).toEqual([
        'listener@tarab.test',
        'subscriber@tarab.test',
        'artist@tarab.test',
        'admin@tarab.test',
      ]);
      const ids = await selectRows(
        database.db,
        z.object({ id: z.number(), email: z.string() }),
        sql`select id, email from users where is_demo order by id`,
      );
      const listener = ids.find((u) => u.email === 'listener@tarab.test')!.id;
      const admin = ids.find((u) => u.email === 'admin@tarab.test')!.id;
      const [order] = await database.db
        .insert(orders)
        .values({
          userId: listener,
          trackId,
          amountCents: 499,
          status: 'paid',
          provider: 'local',
          providerRef: 'local_demo_order',
        })
        .returning();
      await makeLicense(database, listener, trackId);
      expect(order).toBeDefined();
      await database.db.insert(playlists).values({ userId: listener, name: 'Demo list' });
      await database.db.insert(favourites).values({ userId: listener, trackId });
      await makeSession(database, admin);
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    await dropDatabase?.();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const login = (base: string, email: string, password: string) =>
    fetch(`${base}${pathOf(Api.auth.login)}`, {
      method: Api.auth.login.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('serves the local demo (`npm start` on loopback) with its accounts, the operator with its own password', async () => {
    const server = await start({ ...location, PAYMENTS: 'local' });
    try {
      expect((await login(server.base, 'admin@tarab.test', ADMIN_PASSWORD)).status).toBe(200);
      // The password README.md once listed opens nothing.
      expect((await login(server.base, 'admin@tarab.test', 'administer-tarab')).status).toBe(401);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('refuses every production start while demo accounts exist, in one line naming npm run demo:remove; after it, starts with no demo account left and the catalog kept', async () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    };
    const production: [string, Record<string, string>][] = [
      // The case: https (in capitals, a valid URL), no demo accounts wanted, a Stripe key.
      ['https PUBLIC_URL in capitals', { PUBLIC_URL: 'HTTPS://tarab.example', DEMO_ACCOUNTS: 'false', ...stripe }],
      ['https PUBLIC_URL, no demo catalog', { PUBLIC_URL: 'https://tarab.example', DEMO_CATALOG: 'none', ...stripe }],
      [
        'production on 0.0.0.0, an http PUBLIC_URL',
        { HOST: '0.0.0.0', PUBLIC_URL: 'http://tarab.lan:8080', PAYMENTS: 'local', DEMO_ACCOUNTS: 'false' },
      ],
      ['production on ::, no PUBLIC_URL', { HOST: '::', DEMO_ACCOUNTS: 'false', ...stripe }],
      ['DEMO_ACCOUNTS=false on loopback', { DEMO_ACCOUNTS: 'false', PAYMENTS: 'local' }],
    ];
    for (const [what, env] of production) {
      const line = expectOneLineRefusal(await run({ ...location, ...env }), what);
      expect(line, what).toMatch(/^Refusing to start: /);
      expect(line, what).toContain('npm run demo:remove');
    }

    const removed = await removeDemoData(location);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(
      /Removed 4 demo accounts \(listener@tarab\.test, subscriber@tarab\.test, artist@tarab\.test, admin@tarab\.test\) with \d+ sessions?, 1 subscription, 1 playlist, 1 favourite, 1 licence, 1 order, 0 playlist checkouts\. The catalog is unchanged\./,
    );
    // Idempotent.
    const again = await removeDemoData(location);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('No demo accounts in this database: nothing removed.');

    const server = await start({ ...location, ...production[0]![1] });
    try {
      expect((await login(server.base, 'admin@tarab.test', ADMIN_PASSWORD)).status).toBe(401);
      expect((await login(server.base, 'subscriber@tarab.test', SUBSCRIBER_PASSWORD)).status).toBe(401);
      // The catalog is served as before: the demo artist's page, with its track.
      const artist = await fetch(`${server.base}${pathOf(Api.catalog.artist, { id: artistId })}`);
      expect(artist.status).toBe(200);
      expect(await artist.text()).toContain('Demo Samai');
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const database = await open();
    try {
      const [left] = await selectRows(
        database.db,
        z.object({
          users: z.number(),
          operators: z.number(),
          live: z.number(),
          orders: z.number(),
          artists: z.number(),
          tracks: z.number(),
          linked: z.number(),
        }),
        sql`select (select count(*) from users where is_demo or email like '%@tarab.test')::int as users,
                   (select count(*) from users where type = 'admin')::int as operators,
                   (select count(*) from subscriptions where status in ('trialing', 'active', 'past_due'))::int as live,
                   (select count(*) from orders)::int as orders,
                   (select count(*) from artists where id = ${artistId})::int as artists,
                   (select count(*) from tracks where id = ${trackId})::int as tracks,
                   (select count(*) from artists where user_id is not null)::int as linked`,
      );
      expect(left).toEqual({ users: 0, operators: 0, live: 0, orders: 0, artists: 1, tracks: 1, linked: 0 });
    } finally {
      await database.close();
    }
  }, 240_000);
});
