/**
 * Why a page is slow: the metrics, LCP element and phases, and the main diagnostics of Lighthouse
 * reports written by `BENCH_LHR_DIR=… npx tsx bench/web/run.ts`.
 *
 *   npx tsx bench/web/lhr-summary.ts .tmp/lhr/home-1.json [more.json…]
 */
import fs from 'node:fs/promises';

type Audit = {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; items?: Record<string, unknown>[] };
};
type Lhr = { finalDisplayedUrl: string; audits: Record<string, Audit>; categories: { performance: { score: number } } };

const ms = (v: unknown) => (typeof v === 'number' ? `${Math.round(v)} ms` : String(v));
const kb = (v: unknown) => (typeof v === 'number' ? `${(v / 1024).toFixed(1)} KB` : String(v));

for (const file of process.argv.slice(2)) {
  const lhr = JSON.parse(await fs.readFile(file, 'utf8')) as Lhr;
  const a = lhr.audits;
  const items = (id: string) => a[id]?.details?.items ?? [];
  console.log(
    `\n=== ${file} — ${lhr.finalDisplayedUrl} — performance ${Math.round(lhr.categories.performance.score * 100)}`,
  );
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
    'interactive',
    'server-response-time',
  ]) {
    console.log(`  ${id.padEnd(26)} ${a[id]?.displayValue ?? ''} (score ${a[id]?.score})`);
  }
  const lcpEl = a['largest-contentful-paint-element']?.details?.items ?? [];
  for (const table of lcpEl) {
    const rows = (table as { items?: Record<string, unknown>[] }).items ?? [];
    for (const row of rows) {
      const node = row['node'] as { snippet?: string; nodeLabel?: string } | undefined;
      if (node) console.log(`  LCP element: ${node.snippet} "${node.nodeLabel}"`);
      if (row['phase']) console.log(`    ${String(row['phase']).padEnd(18)} ${ms(row['timing'])}`);
    }
  }
  console.log(`  bootup-time: ${a['bootup-time']?.displayValue}`);
  for (const it of items('bootup-time').slice(0, 5))
    console.log(
      `    ${String(it['url']).slice(-60).padEnd(60)} total ${ms(it['total'])} script ${ms(it['scripting'])} parse ${ms(it['scriptParseCompile'])}`,
    );
  console.log(`  mainthread-work-breakdown: ${a['mainthread-work-breakdown']?.displayValue}`);
  for (const it of items('mainthread-work-breakdown'))
    console.log(`    ${String(it['groupLabel']).padEnd(30)} ${ms(it['duration'])}`);
  console.log(`  render-blocking-resources: ${a['render-blocking-resources']?.displayValue ?? 'none'}`);
  for (const it of items('render-blocking-resources'))
    console.log(`    ${String(it['url']).slice(-60)} ${kb(it['totalBytes'])} wasted ${ms(it['wastedMs'])}`);
  console.log(`  unused-javascript: ${a['unused-javascript']?.displayValue ?? 'none'}`);
  for (const it of items('unused-javascript'))
    console.log(`    ${String(it['url']).slice(-60)} ${kb(it['totalBytes'])} unused ${kb(it['wastedBytes'])}`);
  console.log(`  unused-css-rules: ${a['unused-css-rules']?.displayValue ?? 'none'}`);
  console.log(
    `  font-display: score ${a['font-display']?.score} ${items('font-display')
      .map((i) => i['url'])
      .join(', ')}`,
  );
  console.log(`  long-tasks: ${a['long-tasks']?.displayValue ?? ''}`);
  for (const it of items('long-tasks').slice(0, 6))
    console.log(`    ${String(it['url']).slice(-60).padEnd(60)} start ${ms(it['startTime'])} ${ms(it['duration'])}`);
  console.log(`  network-requests (start → end, transfer):`);
  for (const it of items('network-requests'))
    console.log(
      `    ${String(it['url'])
        .replace(/^https?:\/\/[^/]+/, '')
        .slice(0, 60)
        .padEnd(
          60,
        )} ${ms(it['networkRequestTime']).padStart(8)} → ${ms(it['networkEndTime']).padStart(8)} ${kb(it['transferSize']).padStart(9)} ${it['resourceType']} ${it['priority']}`,
    );
  console.log(
    `  total-byte-weight: ${a['total-byte-weight']?.displayValue}; uses-text-compression: ${a['uses-text-compression']?.displayValue ?? a['uses-text-compression']?.score}`,
  );
  console.log(`  diagnostics:`, JSON.stringify(a['diagnostics']?.details?.items?.[0]));
}
