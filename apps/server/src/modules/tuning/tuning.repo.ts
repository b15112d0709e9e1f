import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type DbOrTx } from '../../db/client.js';
import { trackKinds, type TrackKind } from '../../db/schema/index.js';

const tuningSourceRow = z.object({
  id: z.number(),
  kind: z.enum(trackKinds),
  title: z.string(),
  maqam: z.string().nullable(),
  tonic: z.string().nullable(),
});
export type TuningSourceRow = z.infer<typeof tuningSourceRow>;

/** A published track or loop's maqam and tonic (unpublished ones are out of the store: not found). */
export async function findTuningSource(tx: DbOrTx, kind: TrackKind, id: number): Promise<TuningSourceRow | undefined> {
  const rows = await selectRows(
    tx,
    tuningSourceRow,
    sql`select id, kind, title, maqam, tonic from tracks where id = ${id} and kind = ${kind} and published`,
  );
  return rows[0];
}
