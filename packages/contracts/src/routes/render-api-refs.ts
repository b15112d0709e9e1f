import type { RouteSpec } from './define.js';

/**
 * The route table without its schemas (decision 050): for every route of `Api`, its key
 * (`catalog.album`), method and path, as the source of `api-refs.generated.ts`. The web app calls
 * routes through these references, so its first page does not load zod and every schema of the
 * table; the client loads the table itself (and parses the answer with the route's schema) when
 * the first answer arrives.
 */
export function renderApiRefs(table: Readonly<Record<string, Readonly<Record<string, RouteSpec>>>>): string {
  const lines = [
    '// Generated from the route table (routes/index.ts) by `npm run contracts:refs`: do not edit.',
    '// routes/api-refs.test.ts fails when it is out of date (decision 050).',
    '',
    '/** Every route of `Api` as a reference: key, method and path, no schemas (zod-free). */',
    'export const Api = {',
  ];
  for (const [group, routes] of Object.entries(table)) {
    lines.push(`  ${group}: {`);
    for (const [name, route] of Object.entries(routes)) {
      const key = JSON.stringify(`${group}.${name}`).replaceAll('"', "'");
      const path = JSON.stringify(route.path).replaceAll('"', "'");
      lines.push(`    ${name}: { key: ${key}, method: '${route.method}', path: ${path} },`);
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}
