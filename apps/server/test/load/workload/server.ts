/**
 * The load run's server: the real server in its own process (`node --import tsx apps/server/src/main.ts`),
 * its memory from /proc, and the database it runs on (PGlite in its DATA_DIR, or a throwaway
 * PostgreSQL database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { createThrowawayPostgres } from '../../throwaway-postgres.js';

export type DbKind = 'pglite' | 'postgres';

export const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
/** LOAD_SERVER_ROOT measures another checkout of the repository (e.g. a `git archive` of a commit). */
const serverRoot = path.resolve(process.env.LOAD_SERVER_ROOT ?? repoRoot);
const mainTs = path.join(serverRoot, 'apps/server/src/main.ts');

/** VmRSS of a process in kB (Linux /proc), or null when it is gone. */
export async function readRssKb(pid: number): Promise<number | null> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Lines printed after "Tarab is serving" (LOG_LEVEL=warn: warnings and errors only). */
  laterOutput: string[];
  startupS: number;
  stop(): Promise<number | null>;
}

export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  // DATABASE_URL and payment settings of the caller's shell must not leak into the run.
  const {
    DATABASE_URL: _db,
    STRIPE_SECRET_KEY: _sk,
    STRIPE_PUBLISHABLE_KEY: _pk,
    STRIPE_WEBHOOK_SECRET: _wh,
    STRIPE_API_URL: _api,
    ...inherited
  } = process.env;
  // `node --import tsx` rather than the tsx binary: the same loader, but the spawned pid is the server
  // itself (the tsx binary runs the server in a child process), so /proc/<pid>/status is its memory.
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: serverRoot,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = performance.now();
  let out = '';
  let ready = false;
  const laterOutput: string[] = [];
  const onData = (d: Buffer) => {
    const text = d.toString();
    if (ready) {
      for (const line of text.split('\n')) if (line.trim() !== '' && laterOutput.length < 1000) laterOutput.push(line);
    } else {
      out += text;
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 300_000;
  while (!out.includes('Tarab is serving at')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 300 s:\n${out}`);
    }
    await sleep(100);
  }
  ready = true;
  const startupS = (performance.now() - started) / 1000;
  return {
    child,
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    laterOutput,
    startupS,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

interface PreparedDb {
  /** What the server process needs to find the database (DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  /** The database opened from the test's side, for the row checks after the server has stopped. */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function prepareDatabase(
  kind: DbKind,
  dataDir: string,
  adminUrl: string | undefined,
): Promise<PreparedDb> {
  if (kind === 'pglite') {
    return {
      env: {},
      open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
      cleanup: async () => {},
    };
  }
  if (!adminUrl) throw new Error('PostgreSQL needs a server URL');
  const throwaway = await createThrowawayPostgres(adminUrl, 'tarab_load');
  return {
    env: { DATABASE_URL: throwaway.url },
    open: () => openDatabase({ url: throwaway.url, poolSize: 2 }),
    cleanup: throwaway.drop,
  };
}
