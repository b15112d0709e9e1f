// The account commands of the command line (`npm run user:artist`, `npm run user:admin`): each takes
// the arguments and the environment, writes what it did, and answers the exit code (0 done, 1 refused,
// 2 bad usage). The entry files only wire them to the process, so tests run them in-process.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import type { AppDb } from '../db/client.js';
import { promoteToAdmin } from '../modules/admin/admin.service.js';
import { makeArtist } from '../modules/auth/account.service.js';

export type CommandIo = { env: NodeJS.ProcessEnv; out: (line: string) => void; err: (line: string) => void };

export const processIo = (): CommandIo => ({
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

/** Opens the database the configuration names (migrated), runs `work`, closes it. */
async function withDatabase<T>(env: NodeJS.ProcessEnv, work: (db: AppDb) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
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
