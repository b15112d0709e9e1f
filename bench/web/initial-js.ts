/**
 * The initial JavaScript of a prerendered page (gzip), as bench/web/run.ts reports it. On its own:
 *
 *   npm run build -w @tarab/web && npx tsx bench/web/initial-js.ts [index.html|ar.html…]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The JavaScript `/` loads before it is interactive, gzip (as the server sends it): the page's scripts and module preloads,
 * the page chunks its root lists (data-modules, prerendered pages), what the entry starts at once
 * (its dynamic import of the app, `__vite__mapDeps`), and all their static imports.
 */
export async function initialJsGzipKb(
  dist: string,
  prerenderedFile = 'index.html',
): Promise<{ kb: number; files: string[]; page: string }> {
  const prerendered = path.join(dist, 'prerendered', prerenderedFile);
  const page = await fs.access(prerendered).then(
    () => prerendered,
    () => path.join(dist, 'index.html'),
  );
  const html = await fs.readFile(page, 'utf8');
  const asset = (href: string) => href.replace(/^\//, '');
  const queue = [
    ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => asset(m[1]!)),
    ...(html.match(/data-modules="([^"]*)"/)?.[1] ?? '').split(' ').filter(Boolean).map(asset),
  ];
  const entries = new Set(
    [...html.matchAll(/<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/g)].map((m) => asset(m[1]!)),
  );
  const files = new Set<string>();
  let total = 0;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = await fs.readFile(path.join(dist, file));
    // What the server sends a gzip client: the build's .gz copy (scripts/web-postbuild.mjs), if any.
    const gz = await fs.readFile(path.join(dist, `${file}.gz`)).catch(() => zlib.gzipSync(code, { level: 9 }));
    total += gz.length;
    const text = code.toString('utf8');
    for (const m of text.matchAll(/(?:import|export)\s*(?:[\w$*{},\s]*from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g))
      queue.push(`assets/${m[1]}`);
    if (entries.has(file)) {
      const deps = text.match(/m\.f=\[([^\]]*)\]/)?.[1] ?? '';
      for (const m of deps.matchAll(/"(assets\/[^"]+\.js)"/g)) queue.push(m[1]!);
    }
  }
  return { kb: total / 1024, files: [...files], page: path.relative(dist, page) };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
  for (const file of process.argv.slice(2).length ? process.argv.slice(2) : ['index.html']) {
    const js = await initialJsGzipKb(dist, file);
    console.log(`${js.page}: ${js.kb.toFixed(1)} KB gzip, ${js.files.length} files`);
    for (const f of js.files) console.log(`  ${f}`);
  }
}
