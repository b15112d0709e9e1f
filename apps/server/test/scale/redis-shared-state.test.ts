import { randomUUID } from 'node:crypto';
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Messages, pathOf } from '@tarab/contracts';
import { createAudioPool, type AudioPool } from '@tarab/audio';
import { buildApp } from '../../src/app.js';
import { testConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { seedPlans } from '../../src/seed/plans.js';
import { createLocalStorage } from '../../src/storage/local-storage.js';
import { callRoute } from '../call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../factories.js';
import { createTestDatabase } from '../test-database.js';

/**
 * Several server processes on one database and one Redis (issue #21): two app instances in this process
 * stand for two processes (each has its own counters, caches and Redis connections; only Redis and the
 * database are shared). Needs the Redis of this machine kind on 127.0.0.1:6379 (REDIS_TEST_URL to
 * change it); without one the suite is skipped, and `.ci/run` runs it where Redis answers.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

async function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const redisUp = await answers(REDIS_URL);

describe.skipIf(!redisUp)('two server processes sharing PostgreSQL/PGlite and Redis', () => {
  let database: Database;
  let audio: AudioPool;
  let dataDir: string;
  const prefix = `tarab-test-${randomUUID().slice(0, 8)}:`;
  const apps: FastifyInstance[] = [];

  const instance = async (overrides: Partial<Config> = {}) => {
    const config = testConfig({
      dataDir,
      redisUrl: REDIS_URL,
      redisPrefix: prefix,
      authRateLimit: { maxFailures: 3, windowSeconds: 60, registerMax: 3 },
      rateLimits: {
        store: 'redis',
        perMinute: { checkout: 10_000, billing: 10_000, google: 10_000, downloads: 10_000, verify: 10_000 },
        perHour: { quotes: 10_000 },
      },
      ...overrides,
    });
    const storage = createLocalStorage(path.join(dataDir, 'media'));
    const app = await buildApp({ config, database, storage, audioPool: audio });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedPlans(database.db);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-redis-'));
    audio = createAudioPool({ threads: 1 });
    await instance();
    await instance();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await audio?.close();
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts sign-ups per IP over both processes: the limit is global, not one per process', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    // app.inject, not callRoute: the caller's address (remoteAddress) is what is counted.
    const register = (app: FastifyInstance, n: number) =>
      app.inject({
        method: Api.auth.register.method,
        url: pathOf(Api.auth.register),
        remoteAddress: '198.51.100.77',
        payload: {
          name: 'Cluster Person',
          email: `cluster${n}.${randomUUID().slice(0, 6)}@example.com`,
          password: 'maqam-hijaz-42',
          password_confirmation: 'maqam-hijaz-42',
        },
      });
    const statuses = [
      (await register(a, 1)).statusCode,
      (await register(b, 2)).statusCode,
      (await register(a, 3)).statusCode,
      (await register(b, 4)).statusCode,
      (await register(a, 5)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('throttles failed logins for one email over both processes, even when they arrive at once', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const user = await makeUser(database, { email: `throttle.${randomUUID().slice(0, 6)}@example.com` });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).inject({
          method: Api.auth.login.method,
          url: pathOf(Api.auth.login),
          remoteAddress: '198.51.100.78',
          payload: { email: user.email, password: 'wrong-password-1' },
        }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode).sort();
    // maxFailures 3 per (email, IP): three reach the password check, the rest are refused.
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(3);
  });

  it('a track unpublished on one process leaves the cached lists of the other within a second', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const artistUser = await makeUser(database, { type: 'artist' });
    const artist = await makeArtist(database, 'Cluster Artist', artistUser.id);
    const track = await makeTrack(database, { artistId: artist.id, title: `Cluster ${randomUUID().slice(0, 6)}` });
    const listed = async (app: FastifyInstance) => {
      // `keyword` (the list has no `search` key: it was ignored, and the whole list was read).
      const res = await callRoute(app, Api.catalog.music, { query: { keyword: track.title } });
      return res.json.data.data.some((t) => t.id === track.id);
    };
    expect(await listed(b)).toBe(true); // now in b's 10-second cache
    const unpublished = await callRoute(a, Api.ingest.unpublish, {
      params: { id: track.id },
      headers: bearer(await makeSession(database, artistUser.id)),
    });
    expect(unpublished.status, unpublished.response.body).toBe(200);
    const started = Date.now();
    await expect.poll(() => listed(b), { timeout: 5_000, interval: 25 }).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is ready with the database and Redis, live always; unready and 503 (never 500) when Redis is gone', async () => {
    const ready = await callRoute(apps[0]!, Api.health.ready);
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ ok: true, redis: 'up' });

    // A process whose Redis does not answer (a closed port).
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const orphan = await instance({ redisUrl: `redis://127.0.0.1:${port}` });
    expect((await callRoute(orphan, Api.health.live)).json).toEqual({ ok: true });
    const unready = await callRoute(orphan, Api.health.ready);
    expect(unready.status).toBe(503);
    expect(unready.headers['retry-after']).toBe('5');
    const limited = await callRoute(orphan, Api.auth.register, {
      body: {
        name: 'N',
        email: 'n@example.com',
        password: 'maqam-hijaz-42',
        password_confirmation: 'maqam-hijaz-42',
      },
    });
    expect(limited.status).toBe(503);
    expect(limited.error).toEqual({ code: 'service_unavailable', message: Messages.serviceUnavailable });
  });
});
