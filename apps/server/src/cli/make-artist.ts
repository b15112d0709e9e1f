// npm run user:artist -- <email> <artistId>
// Makes the user with that email an artist and links them to the artist record.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { makeArtist } from '../modules/auth/account.service.js';

const [email, artistIdText] = process.argv.slice(2);
const artistId = Number(artistIdText);
if (!email || !Number.isInteger(artistId) || artistId <= 0) {
  console.error('Usage: npm run user:artist -- <email> <artistId>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
try {
  await migrateDatabase(database);
  const message = await makeArtist(database.db, email, artistId);
  if (message) {
    console.error(message);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now the artist account of artist #${artistId}.`);
  }
} finally {
  await database.close();
}
