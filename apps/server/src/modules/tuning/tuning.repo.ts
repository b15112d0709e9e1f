import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client.js';
import type { TrackKind } from '../../db/schema/index.js';

export interface TuningSourceRow {
  id: number;
  kind: TrackKind;
  title: string;
  maqam: string | null;
  tonic: string | null;
}

/** A published track or loop's maqam and tonic (unpublished ones are out of the store: not found). */
export async function findTuningSource(tx: DbOrTx, kind: TrackKind, id: number): Promise<TuningSourceRow | undefined> {
  const rows = await selectRows<TuningSourceRow>(
    tx,
    sql`select id, kind, title, maqam, tonic from tracks where id = ${id} and kind = ${kind} and published`,
  );
  return rows[0];
}
