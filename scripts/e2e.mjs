// Builds the web app (unless the build in apps/web/dist is of the same sources) and runs the
// Playwright specs; the Playwright config starts the real server.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const web = path.join(repo, 'apps/web');
const stampFile = path.join(web, '.tmp/build-inputs.sha256');

/** What the web build reads: the web app's sources and config, the contracts, the postbuild, the lock file. */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/scripts',
  'packages/contracts',
  'scripts/web-postbuild.mjs',
  'tsconfig.base.json',
  'package-lock.json',
];
const SKIP = new Set(['node_modules', 'dist', '.tmp']);

function* filesOf(relative) {
  const full = path.join(repo, relative);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    yield* filesOf(path.join(relative, entry.name));
  }
}

/** A hash of the build inputs' paths and contents (and of NODE_ENV-like settings that change the output). */
function buildInputsHash() {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of filesOf(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(repo, file)));
    }
  }
  hash.update(`node ${process.version}\0NODE_ENV=${process.env.NODE_ENV ?? ''}`);
  return hash.digest('hex');
}

/** The stamp: the inputs' hash and the time of the build it made (another `npm run build` changes it). */
const distIndex = path.join(web, 'dist/index.html');
const stamp = () => `${buildInputsHash()} ${fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 'none'}`;

ensureChromium();
const current = stamp();
if (process.env.E2E_REBUILD !== '1' && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === current) {
  console.log('apps/web/dist is built from these sources: not rebuilt (E2E_REBUILD=1 forces it).');
} else {
  fs.rmSync(stampFile, { force: true });
  execSync('npm run build', { stdio: 'inherit' });
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, stamp());
}
// A fresh data folder each run, so the run proves a first start works (migrate, render, seed).
if (!process.env.E2E_DATA_DIR)
  fs.rmSync(new URL('../.tmp/e2e-data', import.meta.url), { recursive: true, force: true });
const extra = process.argv.slice(2).join(' ');
execSync(`npx playwright test --config apps/web/playwright.config.ts ${extra}`, { stdio: 'inherit' });
