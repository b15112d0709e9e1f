import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { adminAuditLog, users } from '../db/schema/index.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('npm run user:admin', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('promotes an account to admin (audited), says so twice, and refuses unknown emails and bad usage', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-cli-'));
    const dbDir = path.join(dir, 'db');
    let database = await openDatabase({ dataDir: dbDir });
    await migrateDatabase(database);
    await database.db.insert(users).values({ name: 'Nour', email: 'Nour@Example.com', type: 'user' });
    await database.close();

    const { DATABASE_URL: _ignored, ...env } = process.env;
    const cli = (...args: string[]) =>
      run(
        path.join(repoRoot, 'node_modules/.bin/tsx'),
        [path.join(repoRoot, 'apps/server/src/cli/make-admin.ts'), ...args],
        { env: { ...env, DATA_DIR: dir } },
      );
    expect((await cli('nour@example.com')).stdout).toContain('is now an admin');
    expect((await cli('NOUR@example.com')).stdout).toContain('is an admin already');
    await expect(cli('nobody@example.com')).rejects.toMatchObject({ code: 1 });
    await expect(cli()).rejects.toMatchObject({ code: 2 });

    database = await openDatabase({ dataDir: dbDir });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'Nour@Example.com'));
      expect(user!.type).toBe('admin');
      const entries = await database.db.select().from(adminAuditLog);
      expect(entries).toEqual([
        expect.objectContaining({
          actorEmail: 'cli',
          action: 'user.role',
          targetId: user!.id,
          before: { type: 'user' },
          after: { type: 'admin' },
        }),
      ]);
    } finally {
      await database.close();
    }
  });
});
