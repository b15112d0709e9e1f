// Runs named shell steps in order, stops at the first failure, and prints a closing summary.
import { spawnSync } from 'node:child_process';

export function runSteps(steps) {
  const results = [];
  for (const step of steps) {
    const started = Date.now();
    console.log(`\n=== ${step.name} ===`);
    const r = spawnSync(step.cmd, {
      stdio: 'inherit',
      shell: '/bin/bash',
      env: { ...process.env, ...(step.env ?? {}) },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const ok = r.status === 0;
    results.push({ name: step.name, ok, seconds });
    if (!ok) break;
  }
  console.log('\n=== summary ===');
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
  const failed = results.filter((r) => !r.ok).length;
  const skipped = steps.length - results.length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed${skipped ? `, ${skipped} not run` : ''}`);
  return failed === 0;
}
