/**
 * The Arabic catalogue's parts (decision 050) hold: an area's messages are used only by the area's
 * files, and those files are shown only by the area's routes, whose page loads the part. Otherwise an
 * Arabic page would show an area's text in English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { areasOfRoute, catalogueAreaNames, catalogueAreas, partOfMessage, splitCatalogue } from './catalogue-parts';

const src = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [rel(full)] : [];
  });
}

const files = sourceFiles(src);
const text = new Map(files.map((file) => [file, fs.readFileSync(path.join(src, file), 'utf8')]));

/** The message ids a file names (`id: 'a.b'`, `id="a.b"`). */
const idsIn = (code: string) =>
  [...code.matchAll(/\bid[:=]\s*\{?\s*['"]([A-Za-z]\w*(?:\.\w+)+)['"]/g)].map((m) => m[1]!);

/** A file's imports, static and dynamic, as files under src/. */
function importsOf(file: string): string[] {
  const code = text.get(file) ?? '';
  const specifiers = [...code.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith('@/')
      ? specifier.slice(2)
      : specifier.startsWith('.')
        ? rel(path.resolve(src, path.dirname(file), specifier))
        : null;
    if (base === null) return [];
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => text.has(f));
    return found ? [found] : [];
  });
}

function reachableFrom(start: string, skip: (from: string, to: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) if (!skip(file, next)) queue.push(next);
  }
  return seen;
}

/** Each route of router.tsx: its path and its page module. */
function routesOfRouter(): { path: string; module: string }[] {
  const code = text.get('app/router.tsx')!;
  return [...code.matchAll(/[pP]age\((paths\.[\w.]+\.path|'\*'),\s*\(\) => import\('\.\/([^']+)'\)\)/g)].map((m) => {
    const expression = m[1]!;
    const value =
      expression === "'*'"
        ? '*'
        : expression
            .split('.')
            .slice(1)
            .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], paths);
    return { path: String(value), module: importsOf('app/router.tsx').find((f) => f.startsWith(`app/${m[2]}`))! };
  });
}

const inArea = (file: string, sources: readonly string[]) =>
  sources.some((source) => (source.endsWith('/') ? file.startsWith(source) : file === source));

describe('the Arabic catalogue in parts', () => {
  it('splits by the areas’ prefixes, the rest in core', () => {
    const parts = splitCatalogue({ 'audition.tempo': 1, 'home.title': 2 });
    expect(parts.audition).toEqual({ 'audition.tempo': 1 });
    expect(parts.core).toEqual({ 'home.title': 2 });
    expect(partOfMessage('auditionary.x')).toBe('core');
  });

  it('finds every route of the router', () => {
    const routes = routesOfRouter();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ path: paths.loops.path, module: 'app/routes/loops.tsx' });
    expect(routes.every((route) => text.has(route.module))).toBe(true);
  });

  for (const area of catalogueAreaNames) {
    const { sources, routes } = catalogueAreas[area];

    it(`${area}: its messages are used only by its files`, () => {
      const misplaced = files.flatMap((file) =>
        idsIn(text.get(file)!)
          .filter((id) => partOfMessage(id) === area && !inArea(file, sources))
          .map((id) => `${file}: ${id}`),
      );
      expect(misplaced).toEqual([]);
      expect(files.some((file) => idsIn(text.get(file)!).some((id) => partOfMessage(id) === area))).toBe(true);
    });

    it(`${area}: each of its routes loads it, beside any other area the route belongs to`, () => {
      for (const route of routes) expect(areasOfRoute(route), route).toContain(area);
    });

    it(`${area}: its files are shown only by its routes (${routes.join(', ')})`, () => {
      const router = 'app/router.tsx';
      const shell = reachableFrom('app/start.tsx', (from) => from === router);
      const leaks = [...shell].filter((file) => inArea(file, sources)).map((file) => `the app shell: ${file}`);
      for (const route of routesOfRouter()) {
        if ((routes as readonly string[]).includes(route.path)) continue;
        const shown = reachableFrom(route.module, (from) => from === router);
        leaks.push(...[...shown].filter((file) => inArea(file, sources)).map((file) => `${route.path}: ${file}`));
      }
      expect(leaks).toEqual([]);
    });
  }
});
