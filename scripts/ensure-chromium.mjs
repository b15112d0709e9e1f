// Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests: installs it with
// apt-get when it is missing and we may (root on Debian), else fails with one clear line.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `Chromium not found at ${CHROMIUM}: install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium with apt-get…");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
