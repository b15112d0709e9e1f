// npm run user:admin -- <email>
// Makes the user with that email an operator (`admin`: the console at /admin). The promotion is
// written to the audit log as done by the command line (actor id 0, actor "cli"); user-commands.ts.
import { makeAdminCommand, processIo } from './user-commands.js';

process.exitCode = await makeAdminCommand(process.argv.slice(2), processIo());
