import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api, urlOf } from '@tarab/contracts';
import { freePort } from '../throwaway-postgres.js';
import { linkToken, startSmtpTestServer, type SmtpTestServer } from '../smtp-test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');

/** The real server in its own process, on a data folder that outlives it. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: { ...inherited, HOST: '127.0.0.1', DEMO_CATALOG: 'none', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await vi
    .waitFor(
      () => {
        if (child.exitCode === null && !out.includes('Tarab is serving at')) throw new Error('not serving yet');
      },
      { timeout: 120_000, interval: 100 },
    )
    .catch(() => {
      throw new Error(`server did not start:\n${out}`);
    });
  if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
  return { child, output: () => out };
}

const killed = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    child.once('exit', (_code, signal) => resolve(signal));
    child.kill('SIGKILL');
  });

describe('the mail outbox across a crash', () => {
  let dataDir: string;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-outbox-'));
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a mail committed with its event is sent by the next process when the first is killed before sending', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, SMTP_URL: smtp.url, PUBLIC_URL: 'http://store.test' };
    // The first process queues jobs but runs no worker: the kill lands between the commit and the send.
    const first = await startServer({ ...env, JOB_WORKERS: 'off' });
    const email = `crash.${Date.now()}@example.com`;
    const password = 'oud-and-qanun-42';
    const register = await fetch(`http://127.0.0.1:${port}${urlOf(Api.auth.register)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Layla', email, password, password_confirmation: password }),
    });
    expect(register.status).toBe(200);
    expect(await killed(first.child)).toBe('SIGKILL');
    expect(smtp.received.filter((m) => m.to.includes(email))).toEqual([]);

    // The next start finds the queued mail and sends it; its link confirms the address.
    const second = await startServer(env);
    try {
      const mail = await smtp.waitFor(email, 'Confirm your email');
      const token = linkToken(mail);
      const verify = await fetch(`http://127.0.0.1:${port}${urlOf(Api.account.verifyEmail)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(verify.status, second.output()).toBe(200);
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }
  });
});
