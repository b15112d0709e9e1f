import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { artists, users } from '../db/schema/index.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('npm run user:artist', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('makes a user an artist linked to the artist record, and refuses unknown ones', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-cli-'));
    const dbDir = path.join(dir, 'db');
    let database = await openDatabase({ dataDir: dbDir });
    await migrateDatabase(database);
    await database.db.insert(users).values({ name: 'Rana', email: 'Rana@Example.com', type: 'user' });
    const [artist] = await database.db.insert(artists).values({ name: 'Rana Quartet', image: 'x.svg' }).returning();
    await database.close();

    const { DATABASE_URL: _ignored, ...env } = process.env;
    const cli = (...args: string[]) =>
      run(
        path.join(repoRoot, 'node_modules/.bin/tsx'),
        [path.join(repoRoot, 'apps/server/src/cli/make-artist.ts'), ...args],
        {
          env: { ...env, DATA_DIR: dir },
        },
      );
    const ok = await cli('rana@example.com', String(artist!.id));
    expect(ok.stdout).toContain('is now the artist account');
    await expect(cli('nobody@example.com', String(artist!.id))).rejects.toMatchObject({ code: 1 });
    await expect(cli('rana@example.com')).rejects.toMatchObject({ code: 2 });

    database = await openDatabase({ dataDir: dbDir });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'Rana@Example.com'));
      const [linked] = await database.db.select().from(artists).where(eq(artists.id, artist!.id));
      expect(user!.type).toBe('artist');
      expect(linked!.userId).toBe(user!.id);
    } finally {
      await database.close();
    }
  });
});
