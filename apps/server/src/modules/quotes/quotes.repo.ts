import { desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { quoteRequests } from '../../db/schema/index.js';

export type QuoteRow = typeof quoteRequests.$inferSelect;

export async function insertQuote(db: DbOrTx, values: typeof quoteRequests.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quoteRequests).values(values).returning();
  return row!;
}

export async function markNotified(db: DbOrTx, id: number): Promise<void> {
  await db.update(quoteRequests).set({ notifiedAt: new Date() }).where(eq(quoteRequests.id, id));
}

/** Requests whose operator email has not gone out yet (oldest first). */
export async function findUnnotified(db: DbOrTx, limit = 100): Promise<QuoteRow[]> {
  return db.select().from(quoteRequests).where(isNull(quoteRequests.notifiedAt)).orderBy(quoteRequests.id).limit(limit);
}

/** The newest requests first (the operator console). */
export async function listQuotes(db: DbOrTx, limit = 100): Promise<QuoteRow[]> {
  return db.select().from(quoteRequests).orderBy(desc(quoteRequests.id)).limit(limit);
}
