import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type SessionUser = typeof users.$inferSelect;

export async function insertSession(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

/** The user of a live (unexpired) session with this token hash. */
export async function findSessionUser(db: DbOrTx, tokenHash: string, now: Date): Promise<SessionUser | undefined> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.user;
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Deletes sessions that expired at `now` or before; returns how many. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}

/** Revokes the user's oldest sessions beyond the newest `keep`. */
export async function trimSessionsOfUser(db: DbOrTx, userId: number, keep: number): Promise<void> {
  await db.execute(sql`
    delete from sessions where user_id = ${userId} and id not in (
      select id from sessions where user_id = ${userId} order by id desc limit ${keep})
  `);
}
