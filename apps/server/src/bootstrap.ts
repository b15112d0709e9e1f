import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AudioPool } from '@tarab/audio';
import { ConfigError, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { randomDemoPassword } from './seed/demo-accounts.js';
import { seedDemoCatalog, type SeedLog } from './seed/demo-catalog.js';
import { countDemoAccounts, retirePublishedDemoPassword } from './modules/auth/demo-accounts.service.js';
import { seedPlans } from './seed/plans.js';
import { backfillArabicArtistNames } from './seed/arabic-names-backfill.js';
import { createStorage } from './storage/create-storage.js';
import type { Storage } from './storage/storage.js';

export interface Runtime {
  database: Database;
  storage: Storage;
  /** The config with its secret key filled in. */
  config: Config;
}

/** SECRET_KEY, or a random one kept in DATA_DIR/secret.key (0600) so restarts keep links valid. */
async function ensureSecretKey(config: Config): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const key = randomBytes(32).toString('base64url');
  await fs.writeFile(file, key, { mode: 0o600 });
  return key;
}

/**
 * Demo accounts where they are not wanted (an https PUBLIC_URL, production on a non-loopback HOST,
 * DEMO_ACCOUNTS=false): the start is refused, in one line naming the command that removes them
 * (decision 052). Checked after migrating, so a folder seeded before `users.is_demo` is caught too.
 */
async function refuseUnwantedDemoAccounts(database: Database, config: Config): Promise<void> {
  if (config.demoAccounts) return;
  const count = await countDemoAccounts(database.db);
  if (count === 0) return;
  throw new ConfigError(
    `Refusing to start: the database holds ${count} demo account${count === 1 ? '' : 's'} (known or printed passwords, an operator among them) but demo accounts are not wanted here (${config.demoAccountsOff ?? 'DEMO_ACCOUNTS=false'}); remove them with npm run demo:remove (same DATA_DIR or DATABASE_URL; the catalog stays).`,
  );
}

/** Opens the storage (STORAGE_DRIVER) and the database (PGlite under DATA_DIR/db unless DATABASE_URL), migrates, seeds. */
export async function prepareRuntime(config: Config, log: SeedLog, audioPool?: AudioPool): Promise<Runtime> {
  // Owner only: the database, the originals and secret.key live here.
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const secretKey = await ensureSecretKey(config);
  // Before the database: a misconfigured bucket stops the start with a clear message.
  const storage = await createStorage(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrateDatabase(database);
    await refuseUnwantedDemoAccounts(database, config);
    // A folder seeded before issue #31 keeps the operator password the README once printed: replaced.
    for (const { email, password } of await retirePublishedDemoPassword(database.db, randomDemoPassword)) {
      log.info(`The demo operator's published password is retired; ${email} / ${password} (printed only now).`);
    }
    await seedPlans(database.db);
    if (config.demoCatalog !== 'none') {
      const result = await seedDemoCatalog(database, storage, config.demoCatalog, log, {
        accounts: config.demoAccounts,
        adminPassword: config.demoAdminPassword,
        ...(audioPool ? { pool: audioPool } : {}),
      });
      if (result.accounts.length > 0) {
        // The operator's password is random and shown this once (decision 052); the others are in README.md.
        log.info('Demo accounts (email / password; the admin password is printed only now):');
        for (const a of result.accounts) log.info(`  ${a.role.padEnd(10)} ${a.email} / ${a.password}`);
      }
    }
    // Demo folders seeded before migration 0023 get the demo artists' Arabic names (decision 061).
    await backfillArabicArtistNames(database, log);
    return { database, storage, config: { ...config, secretKey } };
  } catch (error) {
    await database.close();
    throw error;
  }
}
