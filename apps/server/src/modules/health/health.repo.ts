import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** One round trip to the database (`select 1`): throws when it does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
