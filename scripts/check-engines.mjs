// npm run lint: the Node.js version the README asks for, the root package's `engines` and every
// installed dependency's `engines` agree (issue #34 item 6). A dependency that wants a newer Node than
// the README promises fails here instead of warning in `npm ci` and breaking on a user's machine.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const repo = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(repo, file), 'utf8'));

const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
const promised = /Needs Node\.js (\d+\.\d+)\+/.exec(readme)?.[1];
if (!promised) throw new Error('README.md: no "Needs Node.js X.Y+" line');
const oldest = `${promised}.0`;

const problems = [];
const rootRange = readJson('package.json').engines?.node;
if (rootRange !== `>=${promised}`)
  problems.push(`package.json engines.node is ${rootRange}; the README says ${promised}+`);
for (const [where, entry] of Object.entries(readJson('package-lock.json').packages)) {
  const range = entry.engines?.node;
  if (where && range && !semver.satisfies(oldest, range)) problems.push(`${where} wants Node ${range}`);
}
if (problems.length > 0) {
  console.error(`Node.js versions disagree (README: ${promised}+):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-engines: the README, package.json and every dependency admit Node.js ${promised}`);
