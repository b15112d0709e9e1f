import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Api as ApiRefs } from './api-refs.generated';
import { Api } from './index';
import { renderApiRefs } from './render-api-refs';

describe('the route references (api-refs.generated.ts)', () => {
  it('are the route table without its schemas, up to date (npm run contracts:refs)', () => {
    const file = fs.readFileSync(new URL('./api-refs.generated.ts', import.meta.url), 'utf8');
    expect(file).toBe(renderApiRefs(Api));
  });

  it('name every route of the table once, with its method and path', () => {
    const table: Record<string, Record<string, { method: string; path: string }>> = Api;
    const refs: Record<string, Record<string, { key: string; method: string; path: string }>> = ApiRefs;
    expect(Object.keys(refs)).toEqual(Object.keys(table));
    for (const [group, routes] of Object.entries(table)) {
      expect(Object.keys(refs[group] ?? {})).toEqual(Object.keys(routes));
      for (const [name, route] of Object.entries(routes)) {
        expect(refs[group]?.[name]).toEqual({ key: `${group}.${name}`, method: route.method, path: route.path });
      }
    }
  });

  it('import no schema library', () => {
    const file = fs.readFileSync(new URL('./api-refs.generated.ts', import.meta.url), 'utf8');
    expect(file).not.toMatch(/\bimport\b/);
  });
});
