import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface DemoServerOptions {
  port: number;
  /** The server's DATA_DIR (kept between runs: the small demo catalog is rendered on the first start only). */
  dataDir: string;
  /** The built web app it serves (default apps/web/dist). */
  webDist?: string;
  /** The checkout whose server runs (default this one; bench:web can compare another build). */
  serverRoot?: string;
}

/**
 * Starts the production server on the embedded database with the small demo catalog, for the benches
 * that drive a browser against it, and resolves once it serves (or rejects with its output).
 */
export async function startDemoServer(options: DemoServerOptions): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(options.serverRoot ?? repoRoot, 'apps/server/src/main.ts')],
    {
      env: {
        ...env,
        WEB_DIST: options.webDist ?? path.join(repoRoot, 'apps/web/dist'),
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DEMO_CATALOG: 'small',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const deadline = Date.now() + 180_000;
  while (!out.includes('Tarab is serving')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}
