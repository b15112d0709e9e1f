import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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
      if (
        (error as { cause?: { code?: string } }).cause?.code === '23505' ||
        (error as { code?: string }).code === '23505'
      )
        return [];
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
