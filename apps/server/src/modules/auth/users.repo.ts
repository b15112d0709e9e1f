import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { artists, planPrices, plans, subscriptions, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return rows[0];
}

/** Inserts a user; returns undefined when the email (any case) is already taken. */
export async function insertUser(
  db: DbOrTx,
  values: {
    name: string;
    email: string;
    passwordHash: string | null;
    googleSub?: string | null;
    emailVerifiedAt?: Date | null;
  },
): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({ ...values, type: 'user' })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

/**
 * Links the Google identity to the user, unless the user is linked to another one or the identity
 * to another user (the unique index settles a race). `verifiedEmail`: Google verified the account's
 * own email, so it is marked verified too. Returns the updated row, or undefined when refused.
 */
export async function linkGoogleSub(
  db: DbOrTx,
  userId: number,
  sub: string,
  verifiedEmail: boolean,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({
      googleSub: sub,
      ...(verifiedEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
    })
    .where(and(eq(users.id, userId), or(isNull(users.googleSub), eq(users.googleSub, sub))))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'users_google_sub_unique')) return [];
      throw error;
    });
  return rows[0];
}

export async function findArtistIdOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const rows = await db.select({ id: artists.id }).from(artists).where(eq(artists.userId, userId)).limit(1);
  return rows[0]?.id ?? null;
}

/**
 * Subscriptions that give access now: live (trialing, active, past_due) and within their period.
 * A cancel-at-period-end subscription stays active until the period ends.
 */
export async function findCurrentSubscriptions(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      trialEnd: subscriptions.trialEnd,
      priceCode: planPrices.code,
      providerPriceId: planPrices.providerPriceId,
      amountCents: planPrices.amountCents,
      interval: planPrices.interval,
      planId: plans.id,
      planName: plans.name,
    })
    .from(subscriptions)
    .innerJoin(planPrices, eq(planPrices.id, subscriptions.planPriceId))
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.id));
}
export type CurrentSubscription = Awaited<ReturnType<typeof findCurrentSubscriptions>>[number];

/** The account's role (an artist account's profile is linked by the catalog). */
export async function setUserType(db: DbOrTx, userId: number, type: UserRow['type']): Promise<void> {
  await db.update(users).set({ type }).where(eq(users.id, userId));
}

/** Disables the account (login refused) or enables it again (null). */
export async function setUserDisabled(db: DbOrTx, userId: number, disabledAt: Date | null): Promise<void> {
  await db.update(users).set({ disabledAt }).where(eq(users.id, userId));
}

// ---- demo accounts (decision 052): counted at start, removed by `npm run demo:remove` ----

const demoCountRow = z.object({ n: z.number() });

/** How many demo accounts (`is_demo`) the database holds, deleted (anonymised) ones included. */
export async function countDemoUsers(db: DbOrTx): Promise<number> {
  const rows = await selectRows(db, demoCountRow, sql`select count(*)::int as n from users where is_demo`);
  return rows[0]?.n ?? 0;
}

/** The demo accounts, oldest first. */
export async function findDemoUsers(db: DbOrTx): Promise<{ id: number; email: string; type: UserRow['type'] }[]> {
  return db
    .select({ id: users.id, email: users.email, type: users.type })
    .from(users)
    .where(eq(users.isDemo, true))
    .orderBy(asc(users.id));
}

/** The demo operators (`is_demo` admins) with their password hashes. */
export async function findDemoOperators(
  db: DbOrTx,
): Promise<{ id: number; email: string; passwordHash: string | null }[]> {
  return db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.type, 'admin')))
    .orderBy(asc(users.id));
}

/** Sets a user's password hash. */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

const rowsOfUsersRow = z.object({
  sessions: z.number(),
  subscriptions: z.number(),
  playlists: z.number(),
  favourites: z.number(),
  licences: z.number(),
});
export type RowsOfUsers = z.infer<typeof rowsOfUsersRow>;

/** What hangs on these accounts (read before they go, for the removal's report). */
export async function countRowsOfUsers(db: DbOrTx, userIds: number[]): Promise<RowsOfUsers> {
  const ids = sql.join(
    [0, ...userIds].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectRows(
    db,
    rowsOfUsersRow,
    sql`select (select count(*) from sessions where user_id in (${ids}))::int as sessions,
               (select count(*) from subscriptions where user_id in (${ids}))::int as subscriptions,
               (select count(*) from playlists where user_id in (${ids}))::int as playlists,
               (select count(*) from favourites where user_id in (${ids}))::int as favourites,
               (select count(*) from licenses where user_id in (${ids}))::int as licences`,
  );
  return rows[0]!;
}

/**
 * Deletes these accounts if they are demo accounts; their sessions, account tokens, subscriptions,
 * licences, uploads and local payment rows go with them (foreign keys `on delete cascade`), an artist
 * profile is unlinked (`set null`). Their orders must be gone first (commerce). Answers the emails deleted.
 */
export async function deleteDemoUsers(db: DbOrTx, userIds: number[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .delete(users)
    .where(and(eq(users.isDemo, true), inArray(users.id, userIds)))
    .returning({ email: users.email });
  return rows.map((r) => r.email);
}
