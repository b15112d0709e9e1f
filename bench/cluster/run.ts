/**
 * Scale-out benchmark (issue #21): N server processes (default 3) on one PostgreSQL, one Redis and the S3
 * driver (s3rver), behind HAProxy from Debian's packages, under the open-loop mixed workload of
 * bench:load. Mid-run one process is killed with SIGKILL and started again. Then it checks what several
 * processes must agree on, and the database rows:
 *
 *   npm run bench:cluster -- [--duration 60] [--rate 25] [--processes 3] [--no-kill] [--json out.json]
 *                            [--db postgres://postgres@127.0.0.1:5432/postgres] [--redis redis://127.0.0.1:6379]
 *
 * Checks: zero errors outside the kill window (requests in flight on the killed process are counted and
 * shown apart); the Enterprise quote limit of one address is global (10 per hour over all processes, not
 * 10 per process); an unpublished track leaves every process's cached lists within 1 s; a session made
 * through the balancer is valid on every process; uploads queued through the balancer are each processed
 * exactly once; every paid order has exactly one licence, and the workload's own row checks
 * (apps/server/test/load/workload/checks.ts) hold. Figures: throughput and p95 of a closed-loop catalog mix against one
 * process and against the balancer over N (autocannon), with the CPU the machine has.
 * Installs HAProxy with apt when it is missing and this runs as root (like Chromium for the browser tests).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { encodeWav } from '@tarab/audio';
import { openDatabase, selectRows } from '../../apps/server/src/db/client.js';
import { multipartBody } from '../../apps/server/test/multipart.js';
import { startS3TestServer } from '../../apps/server/test/s3-test-server.js';
import { createThrowawayPostgres, freePort } from '../../apps/server/test/throwaway-postgres.js';
import { checkRows, type Check } from '../../apps/server/test/load/workload/checks.js';
import { LoadRun } from '../../apps/server/test/load/workload/load-run.js';
import { startServer, type RunningServer } from '../../apps/server/test/load/workload/server.js';
import { z } from 'zod';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const durationS = Number(option('duration') ?? 60);
const rate = Number(option('rate') ?? 25);
const processes = Number(option('processes') ?? 3);
const kill = !args.includes('--no-kill');
const adminUrl = option('db') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = option('redis') ?? process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const jsonOut = option('json');
const log = (line: string) => console.log(`  ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const repoRoot = path.resolve(import.meta.dirname, '../..');

function ensureHaproxy(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('HAProxy is missing: apt-get install -y haproxy (needs root)');
  log('installing haproxy (apt)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return 'haproxy';
}

/** HAProxy in front of the processes: health checks on readiness, round robin, retries only before sending. */
function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-keep-alive',
    '  retries 3',
    // A request is sent again to another process only when it could not be sent at all.
    '  retry-on conn-failure',
    '  option redispatch',
    `frontend store`,
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend tarab',
    'backend tarab',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    ...backends.map((p, i) => `  server p${i + 1} 127.0.0.1:${p} check inter 500ms fall 2 rise 2`),
    '',
  ].join('\n');
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  while (!(await probe().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(25);
  }
  return Date.now() - started;
}

async function request(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

const json = (payload: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(payload),
});

