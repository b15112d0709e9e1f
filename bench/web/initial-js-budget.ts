/**
 * The initial-JavaScript budget of `/` and `/ar/` (issue 33 item 6): fails when a page's initial JavaScript
 * (gzip, as `initialJsGzipKb` counts it) grows more than 10 % above the baseline recorded in
 * bench/web/initial-js-budget.json.
 *
 *   npm run build -w @tarab/web && npm run check:initial-js       (exit 1 when a page is over)
 *   npm run check:initial-js -- --update                          (record the current build as the baseline)
 *   npm run check:initial-js -- --dist <dir>                      (another build; BENCH_WEB_DIST works too)
 *
 * Update the baseline (and commit the JSON) when a change makes the first page lighter, or when a
 * heavier first page is a decision written down in docs/performance.md: never just to make the check pass.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { initialJsGzipKb } from './initial-js';

/** How far above its baseline a page's initial JavaScript may grow: 10 %. */
export const TOLERANCE = 0.1;

export const defaultBudgetFile = path.join(import.meta.dirname, 'initial-js-budget.json');

/** One page's baseline: its initial JavaScript (KB gzip) and its prerendered file in dist/prerendered/. */
export type PageBaseline = { baselineKb: number; file: string };
/** The budget file: page → baseline, and a `$comment` on how to update it. */
export type BudgetFile = Record<string, PageBaseline | string>;

export type PageVerdict = {
  page: string;
  file: string;
  kb: number;
  baselineKb: number;
  limitKb: number;
  ok: boolean;
  /** Why it failed when the page could not be measured (its prerendered file is missing). */
  problem?: string;
};

const round1 = (kb: number) => Math.round(kb * 10) / 10;

export async function readBudget(budgetFile = defaultBudgetFile): Promise<Record<string, PageBaseline>> {
  const json = JSON.parse(await fs.readFile(budgetFile, 'utf8')) as BudgetFile;
  const pages: Record<string, PageBaseline> = {};
  for (const [page, value] of Object.entries(json)) {
    if (typeof value === 'string') continue;
    if (typeof value?.baselineKb !== 'number' || typeof value.file !== 'string')
      throw new Error(`${budgetFile}: "${page}" needs { "baselineKb": number, "file": string }`);
    pages[page] = value;
  }
  if (Object.keys(pages).length === 0) throw new Error(`${budgetFile} lists no page`);
  return pages;
}

/** Measures one page of a build; a page whose prerendered file is missing is a failure, not a fallback. */
async function measure(dist: string, page: string, baseline: PageBaseline, tolerance: number): Promise<PageVerdict> {
  const limitKb = baseline.baselineKb * (1 + tolerance);
  const verdict = { page, file: baseline.file, baselineKb: baseline.baselineKb, limitKb };
  const expected = path.join(dist, 'prerendered', baseline.file);
  const exists = await fs.access(expected).then(
    () => true,
    () => false,
  );
  if (!exists) return { ...verdict, kb: Number.NaN, ok: false, problem: `${expected} is missing` };
  const js = await initialJsGzipKb(dist, baseline.file);
  return { ...verdict, kb: js.kb, ok: js.kb <= limitKb };
}

/** Every page of the budget file against a build in `dist`. */
export async function checkInitialJs(
  dist: string,
  budgetFile = defaultBudgetFile,
  tolerance = TOLERANCE,
): Promise<PageVerdict[]> {
  const pages = await readBudget(budgetFile);
  return Promise.all(Object.entries(pages).map(([page, baseline]) => measure(dist, page, baseline, tolerance)));
}

/** Rewrites the budget file's baselines from the build in `dist` (its pages and $comment stay). */
export async function updateBaseline(dist: string, budgetFile = defaultBudgetFile): Promise<PageVerdict[]> {
  const json = JSON.parse(await fs.readFile(budgetFile, 'utf8')) as BudgetFile;
  const verdicts = await checkInitialJs(dist, budgetFile);
  const missing = verdicts.filter((v) => v.problem);
  if (missing.length > 0) throw new Error(missing.map((v) => `${v.page}: ${v.problem}`).join('\n'));
  for (const v of verdicts) json[v.page] = { baselineKb: round1(v.kb), file: v.file };
  await fs.writeFile(budgetFile, `${JSON.stringify(json, null, 2)}\n`);
  return verdicts;
}

export function describeVerdict(v: PageVerdict): string {
  if (v.problem) return `${v.page.padEnd(5)} FAIL: ${v.problem} (build the web app first: npm run build -w @tarab/web)`;
  const change = Math.round((v.kb / v.baselineKb - 1) * 1000) / 10;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${v.page.padEnd(5)} ${v.kb.toFixed(1)} KB gzip (baseline ${v.baselineKb.toFixed(1)} KB, ${sign}${Math.abs(change).toFixed(1)} %; limit ${v.limitKb.toFixed(1)} KB): ${v.ok ? 'ok' : 'OVER BUDGET'}`;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const distArg = args.indexOf('--dist');
  const budgetArg = args.indexOf('--budget');
  const dist = path.resolve(
    distArg >= 0
      ? args[distArg + 1]!
      : (process.env.BENCH_WEB_DIST ?? path.resolve(import.meta.dirname, '../../apps/web/dist')),
  );
  const budgetFile = budgetArg >= 0 ? path.resolve(args[budgetArg + 1]!) : defaultBudgetFile;
  if (args.includes('--update')) {
    for (const v of await updateBaseline(dist, budgetFile))
      console.log(`${v.page.padEnd(5)} baseline ${round1(v.kb).toFixed(1)} KB gzip (was ${v.baselineKb.toFixed(1)})`);
    console.log(`written to ${path.relative(process.cwd(), budgetFile)}: commit it`);
  } else {
    const verdicts = await checkInitialJs(dist, budgetFile);
    console.log(`Initial JavaScript (gzip) of ${dist}, at most ${TOLERANCE * 100} % above the recorded baseline:`);
    for (const v of verdicts) console.log(`  ${describeVerdict(v)}`);
    const over = verdicts.filter((v) => !v.ok);
    if (over.length > 0) {
      console.error(
        `\n${over.length} page(s) over the initial-JavaScript budget. Take something off the first page, or, if the` +
          ` growth is a decision (docs/performance.md), record it: npm run check:initial-js -- --update`,
      );
      process.exitCode = 1;
    }
  }
}
