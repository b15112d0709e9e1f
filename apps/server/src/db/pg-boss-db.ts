import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from './client.js';

/** pg-boss writes `$1`, `$2`… in its statements; drizzle numbers its own parameters. */
const PLACEHOLDER = /\$(\d+)/g;

/**
 * One of pg-boss's parameterised statements as a drizzle query: the text between placeholders stays
 * as it is, each placeholder becomes a bound parameter (never text). pg-boss's statements with
 * values hold no other `$` followed by a digit (its `$$` function bodies come without values).
 */
function statementOf(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`pg-boss statement names $${match[1]} without a value`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[index])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * pg-boss's database on a drizzle handle: given a transaction, a job is inserted in that transaction
 * (it exists only if the transaction commits). Used for `send`, which always carries values.
 */
export function bossDbOf(db: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const { rows } = await db.execute(statementOf(text, values));
      return { rows };
    },
  };
}
