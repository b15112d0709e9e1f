import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import {
  accountTokens,
  favourites,
  licenses,
  orders,
  planPrices,
  playlistItems,
  playlists,
  plans,
  sessions,
  subscriptions,
  tracks,
  uploads,
  users,
} from '../../db/schema/index.js';
import type { UserRow } from './users.repo.js';

/** `change_email`: mailed to the current address of an account without a password; `email` is the new address. */
export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email';
export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** Stores a new token's hash; the user's earlier unused tokens of the same purpose stop working. */
export async function insertAccountToken(
  db: DbOrTx,
  values: { userId: number; purpose: TokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, values.userId),
        eq(accountTokens.purpose, values.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values(values);
}

/**
 * Voids every unused token of the user, of every purpose (reset, confirmation and email-change
 * links): a password change or an email change makes the links sent before it worthless.
 */
export async function voidAccountTokensOfUser(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}

/**
 * Uses the token: one atomic UPDATE marks it used only when it is of this purpose, unused and
 * unexpired, so two parallel uses cannot both succeed. Returns the row, or undefined.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  purpose: TokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<AccountTokenRow | undefined> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return rows[0];
}

/** Marks the email verified, only while the account still has the address the token was sent to. */
export async function markEmailVerified(db: DbOrTx, userId: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUser(
  db: DbOrTx,
  userId: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'passwordHash' | 'emailVerifiedAt'>>,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning()
    .catch((error: unknown) => {
      // The unique index on lower(email): another account took the address meanwhile.
      if (isUniqueViolation(error, 'users_email_lower_key')) return [];
      throw error;
    });
  return rows[0];
}

export async function hasLiveSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['trialing', 'active', 'past_due'])))
    .limit(1);
  return rows.length > 0;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything kept about the user, for "Download my data". */
export async function exportRows(db: DbOrTx, userId: number) {
  const [orderRows, licenseRows, subscriptionRows, playlistRows, favouriteRows, uploadRows, sessionRows] =
    await Promise.all([
      db
        .select({
          id: orders.id,
          trackId: orders.trackId,
          title: tracks.title,
          amountCents: orders.amountCents,
          currency: orders.currency,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .innerJoin(tracks, eq(tracks.id, orders.trackId))
        .where(eq(orders.userId, userId))
        .orderBy(asc(orders.id)),
      db
        .select({
          trackId: licenses.trackId,
          title: tracks.title,
          licenseKey: licenses.licenseKey,
          source: licenses.source,
          orderId: licenses.orderId,
          revokedAt: licenses.revokedAt,
          createdAt: licenses.createdAt,
        })
        .from(licenses)
        .innerJoin(tracks, eq(tracks.id, licenses.trackId))
        .where(eq(licenses.userId, userId))
        .orderBy(asc(licenses.id)),
      db
        .select({
          id: subscriptions.id,
          plan: plans.name,
          amountCents: planPrices.amountCents,
          interval: planPrices.interval,
          status: subscriptions.status,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
          trialEnd: subscriptions.trialEnd,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .innerJoin(planPrices, eq(planPrices.id, subscriptions.planPriceId))
        .innerJoin(plans, eq(plans.id, planPrices.planId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.id)),
      db
        .select({
          id: playlists.id,
          name: playlists.name,
          createdAt: playlists.createdAt,
          trackIds: sql<
            number[]
          >`coalesce((select array_agg(${playlistItems.trackId} order by ${playlistItems.addedAt}) from ${playlistItems} where ${playlistItems.playlistId} = ${playlists.id}), '{}')`,
        })
        .from(playlists)
        .where(eq(playlists.userId, userId))
        .orderBy(asc(playlists.id)),
      db
        .select({ trackId: favourites.trackId, title: tracks.title, createdAt: favourites.createdAt })
        .from(favourites)
        .innerJoin(tracks, eq(tracks.id, favourites.trackId))
        .where(eq(favourites.userId, userId))
        .orderBy(asc(favourites.createdAt)),
      db
        .select({
          id: uploads.id,
          filename: uploads.filename,
          sizeBytes: uploads.sizeBytes,
          status: uploads.status,
          metadata: uploads.metadata,
          trackId: uploads.trackId,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(eq(uploads.userId, userId))
        .orderBy(asc(uploads.id)),
      db
        .select({ userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.id)),
    ]);
  return {
    orders: orderRows.map((o) => ({
      id: o.id,
      track_id: o.trackId,
      title: o.title,
      amount_cents: o.amountCents,
      currency: o.currency,
      status: o.status,
      payment_method: o.paymentMethod,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
    })),
    licenses: licenseRows.map((l) => ({
      track_id: l.trackId,
      title: l.title,
      license_key: l.licenseKey,
      source: l.source,
      order_id: l.orderId,
      revoked_at: iso(l.revokedAt),
      created_at: iso(l.createdAt),
    })),
    subscriptions: subscriptionRows.map((s) => ({
      id: s.id,
      plan: s.plan,
      amount_cents: s.amountCents,
      interval: s.interval,
      status: s.status,
      current_period_end: iso(s.currentPeriodEnd),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      trial_end: iso(s.trialEnd),
      created_at: iso(s.createdAt),
    })),
    playlists: playlistRows.map((p) => ({
      id: p.id,
      name: p.name,
      track_ids: p.trackIds,
      created_at: iso(p.createdAt),
    })),
    favourites: favouriteRows.map((f) => ({ track_id: f.trackId, title: f.title, created_at: iso(f.createdAt) })),
    uploads: uploadRows.map((u) => ({
      id: u.id,
      filename: u.filename,
      size_bytes: u.sizeBytes,
      status: u.status,
      metadata: u.metadata,
      track_id: u.trackId,
      created_at: iso(u.createdAt),
    })),
    sessions: sessionRows.map((s) => ({
      user_agent: s.userAgent,
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
    })),
  };
}

/**
 * Deletes the account's personal data in one transaction: the user row stays (orders are kept for
 * accounting and licences stay valid) with its personal fields anonymised; sessions, tokens,
 * (the artist profile is detached by the catalog, playlists and favourites deleted by the library,
 * in the same transaction: account.service `deleteAccount`).
 */
export async function anonymiseUser(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await db
    .update(users)
    .set({
      name: 'Deleted account',
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: null,
      googleSub: null,
      phone: null,
      emailVerifiedAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
}
