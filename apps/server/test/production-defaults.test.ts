import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { prepareRuntime } from '../src/bootstrap.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');

/** Runs the real entry point to its exit (it must refuse before listening or touching DATA_DIR). */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _db, PAYMENTS: _p, DEMO_ACCOUNTS: _d, STRIPE_SECRET_KEY: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('production-safe defaults (the server process)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-prod-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses to start on an https PUBLIC_URL with test cards or demo accounts, in one line naming the variable', async () => {
    const dataDir = path.join(dir, 'refused');
    const cases: [Record<string, string>, RegExp][] = [
      [{ DEMO_ACCOUNTS: 'false' }, /STRIPE_SECRET_KEY.*PAYMENTS=local/],
      [{ PAYMENTS: 'local' }, /DEMO_ACCOUNTS=false/],
    ];
    for (const [env, names] of cases) {
      const result = await run({ PUBLIC_URL: 'https://tarab.example', DATA_DIR: dataDir, ...env });
      expect(result.code, JSON.stringify(env)).not.toBe(0);
      expect(result.code).not.toBeNull();
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^Refusing to start: PUBLIC_URL is https/);
      expect(lines[0]).toMatch(names);
      expect(result.stdout).not.toContain('Tarab is serving at');
    }
    await expect(fs.stat(dataDir)).rejects.toThrow();
  }, 60_000);

  it('creates DATA_DIR readable by its owner only (0700)', async () => {
    const dataDir = path.join(dir, 'fresh', 'data');
    const runtime = await prepareRuntime(testConfig({ dataDir, secretKey: undefined }), { info: () => {} });
    try {
      expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await fs.stat(path.join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);
    } finally {
      await runtime.database.close();
    }
  }, 60_000);
});
