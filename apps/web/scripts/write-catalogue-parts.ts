// Cuts each compiled catalogue (src/lang/compiled/<locale>.json) into its parts,
// src/lang/compiled/<locale>/<part>.json (decision 050): `npm run i18n:compile -w @tarab/web` runs it.
import fs from 'node:fs';
import path from 'node:path';
import { splitCatalogue } from '../src/lib/i18n/catalogue-parts';

const compiled = path.resolve(import.meta.dirname, '../src/lang/compiled');
for (const file of fs.readdirSync(compiled).filter((name) => name.endsWith('.json'))) {
  const locale = path.basename(file, '.json');
  const catalogue = JSON.parse(fs.readFileSync(path.join(compiled, file), 'utf8')) as Record<string, unknown>;
  const folder = path.join(compiled, locale);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder);
  for (const [part, messages] of Object.entries(splitCatalogue(catalogue))) {
    fs.writeFileSync(path.join(folder, `${part}.json`), `${JSON.stringify(messages, null, 2)}\n`);
  }
  console.log(`${locale}: ${Object.keys(catalogue).length} messages in ${folder}`);
}
