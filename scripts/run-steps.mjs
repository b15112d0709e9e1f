// Runs named shell steps in order, stops at the first failure, and prints a closing summary.
// A step `{ name, parallel: [step, …] }` runs its steps at the same time (independent work, like
// the typecheck and the lint): each one's output is printed whole when it ends, so it stays readable.
import { spawn } from 'node:child_process';

const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(1);

function run(step, { buffered }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: '/bin/bash',
      env: { ...process.env, ...(step.env ?? {}) },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = secondsSince(started);
      if (buffered) {
        console.log(`\n=== ${step.name} (${seconds} s) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, ok: code === 0, seconds });
    });
  });
}

export async function runSteps(steps) {
  const results = [];
  for (const step of steps) {
    const started = Date.now();
    if (step.parallel) {
      console.log(`\n=== ${step.name}: ${step.parallel.map((s) => s.name).join(' | ')} (at the same time) ===`);
      const done = await Promise.all(step.parallel.map((s) => run(s, { buffered: true })));
      results.push(...done);
      results.push({ name: `${step.name} (wall clock)`, ok: done.every((r) => r.ok), seconds: secondsSince(started) });
    } else {
      console.log(`\n=== ${step.name} ===`);
      results.push(await run(step, { buffered: false }));
    }
    if (!results.at(-1).ok) break;
  }
  console.log('\n=== summary ===');
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
  const ran = results.filter((r) => !r.name.endsWith('(wall clock)'));
  const failed = ran.filter((r) => !r.ok).length;
  const total = steps.reduce((n, s) => n + (s.parallel ? s.parallel.length : 1), 0);
  const skipped = total - ran.length;
  console.log(`steps: ${ran.length - failed} passed, ${failed} failed${skipped ? `, ${skipped} not run` : ''}`);
  return failed === 0;
}
