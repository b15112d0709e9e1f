/**
 * The translated catalogue in parts (decision 050), cut by the app's module graph
 * (scripts/catalogue-graph.ts): the parts on disk are the graph's, each route's page finds every text
 * it can show in the core or its own part, and the shell's on-demand chunks bring the late part.
 * Otherwise an Arabic page would show some of its texts in English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { catalogueParts } from '@/lang/compiled/parts.generated';
import {
  reach,
  readModuleGraph,
  routesOfRouter,
  shellChunks,
  splitCatalogueIds,
} from '../../../scripts/catalogue-graph';
import { partFiles, partsModule } from '../../../scripts/write-catalogue-parts';

const compiled = path.resolve(import.meta.dirname, '../../lang/compiled');
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(compiled, file), 'utf8')) as Record<string, unknown>;
const listed = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listed(path.join(dir, entry.name)).map((name) => `${entry.name}/${name}`)
        : [entry.name.replace(/\.json$/, '')],
    );

const graph = readModuleGraph();
const arabic = read('ar.json');
const split = splitCatalogueIds(Object.keys(arabic), graph, paths);
const routes = routesOfRouter(graph, paths);

describe('the Arabic catalogue in parts', () => {
  it('is on disk as the module graph cuts it (run `npm run i18n:compile -w @tarab/web`)', () => {
    const files = partFiles(arabic, split);
    expect(listed(path.join(compiled, 'ar')).sort()).toEqual(Object.keys(files).sort());
    for (const [name, messages] of Object.entries(files)) expect(read(`ar/${name}.json`), name).toEqual(messages);
    expect(fs.readFileSync(path.join(compiled, 'parts.generated.ts'), 'utf8')).toBe(
      partsModule(['ar'], Object.keys(split.routes)),
    );
  });

  it('has a part for every route of the router, loaded by its path', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ path: paths.loops.path, module: 'app/routes/loops.tsx' });
    expect(routes).toContainEqual({ path: paths.home.path, module: 'app/routes/home.tsx' });
    expect(Object.keys(catalogueParts['ar']!.routes).sort()).toEqual(routes.map((route) => route.path).sort());
  });

  it('holds every message; the core holds the shell’s, and no route part repeats the core', () => {
    const everywhere = new Set([...split.core, ...split.late, ...split.answers, ...Object.values(split.routes).flat()]);
    expect(Object.keys(arabic).filter((id) => !everywhere.has(id))).toEqual([]);
    const core = new Set(split.core);
    for (const [route, ids] of Object.entries(split.routes))
      expect(
        ids.filter((id) => core.has(id)),
        route,
      ).toEqual([]);
    // Known texts where they belong: the header's, a home page's, the Menu panel's, a server message.
    expect(split.core).toContain('account.login');
    expect(split.routes['/']).toContain('home.discover');
    expect(split.core).not.toContain('home.discover');
    expect(split.routes['/admin']).toEqual(expect.arrayContaining(['admin.title']));
    expect(split.routes['/']).not.toContain('admin.title');
    expect(split.answers).toContain('server.somethingWentWrong');
  });

  it('gives each page every text its files name, in the core or its own part', () => {
    const core = new Set([...split.core, ...split.answers]);
    for (const route of routes) {
      const own = new Set(split.routes[route.path]);
      const missing = [...reach(graph, [route.module], true)]
        .flatMap((file) => graph.idsIn(file).map((id) => `${file}: ${id}`))
        .filter((entry) => {
          const id = entry.slice(entry.indexOf(': ') + 2);
          return id in arabic && !core.has(id) && !own.has(id);
        });
      expect(missing, route.path).toEqual([]);
    }
  });

  it('the shell’s on-demand chunks load the late part with their code', () => {
    const chunks = shellChunks(graph);
    expect(chunks.map(({ chunk }) => chunk)).toEqual(
      expect.arrayContaining(['app/layout/mobile-menu-panel.tsx', 'app/layout/player-dock-with-favourites.tsx']),
    );
    for (const { file } of chunks) expect(graph.text.get(file), file).toMatch(/loadLateMessages\(\)/);
  });
});
