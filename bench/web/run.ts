/**
 * Front-end speed budget (issue "Site pages…"): Lighthouse (mobile preset) in Debian's Chromium on the
 * production build served by our server, and the initial JavaScript of `/` (gzip).
 *
 *   npm run build && npx tsx bench/web/run.ts        (or: npm run bench:web)
 *
 * Budgets: Performance ≥ 95, Accessibility ≥ 95, Best Practices ≥ 95, SEO ≥ 90 on /, /music, /album,
 * /pricing; initial JS for / ≤ 150 KB gzip.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dist = path.join(repoRoot, 'apps/web/dist');
const port = Number(process.env.BENCH_PORT ?? 18383);
const pages = ['/', '/music', '/album', '/pricing'];
const budgets = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 90 } as const;

async function initialJsGzipKb(): Promise<{ kb: number; files: string[] }> {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let total = 0;
  for (const f of new Set(files)) total += zlib.gzipSync(await fs.readFile(path.join(dist, f))).length;
  return { kb: total / 1024, files: [...new Set(files)] };
}

async function startServer() {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/server/src/main.ts')], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(repoRoot, '.tmp/bench-web-data'),
      DEMO_CATALOG: 'small',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const deadline = Date.now() + 180_000;
  while (!out.includes('Tarab is serving')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

const js = await initialJsGzipKb();
console.log(
  `Initial JavaScript for / : ${js.kb.toFixed(1)} KB gzip (${js.files.length} files) — budget ≤ 150 KB: ${js.kb <= 150 ? 'ok' : 'MISS'}`,
);

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let misses = 0;
try {
  console.log('\npage        perf  a11y  best   seo');
  for (const page of pages) {
    const result = await lighthouse(`http://127.0.0.1:${port}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(budgets),
    });
    const categories = result?.lhr.categories ?? {};
    const score = (k: keyof typeof budgets) => Math.round((categories[k]?.score ?? 0) * 100);
    const row = (Object.keys(budgets) as (keyof typeof budgets)[]).map((k) => {
      const s = score(k);
      if (s < budgets[k]) misses += 1;
      return `${String(s).padStart(4)}${s < budgets[k] ? '!' : ' '}`;
    });
    console.log(`${page.padEnd(10)} ${row.join(' ')}`);
  }
  console.log(
    `\nbudgets: performance ≥ ${budgets.performance}, accessibility ≥ ${budgets.accessibility}, best practices ≥ ${budgets['best-practices']}, SEO ≥ ${budgets.seo} (! = below)`,
  );
  console.log(misses === 0 && js.kb <= 150 ? 'all budgets met' : `${misses + (js.kb > 150 ? 1 : 0)} budget(s) missed`);
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}
