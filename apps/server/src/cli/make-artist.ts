// npm run user:artist -- <email> <artistId>
// Makes the user with that email an artist and links them to the artist record.
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { artists, users } from '../db/schema/index.js';

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
  const message = await database.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (!user) return `No user with email ${email}.`;
    const [artist] = await tx.select().from(artists).where(eq(artists.id, artistId));
    if (!artist) return `No artist with id ${artistId}.`;
    if (artist.userId !== null && artist.userId !== user.id)
      return `Artist ${artistId} is already linked to another account.`;
    await tx
      .update(artists)
      .set({ userId: null })
      .where(and(eq(artists.userId, user.id)));
    await tx.update(users).set({ type: 'artist' }).where(eq(users.id, user.id));
    await tx.update(artists).set({ userId: user.id }).where(eq(artists.id, artistId));
    return null;
  });
  if (message) {
    console.error(message);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now the artist account of artist #${artistId}.`);
  }
} finally {
  await database.close();
}
