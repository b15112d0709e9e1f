/**
 * Catalog benchmark (issue "Catalog and discovery"): 250,000 catalog rows (50,000 music + 200,000 loops),
 * the real server in its own process, autocannon at concurrency 32 against keyword search, a 2-facet
 * filter, the facet counts, album detail and the artist list, beside GET /api/health in the same run.
 *
 *   npx tsx bench/catalog/run.ts [pglite|postgres|both] [--music N] [--loops N] [--seconds S]
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) — a throwaway
 * database is created and dropped.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { seedPlans } from '../../apps/server/src/seed/plans.js';
import { seedLargeCatalog } from './seed-large-catalog.js';

const args = process.argv.slice(2);
const which = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? 'both';
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const counts = { music: flag('music', 50_000), loops: flag('loops', 200_000) };
const seconds = flag('seconds', 10);
const connections = 32;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

async function prepare(
  kind: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `tarab-bench-${kind}-`));
  let database: Database;
  let dropName: string | null = null;
  if (kind === 'pglite') {
    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  } else {
    dropName = `tarab_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dropName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dropName}`;
    database = await openDatabase({ url: url.toString() });
  }
  const t0 = performance.now();
  await migrateDatabase(database);
  await seedPlans(database.db);
  await seedLargeCatalog(database, counts);
  console.log(
    `  [${kind}] seeded ${counts.music + counts.loops} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await database.close();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_CATALOG: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  if (dropName) {
    const url = new URL(adminUrl);
    url.pathname = `/${dropName}`;
    env['DATABASE_URL'] = url.toString();
  }
  return {
    env,
    cleanup: async () => {
      await fs.rm(dataDir, { recursive: true, force: true });
      if (dropName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dropName} with (force)`);
        await admin.end();
      }
    },
  };
}

async function startServer(env: Record<string, string>, port: number) {
  const { DATABASE_URL: _drop, ...inherited } = process.env;
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/server/src/main.ts')], {
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!out.includes('Tarab is serving')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

async function measure(
  name: string,
  base: string,
  request: { path: string; method?: 'GET' | 'POST'; body?: string },
  options: { connections?: number; uncached?: boolean } = {},
): Promise<Row> {
  let n = 0;
  const result = await autocannon(<autocannon.Options>{
    url: base + request.path,
    method: request.method ?? 'GET',
    body: request.body,
    headers: request.body ? { 'content-type': 'application/json' } : {},
    connections: options.connections ?? connections,
    duration: seconds,
    // A unique, ignored query parameter per request defeats the micro-cache: the database's own cost.
    ...(options.uncached
      ? {
          requests: [
            {
              setupRequest: (req: { path: string }) => ({
                ...req,
                path: `${request.path}${request.path.includes('?') ? '&' : '?'}_=${++n}`,
              }),
            },
          ],
        }
      : {}),
  });
  const errors = result.errors + result.non2xx + result.timeouts;
  return {
    name,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? 0,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors,
  };
}

async function ids(base: string) {
  const filter = (await (await fetch(`${base}/api/filter?type=loop`, { method: 'POST' })).json()) as {
    filters: { genres: { id: number }[]; moods: { id: number }[] };
  };
  const albums = (await (await fetch(`${base}/api/albums`)).json()) as { data: { id: number }[] };
  return { genre: filter.filters.genres[0]!.id, mood: filter.filters.moods[1]!.id, album: albums.data[0]!.id };
}

async function run(kind: 'pglite' | 'postgres', port: number) {
  console.log(
    `\n== ${kind}: ${counts.music} music + ${counts.loops} loops, c=${connections}, ${seconds} s per endpoint`,
  );
  const { env, cleanup } = await prepare(kind);
  const server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const { genre, mood, album } = await ids(base);
    const rows: Row[] = [];
    rows.push(await measure('health (bare)', base, { path: '/api/health' }));
    rows.push(
      await measure('keyword search', base, {
        path: '/api/music/filter',
        method: 'POST',
        body: JSON.stringify({ type: 'loop', keyword: 'hijaz caravan' }),
      }),
    );
    rows.push(await measure('2-facet filter', base, { path: `/api/loop?genre=${genre}&mood=${mood}` }));
    rows.push(
      await measure('facet counts', base, {
        path: `/api/filter?type=loop&genre=${genre}&mood=${mood}`,
        method: 'POST',
      }),
    );
    rows.push(await measure('album detail', base, { path: `/api/album/${album}` }));
    rows.push(await measure('artist list', base, { path: '/api/artists' }));
    rows.push(
      await measure(
        'search, uncached c=1',
        base,
        { path: '/api/music/filter', method: 'POST', body: JSON.stringify({ type: 'loop', keyword: 'hijaz caravan' }) },
        { connections: 1, uncached: true },
      ),
    );
    rows.push(
      await measure(
        'filter, uncached c=1',
        base,
        { path: `/api/loop?genre=${genre}&mood=${mood}` },
        { connections: 1, uncached: true },
      ),
    );
    const health = rows[0]!.rps;
    const budgetP95 = kind === 'postgres' ? 30 : 60;
    console.log('endpoint              p50 ms  p95 ms  p99 ms     req/s  errors  budget');
    for (const r of rows) {
      let budget = '';
      if (r.name === 'keyword search' || r.name === '2-facet filter')
        budget = r.p95 <= budgetP95 ? `ok (p95 ≤ ${budgetP95})` : `MISS (p95 ≤ ${budgetP95})`;
      if (r.name === 'album detail' || r.name === 'artist list')
        budget =
          r.rps >= 0.4 * health ? 'ok (≥ 40% health)' : `MISS (${((100 * r.rps) / health).toFixed(0)}% of health)`;
      console.log(
        `${r.name.padEnd(20)} ${String(r.p50).padStart(6)} ${String(r.p95).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(9)} ${String(r.errors).padStart(7)}  ${budget}`,
      );
    }
    console.log("(p95 column is autocannon's p97.5, the nearest percentile it reports at or above p95)");
    await fs.mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
    await fs.writeFile(
      path.join(repoRoot, `bench/results/catalog-${kind}.json`),
      JSON.stringify({ kind, counts, connections, seconds, rows }, null, 2),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    await cleanup();
  }
}

if (which === 'pglite' || which === 'both') await run('pglite', 18181);
if (which === 'postgres' || which === 'both') await run('postgres', 18182);
