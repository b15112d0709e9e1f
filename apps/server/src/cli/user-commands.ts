// The account commands of the command line (`npm run user:artist`, `user:admin`, `demo:remove`): each takes
// the arguments and the environment, writes what it did, and answers the exit code (0 done, 1 refused,
// 2 bad usage). The entry files only wire them to the process, so tests run them in-process.
import path from 'node:path';
import { ConfigError, loadDatabaseLocation } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import type { AppDb } from '../db/client.js';
import { promoteToAdmin } from '../modules/admin/admin.service.js';
import { makeArtist } from '../modules/auth/account.service.js';
import { removeDemoAccounts, type DemoRemoval } from '../modules/auth/demo-accounts.service.js';

export type CommandIo = { env: NodeJS.ProcessEnv; out: (line: string) => void; err: (line: string) => void };

export const processIo = (): CommandIo => ({
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

/** Opens the database DATA_DIR / DATABASE_URL name (migrated), runs `work`, closes it. */
async function withDatabase<T>(env: NodeJS.ProcessEnv, work: (db: AppDb) => Promise<T>): Promise<T> {
  const config = loadDatabaseLocation(env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrateDatabase(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** `user:artist <email> <artistId>`: makes the user an artist and links them to the artist record. */
export async function makeArtistCommand(args: string[], io: CommandIo): Promise<number> {
  const [email, artistIdText, ...rest] = args;
  const artistId = Number(artistIdText);
  if (!email || !Number.isInteger(artistId) || artistId <= 0 || rest.length > 0) {
    io.err('Usage: npm run user:artist -- <email> <artistId>');
    return 2;
  }
  const refused = await withDatabase(io.env, (db) => makeArtist(db, email, artistId));
  if (refused) {
    io.err(refused);
    return 1;
  }
  io.out(`${email} is now the artist account of artist #${artistId}.`);
  return 0;
}

/** `user:admin <email>`: makes the user an operator (`admin`), audited as done by the command line. */
export async function makeAdminCommand(args: string[], io: CommandIo): Promise<number> {
  const [email, ...rest] = args;
  if (!email || rest.length > 0) {
    io.err('Usage: npm run user:admin -- <email>');
    return 2;
  }
  const message = await withDatabase(io.env, (db) => promoteToAdmin(db, email));
  if ('error' in message) {
    io.err(message.error);
    return 1;
  }
  io.out(message.ok);
  return 0;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * `demo:remove`: deletes the demo accounts (`users.is_demo`) and what hangs on them, keeps the catalog
 * (decision 052). Idempotent: a second run says there was nothing to remove.
 */
export async function removeDemoDataCommand(args: string[], io: CommandIo): Promise<number> {
  if (args.length > 0) {
    io.err('Usage: npm run demo:remove');
    return 2;
  }
  let removal: DemoRemoval;
  try {
    removal = await withDatabase(io.env, (db) => removeDemoAccounts(db));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 1;
  }
  if (removal.accounts.length === 0) {
    io.out('No demo accounts in this database: nothing removed.');
    return 0;
  }
  io.out(
    `Removed ${plural(removal.accounts.length, 'demo account')} (${removal.accounts.join(', ')}) with ` +
      [
        plural(removal.sessions, 'session'),
        plural(removal.subscriptions, 'subscription'),
        plural(removal.playlists, 'playlist'),
        plural(removal.favourites, 'favourite'),
        plural(removal.licences, 'licence'),
        plural(removal.orders, 'order'),
        plural(removal.carts, 'playlist checkout'),
      ].join(', ') +
      '. The catalog is unchanged.',
  );
  return 0;
}
