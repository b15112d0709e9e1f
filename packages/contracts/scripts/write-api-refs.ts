// Writes src/routes/api-refs.generated.ts from the route table (decision 050): `npm run contracts:refs`.
import fs from 'node:fs';
import { Api } from '../src/routes/index.js';
import { renderApiRefs } from '../src/routes/render-api-refs.js';

const target = new URL('../src/routes/api-refs.generated.ts', import.meta.url);
fs.writeFileSync(target, renderApiRefs(Api));
console.log(`wrote ${target.pathname}`);
