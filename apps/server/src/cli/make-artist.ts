// npm run user:artist -- <email> <artistId>
// Makes the user with that email an artist and links them to the artist record (user-commands.ts).
import { makeArtistCommand, processIo } from './user-commands.js';

process.exitCode = await makeArtistCommand(process.argv.slice(2), processIo());
