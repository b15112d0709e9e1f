import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../src/db/client.js';
import { z } from 'zod';

/** Row count and a checksum of every row (md5 of the rows' text, in a stable order) of one table. */
export interface TableState {
  rows: number;
  checksum: string;
}

/**
 * The state of every table of the public schema (so tables added later are covered too):
 * comparing two snapshots shows whether anything was inserted, updated or deleted.
 */
export async function snapshotDatabase(db: DbOrTx): Promise<Record<string, TableState>> {
  const tables = await selectRows(
    db,
    z.object({ name: z.string() }),
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, TableState> = {};
  for (const { name } of tables) {
    const [row] = await selectRows(
      db,
      z.object({ n: z.number(), checksum: z.string() }),
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum
          from ${sql.identifier(name)} t`,
    );
    out[name] = { rows: row!.n, checksum: row!.checksum };
  }
  return out;
}
