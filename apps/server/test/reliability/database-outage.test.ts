import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api, Messages } from '@tarab/contracts';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { createLocalStorage } from '../../src/storage/local-storage.js';
import { callRoute } from '../call-route.js';
import { bearer, makeSession, makeUser } from '../factories.js';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut: `down()` drops every open
 * connection and refuses new ones (as when the database server stops or the network fails),
 * `up()` accepts again. The shared PostgreSQL server itself is never touched.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    down() {
      accepting = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    up() {
      accepting = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;

// PGlite runs inside the server process and cannot become unreachable: this scenario needs a
// PostgreSQL server, so it runs in the PostgreSQL pass of CI (TEST_DATABASE_URL), not on PGlite.
describe.skipIf(!adminUrl)('when PostgreSQL becomes unreachable', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  let dbName: string;
  let auth: Record<string, string>;
  /** What the pool reported about its idle connections (logged on stderr by default). */
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    dbName = `tarab_outage_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const direct = new URL(adminUrl!);
    direct.pathname = `/${dbName}`;
    relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    database = await openDatabase({
      url: relayed.toString(),
      poolSize: 5,
      onPoolError: (error) => poolErrors.push(error),
    });
    await migrateDatabase(database);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-outage-'));
    app = await buildApp({
      config: testConfig({ dataDir, ingest: { maxUploadBytes: 1024 * 1024, workers: 1 } }),
      database,
      storage: createLocalStorage(path.join(dataDir, 'media')),
    });
    await app.ready();
    auth = bearer(await makeSession(database, (await makeUser(database)).id));
  });

  afterAll(async () => {
    relay?.up();
    await app?.close();
    await database?.close();
    await relay?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  const health = () => callRoute(app, Api.health.health);
  const calls = () => [
    health(),
    callRoute(app, Api.catalog.music, { query: { keyword: 'oud' } }),
    callRoute(app, Api.auth.me, { headers: auth }),
    callRoute(app, Api.library.createPlaylist, { headers: auth, body: { name: 'Outage' } }),
    callRoute(app, Api.auth.login, { body: { email: 'nobody@example.com', password: 'not-the-password' } }),
  ];

  it('answers 503 JSON fast while it is down, stays up, and recovers when it returns', async () => {
    expect((await health()).status).toBe(200);

    relay.down();
    // The idle pooled connection that was cut is reported (not swallowed) and the process stays up.
    await expect.poll(() => poolErrors.length).toBeGreaterThan(0);
    const started = performance.now();
    const during = await Promise.all(calls());
    const elapsed = performance.now() - started;
    for (const res of during) {
      expect(res.status, `${res.response.body}`).toBe(503);
      expect(res.error).toEqual({ code: 'service_unavailable', message: Messages.serviceUnavailable });
      expect(res.headers['retry-after']).toBe('5');
    }
    // Fail fast: refused connections surface at once, not after the 5 s connect timeout.
    expect(elapsed).toBeLessThan(4_000);

    relay.up();
    const healthy = await vi.waitFor(
      async () => {
        const res = await health();
        expect(res.status, 'health after the database returned').toBe(200);
        return res;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(healthy.json).toEqual({ ok: true, db: 'postgres' });
    const after = await Promise.all(calls());
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200, 401]);
    const playlists = await callRoute(app, Api.library.playlists, { headers: auth });
    // Only the playlist created after recovery exists: the failed write left nothing behind.
    expect(playlists.json.playlists).toHaveLength(1);
  });
});
