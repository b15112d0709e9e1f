/**
 * Load and soak (issue #9 part 6): the real server in its own process (server.ts), a mixed workload of
 * virtual users at a steady, open-loop arrival rate (scenarios.ts, load-run.ts), its latency, errors
 * and memory (report.ts), and — after the server has stopped — the database rows checked against the
 * successful requests (ledger.ts, checks.ts).
 *
 * Shared by `npm run bench:load` (bench/load/run.ts, 5 minutes), `npm run bench:cluster` and the short
 * version in the test suite (apps/server/test/load/short-load.test.ts, ~15 s).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../throwaway-postgres.js';
import { checkRows, runChecks, type Check } from './checks.js';
import { LoadRun } from './load-run.js';
import { latencyFigures, type LoadReport, type MemorySample } from './report.js';
import { REQUESTS_PER_SCENARIO, totalWeight } from './scenarios.js';
import { prepareDatabase, readRssKb, repoRoot, startServer, type DbKind, type RunningServer } from './server.js';

export interface LoadOptions {
  kind: DbKind;
  /** PostgreSQL (kind postgres): the server on which a throwaway database is created and dropped. */
  adminUrl?: string;
  /** Target requests per second. */
  rate: number;
  /** The measured part, after warm-up. */
  durationS: number;
  /** The workload at the same rate before measuring (its requests count for the row checks). */
  warmupS: number;
  /** A DATA_DIR to use and keep (the test reuses one); default: a fresh folder under .tmp/, removed after. */
  dataDir?: string;
  /** Users registered before warm-up; default: enough for the expected purchases. */
  users?: number;
  seed?: number;
  /** The allowed growth of the server's RSS from the end of warm-up to the end of the run (0.10 = 10 %). */
  maxRssGrowth: number;
  /** Achieved requests per second at least this share of the target (default 0.9). */
  minThroughputRatio?: number;
  log?: (line: string) => void;
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 20261122;
  const ownDataDir = !options.dataDir;
  const dataDir =
    options.dataDir ??
    path.join(repoRoot, '.tmp', `load-${options.kind}-${Date.now().toString(36)}-${process.pid.toString(36)}`);
  await fs.mkdir(dataDir, { recursive: true });
  const prepared = await prepareDatabase(options.kind, dataDir, options.adminUrl);
  let server: RunningServer | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    log(`starting the server (${options.kind}, DATA_DIR ${path.relative(repoRoot, dataDir) || dataDir})…`);
    server = await startServer(
      {
        DATA_DIR: dataDir,
        DEMO_CATALOG: 'small',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PAYMENTS: 'local',
        // The load registers and logs in many users from one address.
        REGISTER_MAX_PER_WINDOW: '1000000',
        AUTH_MAX_FAILURES: '1000000',
        ...prepared.env,
      },
      await freePort(),
    );
    log(`server pid ${server.pid} ready in ${server.startupS.toFixed(1)} s`);
    const run = new LoadRun(server.base, seed);
    const pid = server.pid;
    const t0 = performance.now();
    const samples: MemorySample[] = [];
    const sample = async () => {
      const rssKb = await readRssKb(pid);
      if (rssKb !== null) samples.push({ atS: (performance.now() - t0) / 1000, phase: run.phase, rssKb });
      return rssKb;
    };
    sampler = setInterval(() => void sample(), 5_000);
    await sample();

    await run.loadCatalog();
    const expectedPurchases =
      ((options.rate / REQUESTS_PER_SCENARIO) * (options.durationS + options.warmupS) * 7) / totalWeight;
    const users = options.users ?? Math.max(32, Math.ceil(expectedPurchases / (0.75 * run.catalog.all.length)) + 12);
    log(
      `catalog: ${run.catalog.music.length} music, ${run.catalog.loops.length} loops, ${run.catalog.albums.length} albums; registering ${users} users…`,
    );
    await run.registerUsers(users);

    log(`warm-up: ${options.warmupS} s at ${options.rate} req/s`);
    run.phase = 'warmup';
    await run.drive(options.warmupS, options.rate);
    run.phase = 'measure';
    const startKb = (await sample()) ?? 0;
    log(`measuring: ${options.durationS} s at ${options.rate} req/s (RSS at start ${(startKb / 1024).toFixed(1)} MiB)`);
    const measureStart = performance.now();
    run.measureStart = measureStart;
    const progress = setInterval(() => {
      const last = samples[samples.length - 1];
      log(
        `  ${((performance.now() - measureStart) / 1000).toFixed(0)} s: ${run.measuredRequests} requests, ${run.errorCount} errors, ${run.inflight.size} in flight, RSS ${last ? (last.rssKb / 1024).toFixed(1) : '?'} MiB`,
      );
    }, 30_000);
    await run.drive(options.durationS, options.rate);
    const measuredS = (performance.now() - measureStart) / 1000;
    const endKb = (await sample()) ?? 0;
    clearInterval(progress);
    run.phase = 'drain';
    clearInterval(sampler);
    sampler = undefined;
    await run.drain(60_000);
    run.agent.destroy();

    const serverExitCode = await server.stop();
    const serverLog = server.laterOutput;
    log(`server stopped (exit code ${serverExitCode}); checking the database rows…`);
    const database = await prepared.open();
    let rowChecks: Check[];
    try {
      rowChecks = await checkRows(database, run);
    } finally {
      await database.close();
    }

    const measured = samples.filter((s) => s.phase === 'measure');
    const rss = measured.map((s) => s.rssKb);
    const growth = startKb > 0 ? endKb / startKb - 1 : 0;
    const achievedRps = run.measuredRequests / measuredS;
    const { overall, ops, timeline } = latencyFigures(run);
    const checks: Check[] = [
      ...runChecks({
        errorCount: run.errorCount,
        rate: options.rate,
        minThroughputRatio: options.minThroughputRatio ?? 0.9,
        achievedRps,
        startKb,
        endKb,
        growth,
        maxRssGrowth: options.maxRssGrowth,
        serverExitCode,
      }),
      ...rowChecks,
    ];
    return {
      kind: options.kind,
      rate: options.rate,
      durationS: options.durationS,
      warmupS: options.warmupS,
      seed,
      usersAtStart: users,
      registeredDuringRun: run.registeredDuringRun,
      measuredS,
      requests: run.measuredRequests,
      achievedRps,
      overall,
      ops,
      scenarios: run.scenarios,
      errors: {
        total: run.errorCount,
        network: run.networkErrors,
        byPhase: run.errorsByPhase,
        samples: run.errorSamples,
      },
      timeline,
      userWaits: { count: run.userWaits, maxMs: run.maxUserWaitMs },
      maxLagMs: run.maxLagMs,
      memory: {
        startKb,
        endKb,
        minKb: rss.length ? Math.min(...rss) : 0,
        maxKb: rss.length ? Math.max(...rss) : 0,
        growth,
        samples,
      },
      ledger: run.ledger.summary(),
      checks,
      passed: checks.every((c) => c.pass),
      serverLog,
      serverExitCode,
      startupS: server.startupS,
    };
  } finally {
    if (sampler) clearInterval(sampler);
    if (server) await server.stop();
    await prepared.cleanup();
    if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}
