// `npm run bench [-- catalog|web] [args]`: runs the benchmarks in bench/; each prints what it ran, the figures and the budget.
import { spawnSync } from 'node:child_process';

const [which = 'catalog', ...rest] = process.argv.slice(2);
const scripts = {
  catalog: 'bench/catalog/run.ts',
  web: 'bench/web/run.ts',
  ingest: 'bench/ingest/run.ts',
  load: 'bench/load/run.ts',
  downloads: 'bench/downloads/run.ts',
  cluster: 'bench/cluster/run.ts',
  audition: 'bench/audition/run.ts',
  'decode-memory': 'bench/decode-memory/run.ts',
  'request-cost': 'bench/request-cost/run.ts',
  certificates: 'bench/certificates/run.ts',
};
const script = scripts[which];
if (!script) {
  console.error(`Unknown benchmark "${which}". Known: ${Object.keys(scripts).join(', ')}`);
  process.exit(2);
}
const r = spawnSync('npx', ['tsx', script, ...rest], { stdio: 'inherit' });
process.exit(r.status ?? 1);
