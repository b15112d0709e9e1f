import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 048: each table is written (INSERT, UPDATE, DELETE) only by the repos of the module that
 * owns it; other modules read it in joins or ask the owner's service to change it. A table's owner is
 * the module of its schema file (`db/schema/<file>.ts`). Reads across modules stay allowed (a join is
 * the cheap way to show a licence with its track), so this walks the writes, not the imports: Drizzle's
 * `.insert(table)`, `.update(table)`, `.delete(table)` and raw `insert into`, `update`, `delete from`.
 */
const src = path.join(import.meta.dirname, '../../src');

/** Schema file → owning module (`src/modules/<module>`); `meta` belongs to db/ and the seed. */
const ownerOfSchemaFile: Record<string, string | null> = {
  'admin.ts': 'admin',
  'catalog.ts': 'catalog',
  'commerce.ts': 'commerce',
  'ingest.ts': 'ingest',
  'library.ts': 'library',
  'meta.ts': null,
  'quotes.ts': 'quotes',
  'users.ts': 'auth',
};

/**
 * Writes kept on purpose, each with its reason (`<module>/<file>`: tables). The test fails when one
 * of these is no longer made, so the list cannot go stale.
 */
const deliberate: Record<string, { tables: string[]; why: string }> = {};

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function tablesOfSchema(): { tableOfIdentifier: Map<string, string>; ownerOfTable: Map<string, string | null> } {
  const tableOfIdentifier = new Map<string, string>();
  const ownerOfTable = new Map<string, string | null>();
  for (const file of fs.readdirSync(path.join(src, 'db/schema'))) {
    if (file === 'index.ts') continue;
    expect(Object.keys(ownerOfSchemaFile), `the owner of db/schema/${file}`).toContain(file);
    const code = fs.readFileSync(path.join(src, 'db/schema', file), 'utf8');
    for (const [, identifier, table] of code.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tableOfIdentifier.set(identifier!, table!);
      ownerOfTable.set(table!, ownerOfSchemaFile[file]!);
    }
  }
  return { tableOfIdentifier, ownerOfTable };
}

/** The tables each repo writes, by `<module>/<file>`. */
function writesOfRepos(): Map<string, Set<string>> {
  const { tableOfIdentifier, ownerOfTable } = tablesOfSchema();
  const writes = new Map<string, Set<string>>();
  const modules = path.join(src, 'modules');
  for (const module of fs.readdirSync(modules)) {
    for (const file of fs.readdirSync(path.join(modules, module))) {
      if (!file.endsWith('.repo.ts')) continue;
      const code = stripComments(fs.readFileSync(path.join(modules, module, file), 'utf8'));
      const found = new Set<string>();
      for (const [, , identifier] of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
        const table = tableOfIdentifier.get(identifier!);
        if (table) found.add(table);
      }
      for (const [, , table] of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
        if (ownerOfTable.has(table!)) found.add(table!);
      }
      writes.set(`${module}/${file}`, found);
    }
  }
  return writes;
}

describe('table ownership (decision 048)', () => {
  const { ownerOfTable } = tablesOfSchema();
  const writes = writesOfRepos();

  it('finds the writes it looks for (Drizzle calls and raw SQL)', () => {
    expect(writes.get('library/library.repo.ts')).toEqual(new Set(['playlists', 'playlist_items', 'favourites']));
    expect(writes.get('catalog/catalog-search.repo.ts')).toEqual(new Set(['tracks', 'search_terms']));
  });

  it("writes a table only from its owning module's repos, or as a recorded exception", () => {
    const foreign: string[] = [];
    for (const [repo, tables] of writes) {
      const module = repo.split('/')[0]!;
      const allowed = new Set(deliberate[repo]?.tables ?? []);
      for (const table of tables) {
        const owner = ownerOfTable.get(table);
        if (owner !== module && !allowed.has(table)) foreign.push(`${repo} writes ${table} (owned by ${owner})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('keeps only exceptions that are still made', () => {
    const stale: string[] = [];
    for (const [repo, { tables }] of Object.entries(deliberate)) {
      for (const table of tables) if (!writes.get(repo)?.has(table)) stale.push(`${repo}: ${table}`);
    }
    expect(stale).toEqual([]);
  });
});
