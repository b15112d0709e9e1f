/**
 * Load and soak benchmark (issue #9 part 6): the real server in its own process (DEMO_CATALOG=small,
 * NODE_ENV=production, a fresh DATA_DIR under .tmp/), a mixed workload of virtual users at a steady
 * open-loop rate (apps/server/test/load/workload/scenarios.ts says what they do), then the figures and the database rows
 * checked against the successful requests. Exits non-zero when a check fails.
 *
 *   npm run bench:load -- [--duration 300] [--rate 30] [--warmup 30] [--users N] [--seed S]
 *                         [--db postgres://postgres@127.0.0.1:5432/postgres] [--json out.json]
 *
 * PGlite by default; PostgreSQL with --db <url> (or BENCH_DATABASE_URL): a throwaway database is
 * created on that server for the run and dropped afterwards. LOAD_SERVER_ROOT=<folder> runs the server of
 * another copy of the repository (e.g. `git archive` of a commit under .tmp/) with this workload.
 * Figures and the row checks: docs/performance.md, "Load and soak".
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatReport } from '../../apps/server/test/load/workload/report.js';
import { runLoad } from '../../apps/server/test/load/workload/run-load.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const number = (name: string, fallback: number): number => {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number, got ${raw}`);
    process.exit(2);
  }
  return value;
};

const durationS = number('duration', 300);
const rate = number('rate', 30);
const warmupS = number('warmup', Math.min(30, Math.max(5, Math.round(durationS / 10))));
const users = option('users') === undefined ? undefined : number('users', 0);
const seed = option('seed') === undefined ? undefined : number('seed', 1);
const dbUrl = option('db') ?? process.env.BENCH_DATABASE_URL;
const jsonOut = option('json');

const started = performance.now();
const report = await runLoad({
  kind: dbUrl ? 'postgres' : 'pglite',
  adminUrl: dbUrl,
  rate,
  durationS,
  warmupS,
  users,
  seed,
  maxRssGrowth: 0.1,
  log: (line) => console.log(`  ${line}`),
});
console.log('');
for (const line of formatReport(report)) console.log(line);
console.log(`(whole run ${((performance.now() - started) / 1000).toFixed(0)} s)`);

const repoRoot = path.resolve(import.meta.dirname, '../..');
const out = jsonOut ?? path.join(repoRoot, `bench/results/load-${report.kind}.json`);
await fs.mkdir(path.dirname(out), { recursive: true });
await fs.writeFile(out, JSON.stringify(report, null, 2));
console.log(`figures written to ${path.relative(repoRoot, out)}`);
process.exit(report.passed ? 0 : 1);
