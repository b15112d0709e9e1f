import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { cloneTemplate } from './pglite-template.js';
import { createThrowawayPostgres } from './throwaway-postgres.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a throwaway database created on it and
 * dropped on close. The same tests run on both.
 *
 * PGlite databases are copies of one database migrated once per run (test/global-setup.ts);
 * `{ migrate: true }` migrates a new one instead (the migrations' own test).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = options.migrate ? '' : inject('pgliteTemplate');
    if (template) return cloneTemplate(template);
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const throwaway = await createThrowawayPostgres(adminUrl, 'tarab_test');
  const database = await openDatabase({ url: throwaway.url, poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}
