import { and, asc, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminAuditLog, artists, licenses, orders, tracks, users } from '../../db/schema/index.js';

/** The operator console's reads and writes (issue 22). Searches answer at most LIST_LIMIT rows, newest first. */
export const LIST_LIMIT = 50;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const asId = (q: string) => (/^\d{1,9}$/.test(q) ? Number(q) : null);

// ---- users ----

const userFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
  artistId: artists.id,
  artistName: artists.name,
};
export type AdminUserRow = {
  id: number;
  name: string;
  email: string;
  type: 'user' | 'artist' | 'admin';
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  artistId: number | null;
  artistName: string | null;
};

export async function searchUsers(db: DbOrTx, q: string | undefined): Promise<AdminUserRow[]> {
  const conditions: SQL[] = [];
  if (q) {
    const id = asId(q);
    conditions.push(or(ilike(users.email, likePattern(q)), ilike(users.name, likePattern(q)))!);
    if (id !== null) conditions.push(eq(users.id, id));
  }
  return db
    .select(userFields)
    .from(users)
    .leftJoin(artists, eq(artists.userId, users.id))
    .where(conditions.length ? or(...conditions) : undefined)
    .orderBy(desc(users.id))
    .limit(LIST_LIMIT);
}

export async function findUser(db: DbOrTx, id: number): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(userFields)
    .from(users)
    .leftJoin(artists, eq(artists.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/** The account with this email (any case), its row locked for the rest of the transaction. */
export async function findUserByEmailForUpdate(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, type: users.type, deletedAt: users.deletedAt })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for('update');
  return row;
}

/** Locks the user row for the rest of the transaction (two operators, or a double click, act one after the other). */
export async function lockUser(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${id} for update`);
}

export async function findArtist(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: artists.id, name: artists.name, userId: artists.userId })
    .from(artists)
    .where(eq(artists.id, id));
  return row;
}

// ---- orders ----

const orderFields = {
  id: orders.id,
  status: orders.status,
  amountCents: orders.amountCents,
  currency: orders.currency,
  provider: orders.provider,
  providerRef: orders.providerRef,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  buyerId: users.id,
  buyerName: users.name,
  buyerEmail: users.email,
  trackId: tracks.id,
  trackTitle: tracks.title,
  licenseKey: licenses.licenseKey,
  licenseRevokedAt: licenses.revokedAt,
};
export type AdminOrderRow = {
  id: number;
  status: 'pending' | 'paid' | 'failed' | 'refunded' | 'expired';
  amountCents: number;
  currency: string;
  provider: string;
  providerRef: string;
  createdAt: Date;
  paidAt: Date | null;
  buyerId: number;
  buyerName: string;
  buyerEmail: string;
  trackId: number;
  trackTitle: string;
  licenseKey: string | null;
  licenseRevokedAt: Date | null;
};

const ordersQuery = (db: DbOrTx) =>
  db
    .select(orderFields)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tracks, eq(tracks.id, orders.trackId))
    .leftJoin(licenses, eq(licenses.orderId, orders.id));

/** By order id, the provider's session id (exact), or part of the buyer's email or name or the track's title. */
export async function searchOrders(db: DbOrTx, q: string | undefined): Promise<AdminOrderRow[]> {
  const conditions: SQL[] = [];
  if (q) {
    const id = asId(q);
    if (id !== null) conditions.push(eq(orders.id, id));
    conditions.push(
      eq(orders.providerRef, q),
      ilike(users.email, likePattern(q)),
      ilike(users.name, likePattern(q)),
      ilike(tracks.title, likePattern(q)),
    );
  }
  return ordersQuery(db)
    .where(conditions.length ? or(...conditions) : undefined)
    .orderBy(desc(orders.id))
    .limit(LIST_LIMIT);
}

export async function findOrder(db: DbOrTx, id: number): Promise<AdminOrderRow | undefined> {
  const [row] = await ordersQuery(db).where(eq(orders.id, id));
  return row;
}

// ---- tracks ----

const trackFields = {
  id: tracks.id,
  title: tracks.title,
  kind: tracks.kind,
  published: tracks.published,
  previewKey: tracks.previewKey,
  takenDownAt: tracks.takenDownAt,
  takedownReason: tracks.takedownReason,
  takedownNote: tracks.takedownNote,
  reviewState: tracks.reviewState,
  reviewNote: tracks.reviewNote,
  reviewAt: tracks.reviewAt,
  createdAt: tracks.createdAt,
  artistId: artists.id,
  artistName: artists.name,
  artistUserId: artists.userId,
};
export type AdminTrackRow = {
  id: number;
  title: string;
  kind: 'music' | 'loop';
  published: boolean;
  previewKey: string;
  takenDownAt: Date | null;
  takedownReason: 'copyright' | 'quality' | 'other' | null;
  takedownNote: string | null;
  reviewState: 'pending' | 'rejected' | null;
  reviewNote: string | null;
  reviewAt: Date | null;
  createdAt: Date;
  artistId: number;
  artistName: string;
  artistUserId: number | null;
};

/** Every track, published or not: by id, or part of the title or the artist's name. */
export async function searchTracks(db: DbOrTx, q: string | undefined): Promise<AdminTrackRow[]> {
  const conditions: SQL[] = [];
  if (q) {
    const id = asId(q);
    if (id !== null) conditions.push(eq(tracks.id, id));
    conditions.push(ilike(tracks.title, likePattern(q)), ilike(artists.name, likePattern(q)));
  }
  return db
    .select(trackFields)
    .from(tracks)
    .innerJoin(artists, eq(artists.id, tracks.artistId))
    .where(conditions.length ? or(...conditions) : undefined)
    .orderBy(desc(tracks.id))
    .limit(LIST_LIMIT);
}

export async function findTrack(db: DbOrTx, id: number, lock = false): Promise<AdminTrackRow | undefined> {
  if (lock) await db.execute(sql`select id from tracks where id = ${id} for update`);
  const [row] = await db
    .select(trackFields)
    .from(tracks)
    .innerJoin(artists, eq(artists.id, tracks.artistId))
    .where(eq(tracks.id, id));
  return row;
}

// ---- review queue (MODERATION=on) ----

/** The tracks waiting for review, oldest request first (at most REVIEW_LIMIT). */
export const REVIEW_LIMIT = 100;
export async function findReviewQueue(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.reviewState, 'pending'))
    .orderBy(asc(tracks.reviewAt), asc(tracks.id))
    .limit(REVIEW_LIMIT);
  return rows.map((r) => r.id);
}

/** The artist account's address (null: the profile has no live account). */
export async function findArtistRecipient(db: DbOrTx, artistUserId: number | null) {
  if (artistUserId === null) return undefined;
  const [row] = await db
    .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, artistUserId), isNull(users.deletedAt)));
  return row;
}

// ---- audit log ----

export interface AuditInput {
  actorId: number;
  actorEmail: string;
  action: string;
  targetType: 'user' | 'order' | 'track';
  targetId: number;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/** Appends one entry; false when it was there already (one refund entry per order, see the schema). */
export async function appendAudit(db: DbOrTx, entry: AuditInput): Promise<boolean> {
  const rows = await db
    .insert(adminAuditLog)
    .values({ ...entry, reason: entry.reason ?? null })
    .onConflictDoNothing()
    .returning({ id: adminAuditLog.id });
  return rows.length > 0;
}

export async function listAudit(db: DbOrTx, before: number | undefined, limit: number) {
  return db
    .select()
    .from(adminAuditLog)
    .where(before ? lt(adminAuditLog.id, before) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(limit);
}
