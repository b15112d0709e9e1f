// `npm test`: everything — typecheck, lint, unit + integration + component tests, then the
// Playwright end-to-end tests against the production build in Debian's Chromium, then that build's
// initial JavaScript against its budget (bench/web/initial-js-budget.json).
// The typecheck and the lint read the same files and write nothing: they run at the same time.
import { runSteps } from './run-steps.mjs';

const ok = await runSteps([
  { name: 'ffmpeg for the FLAC/AIFF/OGG ingestion tests', cmd: 'node scripts/ensure-ffmpeg.mjs' },
  {
    name: 'static checks',
    parallel: [
      { name: 'typecheck', cmd: 'npm run typecheck' },
      { name: 'lint', cmd: 'npm run lint' },
    ],
  },
  { name: 'unit, integration and component tests (vitest)', cmd: 'npx vitest run' },
  { name: 'end-to-end tests (Playwright + Chromium)', cmd: 'node scripts/e2e.mjs' },
  // The build the end-to-end tests ran on: its initial JavaScript within 10 % of the landed figures (issue 33).
  { name: 'initial JavaScript budget', cmd: 'npm run check:initial-js' },
]);
process.exit(ok ? 0 : 1);
