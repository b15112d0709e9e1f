/**
 * Catalog benchmark (issue #16): the honest workload at 250,000 catalog rows (50,000 music + 200,000
 * loops; `--rows 1000000`: 200,000 + 800,000), the real server in its own process, every request different
 * and uncached (a unique ignored query parameter defeats the 10-s micro-cache):
 *
 * - keyword search `POST /api/music/filter`: 50 keywords (maqam and instrument names, moods, two-word
 *   phrases, transliterations, misspellings, Arabic), music and loops, pages 1-3, at c=1 and c=8;
 * - 2-facet filter `GET /api/loop|music?genre=&mood=&page=`: every genre x mood pair, pages 1-3, c=1 and c=8;
 * - suggestions `GET /api/search/suggest?q=`: prefixes of 1-8 letters, c=1;
 * - cached `GET /api/music` against a bare Fastify hello server (bench/catalog/hello-server.ts) in the
 *   same run, autocannon at c=32: the ratio of their req/s.
 *
 * Latencies of the uncached mixes are measured per request by a closed-loop client (fetch, keep-alive)
 * running beside the server on the same machine; p95 is exact (not autocannon's p97.5).
 *
 *   npx tsx bench/catalog/run.ts [pglite|postgres|both] [--seconds S] [--rows N | --million] [--music N] [--loops N]
 *     [--cold] [--keep] [--database-url URL]
 *
 * `--rows 1000000` (or `--million`) seeds 1M rows (1/5 music); its own goal is keyword search p95 ≤ 60 ms at
 * c=1. `--cold` adds the keyword mixes with the count cache off (CATALOG_COUNT_CACHE=off: every total
 * counted, decision 022). `--database-url` runs the PostgreSQL part against a database seeded before
 * (seedLargeCatalog; not seeded, not dropped).
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) — a throwaway
 * database is created and dropped (`--keep` keeps it and prints its URL, for EXPLAIN).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { seedPlans } from '../../apps/server/src/seed/plans.js';
import { KEYWORDS } from './run-keywords.js';
import { seedLargeCatalog } from './seed-large-catalog.js';

const args = process.argv.slice(2);
const which = args.find((a) => ['pglite', 'postgres', 'both'].includes(a)) ?? 'both';
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const rowsFlag = flag('rows', args.includes('--million') ? 1_000_000 : 250_000);
const million = rowsFlag >= 1_000_000;
const keep = args.includes('--keep');
const counts = {
  music: flag('music', rowsFlag / 5),
  loops: flag('loops', (rowsFlag * 4) / 5),
};
/** An already seeded PostgreSQL database to run against (no seed, not dropped): `--database-url URL`. */
const existingUrl = (() => {
  const i = args.indexOf('--database-url');
  return i >= 0 ? args[i + 1] : undefined;
})();
/** `--cold`: also run the keyword mixes with the count cache off (every total counted). */
const cold = args.includes('--cold');
/**
 * `--no-warm`: the server does not count the broad search words ahead (CATALOG_COUNT_WARM=off,
 * decision 042), so each keyword's first search after start counts its matches (the figures before it).
 */
const noWarm = args.includes('--no-warm');
const seconds = flag('seconds', 10);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

