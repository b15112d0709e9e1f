import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type SessionUser = typeof users.$inferSelect;

export async function insertSession(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  userAgent: string | null = null,
): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
}

/**
 * The user of a live (unexpired) session with this token hash, with the session's id and last use.
 * A disabled or deleted account has no live session (they are deleted with the change; this is the second lock).
 */
export async function findSessionUser(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ user: SessionUser; sessionId: number; lastSeenAt: Date } | undefined> {
  const rows = await db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        isNull(users.disabledAt),
        // A deleted account's sessions are deleted with it; one that slipped past (a race) opens nothing.
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Marks the session used now (the auth hook calls it at most every few minutes per session). */
export async function touchSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** The user's live sessions, most recently used first. */
export async function listSessionsOfUser(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Revokes every session of the user but the one with `keepTokenHash` (all of them when null); returns how many. */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number, keepTokenHash: string | null): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return rows.length;
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
