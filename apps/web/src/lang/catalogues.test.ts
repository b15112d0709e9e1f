/**
 * The message catalogues (decision 045) stay in step with the code: src/lang/en.json is what
 * `npm run i18n:extract` finds in the code, the catalogue the build compiles from src/lang/ar.json
 * (`@/lang/ar.messages`) is what FormatJS's own `formatjs compile --ast` makes of it, and every Arabic
 * message belongs to an English one and uses the same arguments.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from '@/testing/message-arguments';
import arabicCompiled from '@/lang/ar.messages';
import pkg from '../../package.json';

const webRoot = path.resolve(import.meta.dirname, '../..');
type Catalogue = Record<string, { defaultMessage: string }>;
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(webRoot, file), 'utf8')) as unknown;

/** Runs one of package.json's i18n scripts with its output sent to a temporary file instead. */
function runScript(name: 'i18n:extract' | 'i18n:compile', outFile: string): unknown {
  const [bin, ...args] = pkg.scripts[name]
    .split('&&')[0]!
    .replace(/--out-file \S+/, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((arg) => arg.replace(/^'(.*)'$/, '$1'));
  execFileSync(path.resolve(webRoot, '../../node_modules/.bin', bin!), [...args, '--out-file', outFile], {
    cwd: webRoot,
    stdio: 'pipe',
  });
  return JSON.parse(fs.readFileSync(outFile, 'utf8')) as unknown;
}

describe('message catalogues', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tarab-i18n-'));

  it('en.json is what the code says (run `npm run i18n:extract -w @tarab/web`)', () => {
    expect(read('src/lang/en.json')).toEqual(runScript('i18n:extract', path.join(tmp, 'en.json')));
  });

  it('the build compiles ar.json as `formatjs compile --ast` does (`npm run i18n:compile -w @tarab/web` checks it)', () => {
    expect(arabicCompiled).toEqual(runScript('i18n:compile', path.join(tmp, 'ar.json')));
  });

  it('every Arabic message translates an English one, with the same arguments', () => {
    const en = read('src/lang/en.json') as Catalogue;
    const ar = read('src/lang/ar.json') as Catalogue;
    // `error.<code>`: the server's errors, whose English is the contracts' (lib/i18n/error-text.test.ts).
    const own = Object.entries(ar).filter(([id]) => !id.startsWith('error.'));
    expect(own.map(([id]) => id).filter((id) => !(id in en))).toEqual([]);
    for (const [id, { defaultMessage }] of own) {
      const english = [...argumentsOf(parse(en[id]!.defaultMessage))].sort();
      expect([...argumentsOf(parse(defaultMessage))].sort(), id).toEqual(english);
    }
  });
});
