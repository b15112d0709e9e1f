import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';

/**
 * A migrated PGlite database made once per test run and copied for each test file: loading a
 * dumped data folder takes a fraction of a fresh PGlite's initdb plus the migrations, which
 * dominated the setup of the server tests (docs: vitest globalSetup `global-setup.ts`).
 */

/** Migrates a fresh PGlite and writes its data folder (a tar) to a temporary file; returns its path. */
export async function writePgliteTemplate(): Promise<string> {
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const dump = await database.dump!();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-pglite-template-'));
    const file = path.join(dir, 'migrated.tar');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

let template: Promise<Blob> | undefined;

/** A migrated in-memory database cloned from the template file. */
export async function cloneTemplate(file: string): Promise<Database> {
  template ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return openDatabase({ loadDataDir: await template });
}
