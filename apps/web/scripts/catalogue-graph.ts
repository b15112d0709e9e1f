/**
 * Which messages each part of a translated catalogue holds, read off the app's module graph
 * (decision 050). `npm run i18n:compile -w @tarab/web` writes the parts (write-catalogue-parts.ts);
 * src/lib/i18n/catalogue-parts.test.ts checks the written parts are these.
 *
 * - `core`: the messages of the files the app's shell imports statically from src/app/start.tsx
 *   (header, footer, layout, router…): loaded before the first render.
 * - `late`: the messages of the shell's own on-demand chunks (the Menu panel, the player dock, the
 *   account menu…) that `core` does not hold: loaded with those chunks (`loadLateMessages`).
 * - `answers`: the server's messages (src/lib/i18n/server-message-table.ts): loaded with the table,
 *   before an API answer is handed to the page (`loadAnswerTexts`).
 * - one part per route of src/app/router.tsx: the messages of every file its page reaches, statically
 *   or on demand, that `core` does not hold: loaded with the page's code.
 * Every other message (one no file names) is in `core`.
 */
import fs from 'node:fs';
import path from 'node:path';

export const srcDir = path.resolve(import.meta.dirname, '../src');

/** The files of the answers' part: the server's messages as the web app knows them. */
export const answerFiles = ['lib/i18n/server-message-table.ts'];

/** Files whose on-demand imports are catalogue and data loaders, not page code. */
const loaderFiles = new Set([
  'app/router.tsx',
  'lib/i18n/messages.ts',
  'lib/i18n/server-messages.ts',
  'lib/i18n/catalog-names.ts',
]);

export type CatalogueSplit = {
  core: string[];
  late: string[];
  answers: string[];
  /** By route path (`paths.*.path`, `*`). */
  routes: Record<string, string[]>;
};

export type ModuleGraph = ReturnType<typeof readModuleGraph>;

/** The app's source files (no tests, no test helpers) with their imports and the message ids they name. */
export function readModuleGraph(src = srcDir) {
  const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');
  const list = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : list(full);
      return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [rel(full)] : [];
    });
  const files = list(src);
  const text = new Map(files.map((file) => [file, fs.readFileSync(path.join(src, file), 'utf8')]));

  const resolve = (from: string, specifier: string): string | null => {
    const base = specifier.startsWith('@/')
      ? specifier.slice(2)
      : specifier.startsWith('.')
        ? rel(path.resolve(src, path.dirname(from), specifier))
        : null;
    if (base === null) return null;
    return (
      [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => text.has(f)) ?? null
    );
  };
  const importsOf = (file: string, kind: 'static' | 'dynamic'): string[] => {
    const code = text.get(file) ?? '';
    const pattern =
      kind === 'static' ? /(?:\bfrom\s+|^import\s+)['"]([^'"]+)['"]/gm : /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
    return [...code.matchAll(pattern)].flatMap((m) => resolve(file, m[1]!) ?? []);
  };
  /** The message ids a file names (`id: 'a.b'`, `id="a.b"`). */
  const idsIn = (file: string) =>
    [...(text.get(file) ?? '').matchAll(/\bid[:=]\s*\{?\s*['"]([A-Za-z]\w*(?:\.\w+)+)['"]/g)].map((m) => m[1]!);

  return { files, text, importsOf, idsIn, resolve };
}

/** The files `starts` reach: by static imports, and by on-demand ones too when `dynamic` (never through a loader file). */
export function reach(graph: ModuleGraph, starts: readonly string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...graph.importsOf(file, 'static'));
    if (dynamic && !loaderFiles.has(file)) queue.push(...graph.importsOf(file, 'dynamic'));
  }
  return seen;
}

/** Each route of router.tsx (`page(paths.x.path, () => import('./routes/x'))`): its path and its page module. */
export function routesOfRouter(graph: ModuleGraph, paths: object): { path: string; module: string }[] {
  const code = graph.text.get('app/router.tsx') ?? '';
  return [...code.matchAll(/[pP]age\((paths\.[\w.]+\.path|'\*'),\s*\(\) => import\('(\.\/[^']+)'\)\)/g)].map((m) => {
    const expression = m[1]!;
    const value =
      expression === "'*'"
        ? '*'
        : expression
            .split('.')
            .slice(1)
            .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], paths);
    const module = graph.resolve('app/router.tsx', m[2]!);
    if (typeof value !== 'string' || !module) throw new Error(`router.tsx: cannot read the route ${m[0]}`);
    return { path: value, module };
  });
}

/** The shell's on-demand chunks: what the shell's files import on demand (not pages, not catalogues). */
export function shellChunks(graph: ModuleGraph): { file: string; chunk: string }[] {
  const shell = reach(graph, ['app/start.tsx'], false);
  return [...shell]
    .filter((file) => !loaderFiles.has(file))
    .flatMap((file) => graph.importsOf(file, 'dynamic').map((chunk) => ({ file, chunk })));
}

/** The parts of a catalogue holding `ids` (decision 050). */
export function splitCatalogueIds(ids: readonly string[], graph: ModuleGraph, paths: object): CatalogueSplit {
  const known = new Set(ids);
  const idsOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => graph.idsIn(file)));
  const only = (set: Set<string>, except: Set<string>) => ids.filter((id) => set.has(id) && !except.has(id));

  const answers = new Set(only(idsOf(reach(graph, answerFiles, false)), new Set()));
  const shell = idsOf(reach(graph, ['app/start.tsx'], false));
  const named = new Set([...graph.files].flatMap((file) => graph.idsIn(file)));
  // The shell's messages, and any message no file names (kept where a page surely has it).
  const core = new Set(ids.filter((id) => !answers.has(id) && (shell.has(id) || !named.has(id))));
  const before = new Set([...core, ...answers]);
  const late = only(
    idsOf(
      reach(
        graph,
        shellChunks(graph).map(({ chunk }) => chunk),
        true,
      ),
    ),
    before,
  );
  const routes: Record<string, string[]> = {};
  for (const route of routesOfRouter(graph, paths)) {
    routes[route.path] = only(idsOf(reach(graph, [route.module], true)), before);
  }
  for (const id of ids) if (!known.has(id)) throw new Error(id);
  return { core: ids.filter((id) => core.has(id)), late, answers: ids.filter((id) => answers.has(id)), routes };
}

export { routePartName } from '../src/lib/i18n/route-part-name';
