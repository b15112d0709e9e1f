import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialJsGzipKb } from './initial-js';
import { checkInitialJs, readBudget, TOLERANCE, updateBaseline } from './initial-js-budget';

/** Text gzip barely shrinks (a fixed pseudo-random sequence), so its gzip size follows its length. */
function noise(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += alphabet[x >>> 26];
  }
  return out;
}

let dir: string;
let dist: string;
let budgetFile: string;

/** A small build: a prerendered page with its entry, a module preload, a page chunk and a static import. */
async function writeDist(extraBytes = 0) {
  await fs.mkdir(path.join(dist, 'prerendered'), { recursive: true });
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  const html = (lang: string) =>
    `<!doctype html><html lang="${lang}"><head>` +
    '<script type="module" crossorigin src="/assets/entry-a1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">' +
    '</head><body><div id="root" data-modules="/assets/home-c3.js"></div></body></html>';
  await fs.writeFile(path.join(dist, 'prerendered/index.html'), html('en'));
  await fs.writeFile(path.join(dist, 'prerendered/ar_index.html'), html('ar'));
  await fs.writeFile(path.join(dist, 'assets/entry-a1.js'), `import"./vendor-b2.js";const e="${noise(8000, 1)}";`);
  await fs.writeFile(path.join(dist, 'assets/vendor-b2.js'), `export const v="${noise(12000, 2)}";`);
  await fs.writeFile(
    path.join(dist, 'assets/home-c3.js'),
    `import{v}from"./shared-d4.js";export const h="${noise(4000 + extraBytes, 3)}";`,
  );
  await fs.writeFile(path.join(dist, 'assets/shared-d4.js'), `export const v="${noise(6000, 4)}";`);
  // Not on the first page: never counted.
  await fs.writeFile(path.join(dist, 'assets/admin-e5.js'), `export const a="${noise(50000, 5)}";`);
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'initial-js-budget-'));
  dist = path.join(dir, 'dist');
  budgetFile = path.join(dir, 'budget.json');
  await fs.writeFile(
    budgetFile,
    JSON.stringify({
      $comment: 'how to update',
      '/': { baselineKb: 0, file: 'index.html' },
      '/ar/': { baselineKb: 0, file: 'ar_index.html' },
    }),
  );
  await writeDist();
  await updateBaseline(dist, budgetFile);
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

/** Grows the home chunk until the page is `ratio` times its baseline (real gzip, measured). */
async function growTo(ratio: number): Promise<number> {
  const { baselineKb } = (await readBudget(budgetFile))['/']!;
  const target = baselineKb * ratio;
  let extra = 0;
  let kb = baselineKb;
  while (kb < target) {
    extra += 256;
    await writeDist(extra);
    kb = (await initialJsGzipKb(dist, 'index.html')).kb;
  }
  return kb / baselineKb;
}

describe('initial-JavaScript budget', () => {
  it('records the gzip size of the page scripts, preloads, data-modules and their static imports', async () => {
    const budget = JSON.parse(await fs.readFile(budgetFile, 'utf8'));
    const js = await initialJsGzipKb(dist, 'index.html');
    expect(js.files.sort()).toEqual(
      ['assets/entry-a1.js', 'assets/home-c3.js', 'assets/shared-d4.js', 'assets/vendor-b2.js'].sort(),
    );
    expect(budget['/']).toEqual({ baselineKb: Math.round(js.kb * 10) / 10, file: 'index.html' });
    expect(budget['/'].baselineKb).toBeGreaterThan(20);
    expect(budget.$comment).toBe('how to update');
  });

  it('passes a build that grew less than 10 %', async () => {
    const ratio = await growTo(1.05);
    expect(ratio).toBeLessThan(1 + TOLERANCE);
    const verdicts = await checkInitialJs(dist, budgetFile);
    expect(verdicts.map((v) => [v.page, v.ok])).toEqual([
      ['/', true],
      ['/ar/', true],
    ]);
  });

  it('fails a page that grew more than 10 %', async () => {
    const ratio = await growTo(1.12);
    expect(ratio).toBeGreaterThan(1 + TOLERANCE);
    const verdicts = await checkInitialJs(dist, budgetFile);
    expect(verdicts.map((v) => [v.page, v.ok])).toEqual([
      ['/', false],
      ['/ar/', false],
    ]);
    expect(verdicts[0]!.kb).toBeGreaterThan(verdicts[0]!.limitKb);
  });

  it('fails when a page of the budget is not in the build', async () => {
    await fs.rm(path.join(dist, 'prerendered/ar_index.html'));
    const verdicts = await checkInitialJs(dist, budgetFile);
    expect(verdicts.find((v) => v.page === '/ar/')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/missing/),
    });
  });

  it('exits 1 from the command line when over, 0 within, and --update records the new size', async () => {
    const cli = (...args: string[]) =>
      spawnSync(
        path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx'),
        [path.join(import.meta.dirname, 'initial-js-budget.ts'), '--dist', dist, '--budget', budgetFile, ...args],
        { encoding: 'utf8' },
      );
    await growTo(1.12);
    const over = cli();
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/OVER BUDGET/);
    expect(cli('--update').status).toBe(0);
    const after = cli();
    expect(after.status).toBe(0);
    expect(after.stdout).not.toMatch(/OVER BUDGET/);
    // Three cold starts of tsx, one after the other: seconds each on a busy two-core machine.
  }, 60_000);
});
