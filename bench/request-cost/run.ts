/**
 * Request cost under a long-path attack (issue #31 item 3). The report: twenty 16 KB paths at a time
 * held `/api/health` for about 5 s, because the SPA fallback trimmed trailing slashes with `/(.)\/+$/`,
 * quadratic on a run of slashes.
 *
 * Two servers, each in its own process (so the client's event loop is not the server's):
 * - before: the old request path replayed in a minimal Fastify server (the SPA fallback with the old
 *   regex over a build with a prerendered page, no limit on the target's length, and /api/health);
 * - after: the real application (buildApp, PGlite in a fresh folder under .tmp/, the same build), with
 *   its 414 for targets over 2 KiB of path / 8 KiB in all (lib/request-target.ts) and the linear trim.
 * For each: /api/health p50/p99 alone, then again while twenty parallel clients send 16 KB paths
 * (`/a`, a run of slashes, `b`; each on a new connection, again as soon as answered). Also one call of the old regex and
 * of the new trim on one such path, timed inline.
 *
 *   npm run bench:request-cost [-- --seconds 10 --attackers 20 --size 16000]
 *
 * Budget: health p99 under the attack ≤ 50 ms on the real server (after).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = flag('seconds', 10);
const attackers = flag('attackers', 20);
const size = flag('size', 16_000);
const BUDGET_P99_MS = 50;

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A web build with one prerendered page: the fallback looks the trimmed path up in it. */
async function writeBuild(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'prerendered'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Tarab</title><div id="root"></div>');
  await fs.writeFile(path.join(dir, 'prerendered/music.html'), '<!doctype html><div data-prerendered="/music"></div>');
  await fs.writeFile(path.join(dir, 'prerendered/pages.json'), JSON.stringify({ '/music': 'music.html' }));
}

// ---- server side (a child process: `run.ts --serve before|after <dir>`) --------------------------------

async function serve(variant: string, dir: string): Promise<void> {
  const webDist = path.join(dir, 'web');
  if (variant === 'before') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    const prerendered = new Map([['/music', path.join(webDist, 'prerendered/music.html')]]);
    const indexHtml = await fs.readFile(path.join(webDist, 'index.html'), 'utf8');
    app.get('/api/health', async () => ({ ok: true }));
    // The old fallback: `trimSlashes` with the quadratic regex, on any length of path.
    app.setNotFoundHandler(async (request, reply) => {
      const [pathname = '/'] = request.url.split('?', 2);
      const page = prerendered.get(pathname.replace(/(.)\/+$/, '$1'));
      return reply.type('text/html; charset=utf-8').send(page ? await fs.readFile(page, 'utf8') : indexHtml);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(`PORT ${(app.server.address() as { port: number }).port}\n`);
    return;
  }
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { testConfig } = await import('../../apps/server/src/config.js');
  const { openDatabase } = await import('../../apps/server/src/db/client.js');
  const { migrateDatabase } = await import('../../apps/server/src/db/migrate.js');
  const { seedPlans } = await import('../../apps/server/src/seed/plans.js');
  const { createLocalStorage } = await import('../../apps/server/src/storage/local-storage.js');
  const database = await openDatabase({ dataDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  await seedPlans(database.db);
  const app = await buildApp({
    config: testConfig({ dataDir: dir, webDist, logLevel: 'silent' }),
    database,
    storage: createLocalStorage(path.join(dir, 'media')),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`PORT ${(app.server.address() as { port: number }).port}\n`);
}

// ---- client side ------------------------------------------------------------------------------------

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, target: string, agent: http.Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Health latencies, one request after another, for `durationMs`. */
async function healthLatencies(port: number, durationMs: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const t0 = performance.now();
    const status = await get(port, '/api/health', keepAlive);
    if (status !== 200) throw new Error(`/api/health answered ${status}`);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

interface Figures {
  alone: number[];
  attacked: number[];
  attackAnswers: Map<number, number>;
  attackRequests: number;
}

async function measure(port: number): Promise<Figures> {
  await healthLatencies(port, 500); // warm-up
  const alone = await healthLatencies(port, (seconds * 1000) / 2);
  let running = true;
  let attackRequests = 0;
  const attackAnswers = new Map<number, number>();
  // A run of slashes not at the end: the old regex tried every position of it (quadratic).
  const target = `/a${'/'.repeat(size - 3)}b`;
  const loops = Array.from({ length: attackers }, async () => {
    while (running) {
      const status = await get(port, target, false).catch(() => 0);
      attackRequests++;
      attackAnswers.set(status, (attackAnswers.get(status) ?? 0) + 1);
    }
  });
  await new Promise((r) => setTimeout(r, 200)); // the attack in flight first
  const attacked = await healthLatencies(port, seconds * 1000);
  running = false;
  await Promise.all(loops);
  return { alone, attacked, attackAnswers, attackRequests };
}

async function run(variant: 'before' | 'after', dir: string): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', variant, dir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /PORT (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.on('exit', (code) => reject(new Error(`the ${variant} server exited (${code})`)));
    });
    return await measure(port);
  } finally {
    child.kill('SIGTERM');
  }
}

if (args[0] === '--serve') {
  await serve(args[1]!, args[2]!);
} else {
  console.log('Request cost benchmark (issue #31 item 3)');
  console.log(
    `  machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
  );
  console.log(
    `  attack: ${attackers} parallel clients, each sending GET /a + ${size - 3} slashes + b (${size} characters) again as soon as answered`,
  );
  const sample = `/a${'/'.repeat(size)}b`;
  let t0 = performance.now();
  sample.replace(/(.)\/+$/, '$1');
  const oldRegexMs = performance.now() - t0;
  const { trimTrailingSlashes } = await import('../../apps/server/src/plugins/spa.js');
  t0 = performance.now();
  trimTrailingSlashes(sample);
  const newTrimMs = performance.now() - t0;
  console.log(`  one ${size}-slash path: old regex ${ms(oldRegexMs)}, linear trim ${ms(newTrimMs)}`);

  const dir = path.join(repoRoot, '.tmp', `bench-request-cost-${process.pid}`);
  await fs.rm(dir, { recursive: true, force: true });
  await writeBuild(path.join(dir, 'web'));
  let afterP99 = NaN;
  try {
    for (const variant of ['before', 'after'] as const) {
      const f = await run(variant, dir);
      const answers = [...f.attackAnswers].map(([status, n]) => `${n}× ${status || 'error'}`).join(', ');
      console.log(
        `\n  ${variant === 'before' ? 'before (the old fallback, replayed)' : 'after (the real application)'}`,
      );
      console.log(
        `    /api/health alone:        p50 ${ms(percentile(f.alone, 50))}, p99 ${ms(percentile(f.alone, 99))} (${f.alone.length} requests)`,
      );
      console.log(
        `    /api/health under attack: p50 ${ms(percentile(f.attacked, 50))}, p99 ${ms(percentile(f.attacked, 99))}, max ${ms(f.attacked.at(-1) ?? NaN)} (${f.attacked.length} requests)`,
      );
      console.log(`    attack requests answered: ${f.attackRequests} (${answers})`);
      if (variant === 'after') afterP99 = percentile(f.attacked, 99);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    keepAlive.destroy();
  }
  const ok = afterP99 <= BUDGET_P99_MS;
  console.log(
    `\n  budget: /api/health p99 under the attack ≤ ${BUDGET_P99_MS} ms (after): ${ms(afterP99)} ${ok ? 'PASS' : 'MISS'}`,
  );
  process.exitCode = ok ? 0 : 1;
}
