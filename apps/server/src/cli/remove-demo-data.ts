// npm run demo:remove
// Deletes the demo accounts (`users.is_demo`: listener, subscriber, artist and admin @tarab.test) and
// what hangs on them, keeping the demo catalog; a server that must not have demo accounts refuses to
// start until this ran (decision 052). Reads DATA_DIR / DATABASE_URL only; user-commands.ts.
import { processIo, removeDemoDataCommand } from './user-commands.js';

process.exitCode = await removeDemoDataCommand(process.argv.slice(2), processIo());
