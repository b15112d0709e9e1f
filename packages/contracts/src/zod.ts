import * as z from 'zod/mini';

/**
 * The contracts' schemas are written with `zod/mini` (issue 33 item 4, decision 064): its functions
 * tree-shake, so the web app imports the route table itself (`Api`) for about a fifth of classic
 * zod's size. Classic zod loads its English messages on import; `zod/mini` loads none, so they are
 * set here: a schema without a message of its own says what classic zod said.
 */
z.config(z.locales.en());

export { z };
