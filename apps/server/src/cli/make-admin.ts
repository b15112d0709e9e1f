// npm run user:admin -- <email>
// Makes the user with that email an operator (`admin`: the console at /admin). The promotion is
// written to the audit log as done by the command line (actor id 0, actor "cli").
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { promoteToAdmin } from '../modules/admin/admin.service.js';

const [email, ...rest] = process.argv.slice(2);
if (!email || rest.length > 0) {
  console.error('Usage: npm run user:admin -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
try {
  await migrateDatabase(database);
  const message = await promoteToAdmin(database.db, email);
  if ('error' in message) {
    console.error(message.error);
    process.exitCode = 1;
  } else {
    console.log(message.ok);
  }
} finally {
  await database.close();
}