/** Closed-loop throughput of a catalog mix (distinct pages and searches, past the 10-s micro-cache). */
async function capacity(base: string, seconds: number): Promise<{ rps: number; p95: number; errors: number }> {
  const words = ['hijaz', 'oud', 'ney', 'desert', 'qanun', 'bayati', 'darbuka', 'saba', 'calm', 'nahawand'];
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: 16,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          n += 1;
          const word = words[n % words.length]!;
          return { ...req, method: 'GET', path: `/api/music?search=${word}&page=${1 + (n % 3)}&n=${n}` };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p95: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

const checks: Check[] = [];
const check = (name: string, expected: string, actual: string, pass: boolean) =>
  checks.push({ name, expected, actual, pass });

const started = performance.now();
const haproxyBin = ensureHaproxy();
const redisProbe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
await redisProbe.connect().catch(() => {
  throw new Error(`Redis does not answer at ${redisUrl}`);
});
const prefix = `tarab-cluster-${randomBytes(3).toString('hex')}:`;
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-cluster-'));
const pgDb = await createThrowawayPostgres(adminUrl, 'tarab_cluster');
const s3 = await startS3TestServer();
await s3.createBucket('tarab-cluster');
const servers: (RunningServer | null)[] = [];
const ports: number[] = [];
let haproxy: ChildProcess | null = null;
let exitCode = 1;
try {
  const secret = randomBytes(32).toString('hex');
  const envOf = (i: number): Record<string, string> => ({
    DATA_DIR: path.join(work, `p${i + 1}`),
    DATABASE_URL: pgDb.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'tarab-cluster',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // One signing key for all: a download link made by one process is valid on every other.
    SECRET_KEY: secret,
    // One HAProxy in front (and the quote check below plays one proxy hop): trust one hop, never all.
    TRUST_PROXY: '1',
    DEMO_CATALOG: 'small',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYMENTS: 'local',
    AUDIO_WORKERS: '1',
    REGISTER_MAX_PER_WINDOW: '1000000',
    AUTH_MAX_FAILURES: '1000000',
  });
  for (let i = 0; i < processes; i++) ports.push(await freePort());
  // The first process renders the demo catalog into PostgreSQL and S3; the others find it there.
  log(`starting ${processes} server processes (PostgreSQL ${new URL(pgDb.url).pathname.slice(1)}, Redis, S3)…`);
  servers.push(await startServer(envOf(0), ports[0]!));
  log(`p1 ready in ${servers[0]!.startupS.toFixed(1)} s (rendered the demo catalog)`);
  const rest = await Promise.all(ports.slice(1).map((port, i) => startServer(envOf(i + 1), port)));
  servers.push(...rest);
  const lbPort = await freePort();
  const cfgPath = path.join(work, 'haproxy.cfg');
  await fs.writeFile(cfgPath, haproxyConfig(lbPort, ports));
  haproxy = spawn(haproxyBin, ['-f', cfgPath, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const lb = `http://127.0.0.1:${lbPort}`;
  const direct = ports.map((p) => `http://127.0.0.1:${p}`);
  await waitFor('the balancer', async () => (await request(`${lb}/api/health/ready`)).status === 200);
  log(`HAProxy on ${lb} → ${ports.join(', ')}`);

  // Capacity: one process directly, then all of them through the balancer (same mix, same seconds).
  log('capacity: 10 s closed loop against one process, then through the balancer…');
  const one = await capacity(direct[0]!, 10);
  const all = await capacity(lb, 10);

  // Sessions: made through the balancer, valid on every process.
  const login = await request(
    `${lb}/api/api_login`,
    json({ email: 'artist@tarab.test', password: 'create-for-tarab' }),
  );
  const token = (login.body as { data: { token: string } }).data.token;
  const meStatuses = await Promise.all(
    direct.map(async (d) => (await request(`${d}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status),
  );
  check(
    'a session is valid on every process',
    `${processes} × 200`,
    meStatuses.join(' '),
    meStatuses.every((s) => s === 200),
  );

  // Uploads through the balancer, while the load runs: each processed exactly once.
  const tone = (hz: number) =>
    encodeWav([new Float32Array(44_100 * 4).map((_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / 44_100))], 44_100);
  const uploadIds: number[] = [];
  for (let i = 0; i < 6; i++) {
    const { payload, contentType } = multipartBody(
      { metadata: JSON.stringify({ title: `Cluster upload ${i}`, kind: 'loop', price: 2 }) },
      { field: 'file', filename: `cluster-${i}.wav`, bytes: tone(220 + 30 * i), type: 'audio/wav' },
    );
    const res = await request(`${lb}/api/artist/tracks`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      body: payload,
    });
    if (res.status !== 202) throw new Error(`upload ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    uploadIds.push((res.body as { data: { id: number } }).data.id);
  }

  // The workload through the balancer; one process killed (SIGKILL) halfway and started again.
  const run = new LoadRun(lb, 20261124);
  await run.loadCatalog();
  await run.registerUsers(40);
  run.phase = 'warmup';
  await run.drive(5, rate);
  run.phase = 'measure';
  run.measureStart = performance.now();
  let errorsBeforeKill = 0;
  let errorsAfterKill = 0;
  const driving = run.drive(durationS, rate);
  if (kill && processes > 1) {
    await sleep((durationS * 1000) / 2);
    errorsBeforeKill = run.errorCount;
    const victim = servers[1]!;
    log(`SIGKILL p2 (pid ${victim.pid}) at ${(durationS / 2).toFixed(0)} s; ${run.inflight.size} scenarios in flight`);
    victim.child.kill('SIGKILL');
    // HAProxy's readiness checks (every 500 ms, 2 failures) take p2 out within about a second.
    await sleep(2_000);
    errorsAfterKill = run.errorCount;
    servers[1] = await startServer(envOf(1), ports[1]!);
    log(`p2 started again in ${servers[1].startupS.toFixed(1)} s`);
  }
  await driving;
  run.phase = 'drain';
  await run.drain(60_000);
  run.agent.destroy();
  const killWindowErrors = errorsAfterKill - errorsBeforeKill;
  const otherErrors = run.errorCount - killWindowErrors;
  check(
    'errors outside the kill window (unexpected status or network error)',
    '0',
    `${otherErrors} (${killWindowErrors} in the 2 s after the SIGKILL, shown apart)`,
    otherErrors === 0,
  );

  // Global limit: 12 quote requests from one address spread over every process → 10 accepted.
  const quoteStatuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await request(`${direct[i % processes]}/api/enterprise/quote`, {
      ...json({ name: 'Cluster', company: 'Cluster Films', email: 'c@cluster.example', needs: 'A limit check.' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.44' },
    });
    quoteStatuses.push(res.status);
  }
  const accepted = quoteStatuses.filter((s) => s === 201).length;
  check(
    'the per-address quote limit is global (10/hour over all processes)',
    '10 × 201, then 429',
    `${accepted} × 201, ${quoteStatuses.filter((s) => s === 429).length} × 429`,
    accepted === 10 && quoteStatuses.slice(10).every((s) => s === 429),
  );

  // Uploads: every one ends processed, with one track.
  await waitFor(
    'uploads processed',
    async () => {
      const statuses = await Promise.all(
        uploadIds.map(
          async (id) =>
            (
              (await request(`${lb}/api/artist/uploads/${id}`, { headers: { authorization: `Bearer ${token}` } }))
                .body as {
                data: { status: string };
              }
            ).data.status,
        ),
      );
      return statuses.every((s) => s === 'processed' || s === 'failed');
    },
    120_000,
  );

  // Catalog caches: an own track (the first upload's), published, cached on every process, then
  // unpublished through the balancer: time until every process's cached search drops it.
  const firstUpload = (
    await request(`${lb}/api/artist/uploads/${uploadIds[0]}`, { headers: { authorization: `Bearer ${token}` } })
  ).body as { data: { track: { id: number; title: string } | null } };
  const track = firstUpload.data.track!;
  await request(`${lb}/api/artist/tracks/${track.id}/publish`, json({}, token));
  const searchPath = `/api/loop?search=${encodeURIComponent(track.title)}`;
  const listedOn = async (base: string) =>
    ((await request(base + searchPath)).body as { data: { data: Array<{ id: number }> } }).data.data.some(
      (t) => t.id === track.id,
    );
  const cachedEverywhere = await Promise.all(direct.map((d) => waitFor(`listed on ${d}`, () => listedOn(d), 15_000)));
  const unpub = await request(`${lb}/api/artist/tracks/${track.id}/unpublish`, json({}, token));
  const visibleMs = await Promise.all(
    direct.map((d) => waitFor(`unpublish seen on ${d}`, async () => !(await listedOn(d)), 15_000).catch(() => 15_000)),
  );
  check(
    'an unpublished track leaves every process within 1 s',
    '≤ 1000 ms on each',
    `${unpub.status}; ${visibleMs.map((ms) => `${ms} ms`).join(', ')}`,
    cachedEverywhere.length === processes && unpub.status === 200 && visibleMs.every((ms) => ms <= 1_000),
  );

  for (const server of servers) await server?.stop();
  servers.length = 0;
  const database = await openDatabase({ url: pgDb.url });
  try {
    const uploads = await selectRows(
      database.db,
      z.object({ status: z.string(), tracks: z.number(), attempts: z.number() }),
      sql`select u.status, u.attempts, (select count(*)::int from tracks t where t.title = u.metadata->>'title') as tracks
          from uploads u where u.id in ${sql.raw(`(${uploadIds.join(',')})`)}`,
    );
    check(
      'uploads through the balancer: each processed once, one track each',
      `${uploadIds.length} processed, ${uploadIds.length} tracks`,
      `${uploads.filter((u) => u.status === 'processed').length} processed, ${uploads.reduce((s, u) => s + u.tracks, 0)} tracks, attempts ${uploads.map((u) => u.attempts).join('/')}`,
      uploads.length === uploadIds.length && uploads.every((u) => u.status === 'processed' && u.tracks === 1),
    );
    const [licences] = await selectRows(
      database.db,
      z.object({ paid: z.number(), bad: z.number() }),
      sql`select count(*)::int as paid,
                 count(*) filter (where (select count(*) from licenses l where l.order_id = o.id) <> 1)::int as bad
          from orders o where o.status = 'paid'`,
    );
    check(
      'every paid order has exactly one licence',
      '0 without',
      `${licences!.bad} of ${licences!.paid}`,
      licences!.bad === 0,
    );
    for (const c of await checkRows(database, run)) checks.push(c);
  } finally {
    await database.close();
  }

  const cores = os.cpus().length;
  console.log('');
  console.log(
    `bench:cluster — ${processes} processes behind HAProxy, PostgreSQL + Redis + S3 (s3rver), ${cores} cores`,
  );
  console.log(`  workload: ${rate} req/s open loop for ${durationS} s (${run.measuredRequests} measured requests)`);
  if (kill) console.log(`  SIGKILL of p2 halfway, started again after 2 s`);
  console.log(`  capacity, catalog mix, 16 connections, 10 s:`);
  console.log(`    1 process directly : ${one.rps.toFixed(0)} req/s, p97.5 ${one.p95} ms, ${one.errors} errors`);
  console.log(
    `    ${processes} via HAProxy    : ${all.rps.toFixed(0)} req/s, p97.5 ${all.p95} ms, ${all.errors} errors (ratio ${(all.rps / one.rps).toFixed(2)}; bounded by ${cores} cores)`,
  );
  for (const c of checks)
    console.log(`  ${c.pass ? 'PASS' : 'FAIL'} ${c.name}: expected ${c.expected}, got ${c.actual}`);
  console.log(`(whole run ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (jsonOut) await fs.writeFile(path.resolve(repoRoot, jsonOut), JSON.stringify({ one, all, checks }, null, 2));
  exitCode = checks.every((c) => c.pass) ? 0 : 1;
} finally {
  for (const server of servers) await server?.stop().catch(() => undefined);
  haproxy?.kill('SIGTERM');
  await s3.stop();
  await pgDb.drop().catch(() => undefined);
  const keys = await redisProbe.keys(`${prefix}*`);
  if (keys.length) await redisProbe.del(...keys);
  await redisProbe.quit();
  await fs.rm(work, { recursive: true, force: true });
}
process.exit(exitCode);
