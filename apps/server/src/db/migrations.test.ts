import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import { selectRows } from './client.js';
import { migrationsFolder } from './migrate.js';
import { z } from 'zod';

const serverRoot = path.resolve(import.meta.dirname, '../..');

describe('database migrations', () => {
  it('are in step with the Drizzle schema (drizzle-kit finds nothing to generate)', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-migrations-'));
    await fs.cp(migrationsFolder, out, { recursive: true });
    const before = (await fs.readdir(out)).sort();
    const bin = path.resolve(serverRoot, '../../node_modules/.bin/drizzle-kit');
    const output = execFileSync(
      bin,
      [
        'generate',
        '--dialect=postgresql',
        '--schema=./src/db/schema/index.ts',
        `--out=${path.relative(serverRoot, out)}`,
        '--name=drift',
      ],
      { cwd: serverRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(output).toMatch(/No schema changes/);
    const after = (await fs.readdir(out)).sort();
    await fs.rm(out, { recursive: true, force: true });
    expect(after, output).toEqual(before);
  });

  it('create every table of the data model with its constraints', async () => {
    // Migrated here, not copied from the run's migrated template.
    const database = await createTestDatabase({ migrate: true });
    try {
      const result = await selectRows(
        database.db,
        z.object({ table_name: z.string() }),
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = result.map((r) => r.table_name);
      for (const table of [
        'users',
        'sessions',
        'artists',
        'albums',
        'tags',
        'scales',
        'tracks',
        'track_tags',
        'playlists',
        'playlist_items',
        'favourites',
        'orders',
        'licenses',
        'plans',
        'plan_prices',
        'subscriptions',
        'payment_events',
        'app_meta',
      ]) {
        expect(names).toContain(table);
      }
      await database.db.execute(sql`insert into users (name, email, type) values ('A', 'Same@Example.com', 'user')`);
      await expect(
        database.db.execute(sql`insert into users (name, email, type) values ('B', 'same@example.COM', 'user')`),
      ).rejects.toThrow();
      await expect(
        database.db.execute(sql`insert into users (name, email, type) values ('C', 'c@example.com', 'root')`),
      ).rejects.toThrow();
      const ext = await selectRows(
        database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
      );
      expect(ext[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
