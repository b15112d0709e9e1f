// npm run catalog:import -- <folder>
// Imports the audio files of a folder described by manifest.json or manifest.csv (see
// docs/operations.md, "Bulk import"). Idempotent: re-running updates, never duplicates.
// With the embedded database (no DATABASE_URL), stop the server first: PGlite has one owner.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { importCatalog } from '../modules/ingest/catalog-import.js';
import { createStorage } from '../storage/create-storage.js';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('Usage: npm run catalog:import -- <folder with manifest.json or manifest.csv and audio files>');
  process.exit(2);
}

function progress(done: number, total: number, label: string): void {
  const width = 28;
  const filled = Math.round((done / total) * width);
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}`;
  if (process.stderr.isTTY)
    process.stderr.write(`\r${line.slice(0, process.stderr.columns - 1).padEnd(process.stderr.columns - 1)}`);
  else process.stderr.write(`${line}\n`);
}

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
try {
  await migrateDatabase(database);
  const storage = await createStorage(config);
  const summary = await importCatalog({ db: database.db, storage, folder, onProgress: progress });
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.log(`Imported ${summary.imported}, updated ${summary.updated}, rejected ${summary.rejected.length}.`);
  for (const r of summary.rejected) console.log(`  rejected ${r.entry}: ${r.reason}`);
  if (summary.rejected.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await database.close();
}