interface Req {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

async function prepare(
  kind: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `tarab-bench-${kind}-`));
  if (kind === 'postgres' && existingUrl) {
    console.log(`  [postgres] using ${existingUrl} as it is (seeded before)`);
    return {
      env: {
        DATA_DIR: dataDir,
        DEMO_CATALOG: 'none',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: existingUrl,
      },
      cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
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
      if (keep) {
        console.log(`  kept: ${env['DATABASE_URL'] ?? dataDir}`);
        return;
      }
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

async function startServer(
  env: Record<string, string>,
  port: number,
  script = 'apps/server/src/main.ts',
  ready = 'Tarab is serving',
) {
  const { DATABASE_URL: _drop, ...inherited } = process.env;
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, script)], {
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  await outputIncludes(child, () => out, ready, 120_000);
  return Object.assign(child, { output: () => out });
}

async function outputIncludes(child: ChildProcess, output: () => string, text: string, ms: number) {
  const deadline = Date.now() + ms;
  while (!output().includes(text)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no "${text}" from the server:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits for the server's first warm run of the search counts (decision 042): a server that has been up
 * for a while has made it. Prints what it cost.
 */
async function warmedCounts(server: Awaited<ReturnType<typeof startServer>>) {
  const t0 = performance.now();
  await outputIncludes(server, server.output, 'search counts warmed', 900_000);
  const line =
    server
      .output()
      .split('\n')
      .find((l) => l.includes('search counts warmed')) ?? '';
  const run = JSON.parse(line) as { counted: number; ms: number };
  console.log(
    `  search counts warmed: ${run.counted} counts in ${(run.ms / 1000).toFixed(1)} s (waited ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
}

const runId = Date.now().toString(36);

/** One request at a time per connection for `seconds`; every latency kept (exact percentiles). */
async function closedLoop(
  name: string,
  base: string,
  make: (i: number) => Req,
  connections: number,
  duration = seconds,
): Promise<Row> {
  let next = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + duration * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const request = make(next++);
      const t0 = performance.now();
      try {
        const res = await fetch(base + request.path, {
          method: request.method ?? 'GET',
          ...(request.body ? { body: request.body, headers: { 'content-type': 'application/json' } } : {}),
        });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.max(0, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return {
    name,
    requests: latencies.length,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: latencies.length / elapsed,
    errors,
  };
}

/** autocannon at c=32 for the cached answer and the bare hello server (req/s). */
async function cannon(name: string, url: string): Promise<Row> {
  const result = await autocannon({ url, connections: 32, duration: seconds });
  return {
    name,
    requests: result.requests.total,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function ids(base: string) {
  const filter = (await (await fetch(`${base}/api/filter?type=loop`, { method: 'POST' })).json()) as {
    filters: { genres: { id: number }[]; moods: { id: number }[] };
  };
  return { genres: filter.filters.genres.map((g) => g.id), moods: filter.filters.moods.map((m) => m.id) };
}

const unique = (i: number, tag: string) => `_=${runId}-${tag}-${i}`;

function keywordRequest(i: number, tag: string): Req {
  const keyword = KEYWORDS[i % KEYWORDS.length]!;
  const type = i % 3 === 0 ? 'music' : 'loop';
  const page = 1 + (Math.floor(i / KEYWORDS.length) % 3);
  return {
    path: `/api/music/filter?${unique(i, tag)}`,
    method: 'POST',
    body: JSON.stringify({ type, keyword, page, perPage: 10 }),
  };
}

function facetRequest(i: number, tag: string, genres: number[], moods: number[]): Req {
  const genre = genres[i % genres.length]!;
  const mood = moods[Math.floor(i / genres.length) % moods.length]!;
  const kind = i % 2 === 0 ? 'loop' : 'music';
  const page = 1 + (Math.floor(i / (genres.length * moods.length)) % 3);
  return { path: `/api/${kind}?genre=${genre}&mood=${mood}&page=${page}&${unique(i, tag)}` };
}

const PREFIXES = [
  ...KEYWORDS.flatMap((k) => [k.slice(0, 1), k.slice(0, 2), k.slice(0, 4)]),
  'desert c',
  'artist 1',
  'lantern hij',
];

function suggestRequest(i: number, tag: string): Req {
  return { path: `/api/search/suggest?q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}&${unique(i, tag)}` };
}

async function run(kind: 'pglite' | 'postgres', port: number, helloBase: string): Promise<Row[]> {
  console.log(`\n== ${kind}: ${counts.music} music + ${counts.loops} loops, ${seconds} s per measure`);
  const { env, cleanup } = await prepare(kind);
  const server = await startServer({ ...env, CATALOG_COUNT_WARM: noWarm ? 'off' : 'on' }, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    if (!noWarm) await warmedCounts(server);
    const { genres, moods } = await ids(base);
    const rows: Row[] = [];
    const warm = async (make: (i: number) => Req) => closedLoop('warm-up', base, make, 2, 2);
    // Warm the server and the connections with the facet mix: a keyword warm-up would fill the count
    // cache with the measured mix's own totals.
    await warm((i) => facetRequest(i, 'warm-k', genres, moods));
    rows.push(await closedLoop('keyword search, uncached, c=1', base, (i) => keywordRequest(i, 'k1'), 1));
    rows.push(await closedLoop('keyword search, uncached, c=8', base, (i) => keywordRequest(i, 'k8'), 8));
    if (cold) {
      const coldServer = await startServer(
        { ...env, CATALOG_COUNT_CACHE: 'off', CATALOG_COUNT_WARM: 'off' },
        port + 10,
      );
      const coldBase = `http://127.0.0.1:${port + 10}`;
      try {
        await closedLoop('warm-up', coldBase, (i) => keywordRequest(i, 'warm-ck'), 2, 2);
        rows.push(await closedLoop('keyword, count cache off, c=1', coldBase, (i) => keywordRequest(i, 'ck1'), 1));
        rows.push(await closedLoop('keyword, count cache off, c=8', coldBase, (i) => keywordRequest(i, 'ck8'), 8));
      } finally {
        coldServer.kill('SIGTERM');
        await new Promise((r) => coldServer.on('exit', r));
      }
    }
    await warm((i) => facetRequest(i, 'warm-f', genres, moods));
    rows.push(await closedLoop('2-facet filter, uncached, c=1', base, (i) => facetRequest(i, 'f1', genres, moods), 1));
    rows.push(await closedLoop('2-facet filter, uncached, c=8', base, (i) => facetRequest(i, 'f8', genres, moods), 8));
    await warm((i) => suggestRequest(i, 'warm-s'));
    rows.push(await closedLoop('suggest, uncached, c=1', base, (i) => suggestRequest(i, 's1'), 1));
    await fetch(`${base}/api/music`);
    rows.push(await cannon('cached GET /api/music, c=32', `${base}/api/music`));
    rows.push(await cannon('bare Fastify hello, c=32', `${helloBase}/hello`));
    await fs.mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
    await fs.writeFile(
      path.join(repoRoot, `bench/results/catalog-${kind}${million ? '-1m' : ''}.json`),
      JSON.stringify({ kind, counts, seconds, load: os.loadavg(), rows }, null, 2),
    );
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    await cleanup();
  }
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function report(kind: string, rows: Row[], pgKeywordP95?: number) {
  const by = (name: string) => rows.find((r) => r.name.startsWith(name))!;
  console.log(`\n${kind} — every measured mix (ms; req/s):`);
  console.log('what                              requests   p50    p95    p99   req/s  errors');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(33)} ${String(r.requests).padStart(8)} ${fmt(r.p50).padStart(5)} ${fmt(r.p95).padStart(6)} ${fmt(r.p99).padStart(6)} ${fmt(r.rps).padStart(7)} ${String(r.errors).padStart(6)}`,
    );
  }
  const k1 = by('keyword search, uncached, c=1');
  const k8 = by('keyword search, uncached, c=8');
  const f1 = by('2-facet filter, uncached, c=1');
  const f8 = by('2-facet filter, uncached, c=8');
  const s1 = by('suggest');
  const cached = by('cached GET');
  const hello = by('bare Fastify hello');
  const ratio = cached.rps / hello.rps;
  const lines: [string, string, string, boolean | null][] = [];
  if (million) {
    lines.push([
      `${(counts.music + counts.loops).toLocaleString('en')} rows: keyword search, c=1`,
      `p95 ${fmt(k1.p95)} ms`,
      'p95 ≤ 60 ms',
      k1.p95 <= 60,
    ]);
  }
  {
    lines.push(['keyword search, uncached, c=1', `p95 ${fmt(k1.p95)} ms`, 'p95 ≤ 30 ms', k1.p95 <= 30]);
    lines.push([
      'keyword search, uncached, c=8',
      `${fmt(k8.rps)} searches/s, p95 ${fmt(k8.p95)} ms`,
      '≥ 150/s, p95 ≤ 80 ms',
      k8.rps >= 150 && k8.p95 <= 80,
    ]);
    lines.push(['2-facet filter, uncached, c=1', `p95 ${fmt(f1.p95)} ms`, 'p95 ≤ 20 ms', f1.p95 <= 20]);
    lines.push([
      '2-facet filter, uncached, c=8',
      `p95 ${fmt(f8.p95)} ms (${fmt(f8.rps)} req/s)`,
      'p95 ≤ 40 ms',
      f8.p95 <= 40,
    ]);
    lines.push(['suggest, uncached, c=1', `p95 ${fmt(s1.p95)} ms`, 'p95 ≤ 15 ms', s1.p95 <= 15]);
    lines.push([
      'cached GET /api/music vs hello, c=32',
      `${fmt(cached.rps)} vs ${fmt(hello.rps)} req/s (${ratio.toFixed(2)})`,
      '≥ 0.40',
      ratio >= 0.4,
    ]);
  }
  if (pgKeywordP95 !== undefined) {
    lines.push([
      'same search on PGlite vs PostgreSQL',
      `p95 ${fmt(k1.p95)} vs ${fmt(pgKeywordP95)} ms (${(k1.p95 / pgKeywordP95).toFixed(1)}×)`,
      '≤ 2×',
      k1.p95 <= 2 * pgKeywordP95,
    ]);
  }
  const c1 = rows.find((r) => r.name === 'keyword, count cache off, c=1');
  const c8 = rows.find((r) => r.name === 'keyword, count cache off, c=8');
  if (c1 && c8) {
    lines.push(['keyword, count cache off, c=1', `p95 ${fmt(c1.p95)} ms`, 'p95 ≤ 30 ms', c1.p95 <= 30]);
    lines.push([
      'keyword, count cache off, c=8',
      `${fmt(c8.rps)} searches/s, p95 ${fmt(c8.p95)} ms`,
      '≥ 150/s, p95 ≤ 80 ms',
      c8.rps >= 150 && c8.p95 <= 80,
    ]);
  }
  // At 1M rows only the 1M line has a goal of its own; the 250k goals are shown for reference.
  const rowsLabel = `${(counts.music + counts.loops).toLocaleString('en')} rows`;
  console.log(`\n${kind}, ${rowsLabel} — the issue's table:`);
  lines.forEach(([what, now, goal, ok], i) => {
    const shown = million && i > 0 ? 'info' : verdict(ok === true);
    console.log(
      `${shown.padEnd(4)}  ${what.padEnd(38)} ${now.padEnd(40)} goal ${goal}${million && i > 0 ? ' (at 250k)' : ''}`,
    );
  });
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  if (errors > 0) console.log(`!! ${errors} requests failed`);
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
const hello = await startServer({}, 18190, 'bench/catalog/hello-server.ts', 'hello server listening');
try {
  let pgKeyword: number | undefined;
  if (which === 'postgres' || which === 'both') {
    const rows = await run('postgres', 18182, 'http://127.0.0.1:18190');
    pgKeyword = rows.find((r) => r.name.startsWith('keyword search, uncached, c=1'))?.p95;
    report('PostgreSQL', rows);
  }
  if (which === 'pglite' || which === 'both') {
    report('PGlite', await run('pglite', 18181, 'http://127.0.0.1:18190'), pgKeyword);
  }
} finally {
  hello.kill('SIGTERM');
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
