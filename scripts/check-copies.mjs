// `npm run lint`'s copy gate (issue #34): fails on a new copy of 8 or more identical lines. jscpd
// (run just before, configured in .jscpd.json) finds the copies, in strict mode: the same tokens, names
// and values; its JSON report is read here. Each pair of files has a known number of copies in
// scripts/known-copies.json, and a pair with more than it knows fails. Removing copies never fails:
// `npx jscpd && node scripts/check-copies.mjs --update` writes the smaller counts.
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const knownFile = path.join(repo, 'scripts/known-copies.json');
const update = process.argv.includes('--update');

const reportFile = path.join(repo, '.tmp/jscpd/jscpd-report.json');
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
const found = {};
const where = {};
for (const d of report.duplicates) {
  const sides = [d.firstFile, d.secondFile].map((f) => `${f.name}:${f.start}-${f.end}`);
  const key = [d.firstFile.name, d.secondFile.name].sort().join(' ~ ');
  found[key] = (found[key] ?? 0) + 1;
  (where[key] ??= []).push(sides.join(' ~ '));
}
const known = fs.existsSync(knownFile) ? JSON.parse(fs.readFileSync(knownFile, 'utf8')) : {};
if (update) {
  const sorted = Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(knownFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`check-copies: ${report.duplicates.length} known copies written to scripts/known-copies.json`);
} else {
  const added = Object.keys(found).filter((key) => found[key] > (known[key] ?? 0));
  if (added.length > 0) {
    console.error('check-copies: new copies of 8 or more identical lines (share the code instead):');
    for (const key of added) for (const place of where[key]) console.error(`  ${place}`);
    process.exitCode = 1;
  } else {
    const fewer = Object.keys(known).filter((key) => (found[key] ?? 0) < known[key]).length;
    const hint = fewer > 0 ? `; ${fewer} pair(s) have fewer now: run it with --update` : '';
    console.log(`check-copies: no new copies (${report.duplicates.length} known)${hint}`);
  }
}
