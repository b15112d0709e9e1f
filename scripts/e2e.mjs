// Builds the web app and runs the Playwright specs; the Playwright config starts the real server.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
execSync('npm run build', { stdio: 'inherit' });
// A fresh data folder each run, so the run proves a first start works (migrate, render, seed).
if (!process.env.E2E_DATA_DIR)
  fs.rmSync(new URL('../.tmp/e2e-data', import.meta.url), { recursive: true, force: true });
const extra = process.argv.slice(2).join(' ');
execSync(`npx playwright test --config apps/web/playwright.config.ts ${extra}`, { stdio: 'inherit' });
