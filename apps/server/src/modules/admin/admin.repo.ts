import { and, asc, count, desc, eq, ilike, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, timestampText, type DbOrTx } from '../../db/client.js';
import { adminAuditLog, artists, licenses, orders, tracks, users } from '../../db/schema/index.js';

/** The operator console's reads and writes (issue 22). The audit log answers LIST_LIMIT entries a page. */
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
  peaksKey: tracks.peaksKey,
  durationS: tracks.durationS,
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
  peaksKey: string;
  durationS: number;
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
const REVIEW_LIMIT = 100;
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

// ---- the console's tables (issue #32): sorted, paged, within a date range ----

/** A table's page: its sort column and direction, the page, and the date range (`[from, to)`, ISO instants). */
export interface ListWindow<S extends string> {
  q: string | undefined;
  sort: S;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  from: string | undefined;
  to: string | undefined;
}

const order = (dir: 'asc' | 'desc', column: SQL | AnyColumn) => (dir === 'asc' ? asc(column) : desc(column));

const createdWithin = (column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] => [
  ...(from ? [sql`${column} >= ${from}::timestamptz`] : []),
  ...(to ? [sql`${column} < ${to}::timestamptz`] : []),
];

const userSearch = (q: string | undefined): SQL | undefined => {
  if (!q) return undefined;
  const id = asId(q);
  return or(
    ilike(users.email, likePattern(q)),
    ilike(users.name, likePattern(q)),
    ...(id !== null ? [eq(users.id, id)] : []),
  );
};

export type AdminUserSort = 'id' | 'name' | 'email' | 'type' | 'created_at';
const userSortColumn: Record<AdminUserSort, SQL | AnyColumn> = {
  id: users.id,
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  type: users.type,
  created_at: users.createdAt,
};

/** One page of accounts, and how many match in all. */
export async function listUsers(db: DbOrTx, w: ListWindow<AdminUserSort>) {
  const where = and(userSearch(w.q), ...createdWithin(users.createdAt, w.from, w.to));
  const [rows, [total]] = await Promise.all([
    db
      .select(userFields)
      .from(users)
      .leftJoin(artists, eq(artists.userId, users.id))
      .where(where)
      .orderBy(order(w.dir, userSortColumn[w.sort]), order(w.dir, users.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ count: count() }).from(users).where(where),
  ]);
  return { rows: rows as AdminUserRow[], total: total?.count ?? 0 };
}

const trackSearch = (q: string | undefined): SQL | undefined => {
  if (!q) return undefined;
  const id = asId(q);
  return or(
    ilike(tracks.title, likePattern(q)),
    ilike(artists.name, likePattern(q)),
    ...(id !== null ? [eq(tracks.id, id)] : []),
  );
};

export type AdminTrackSort = 'id' | 'title' | 'artist' | 'kind' | 'created_at';
const trackSortColumn: Record<AdminTrackSort, SQL | AnyColumn> = {
  id: tracks.id,
  title: sql`lower(${tracks.title})`,
  artist: sql`lower(${artists.name})`,
  kind: tracks.kind,
  created_at: tracks.createdAt,
};

/** One page of tracks (published or not), and how many match in all. */
export async function listTracks(db: DbOrTx, w: ListWindow<AdminTrackSort>) {
  const where = and(trackSearch(w.q), ...createdWithin(tracks.createdAt, w.from, w.to));
  const [rows, [total]] = await Promise.all([
    db
      .select(trackFields)
      .from(tracks)
      .innerJoin(artists, eq(artists.id, tracks.artistId))
      .where(where)
      .orderBy(order(w.dir, trackSortColumn[w.sort]), order(w.dir, tracks.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ count: count() }).from(tracks).innerJoin(artists, eq(artists.id, tracks.artistId)).where(where),
  ]);
  return { rows: rows as AdminTrackRow[], total: total?.count ?? 0 };
}

export type AdminOrderSort = 'id' | 'created_at' | 'amount' | 'status' | 'buyer' | 'item' | 'type';
const orderSortColumn: Record<AdminOrderSort, SQL> = {
  id: sql`id`,
  created_at: sql`created_at`,
  amount: sql`amount_cents`,
  status: sql`status`,
  buyer: sql`lower(buyer_email)`,
  item: sql`lower(item_title)`,
  type: sql`type`,
};

/**
 * Track orders and subscriptions as one list (issue #32): a subscription is a row of type
 * `subscription` whose amount is its plan price and whose item is the plan.
 */
const orderLines = sql`
  select 'track'::text as type, o.id, o.status, o.amount_cents, o.currency, o.provider, o.provider_ref,
         o.created_at, o.paid_at, u.id as buyer_id, u.name as buyer_name, u.email as buyer_email,
         t.id as track_id, t.title as item_title, null::text as plan_interval,
         l.license_key, l.revoked_at as license_revoked_at
    from orders o
    join users u on u.id = o.user_id
    join tracks t on t.id = o.track_id
    left join licenses l on l.order_id = o.id
  union all
  select 'subscription'::text, s.id, s.status, pp.amount_cents, pp.currency, s.provider, s.provider_ref,
         s.created_at, null::timestamptz, u.id, u.name, u.email,
         null::integer, p.name, pp.interval, null::text, null::timestamptz
    from subscriptions s
    join users u on u.id = s.user_id
    join plan_prices pp on pp.id = s.plan_price_id
    join plans p on p.id = pp.plan_id`;

const orderLineRow = z.object({
  type: z.enum(['track', 'subscription']),
  id: z.number(),
  status: z.string(),
  amount_cents: z.coerce.number(),
  currency: z.string(),
  provider: z.string(),
  provider_ref: z.string(),
  created_at: timestampText,
  paid_at: timestampText.nullable(),
  buyer_id: z.number(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  track_id: z.number().nullable(),
  item_title: z.string(),
  plan_interval: z.enum(['month', 'year']).nullable(),
  license_key: z.string().nullable(),
  license_revoked_at: timestampText.nullable(),
});
export type AdminOrderLine = z.infer<typeof orderLineRow>;

/** Statuses that brought money in: a paid order; a subscription that is (or was) charged. */
const paidStatus = sql`(type = 'track' and status = 'paid') or (type = 'subscription' and status in ('active', 'past_due', 'canceled'))`;

function orderLineFilter(w: ListWindow<AdminOrderSort>, type: 'track' | 'subscription' | undefined): SQL {
  const parts: SQL[] = [sql`true`];
  if (type) parts.push(sql`type = ${type}`);
  if (w.q) {
    const id = asId(w.q);
    const like = likePattern(w.q);
    parts.push(
      sql`(provider_ref = ${w.q} or buyer_email ilike ${like} or buyer_name ilike ${like} or item_title ilike ${like}${
        id !== null ? sql` or id = ${id}` : sql``
      })`,
    );
  }
  if (w.from) parts.push(sql`created_at >= ${w.from}::timestamptz`);
  if (w.to) parts.push(sql`created_at < ${w.to}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** One page of orders and subscriptions, how many match, and their sums per currency (every page). */
export async function listOrderLines(
  db: DbOrTx,
  w: ListWindow<AdminOrderSort>,
  type: 'track' | 'subscription' | undefined,
) {
  const where = orderLineFilter(w, type);
  const dir = w.dir === 'asc' ? sql`asc` : sql`desc`;
  const [rows, totals] = await Promise.all([
    selectRows(
      db,
      orderLineRow,
      sql`with lines as (${orderLines}) select * from lines where ${where}
          order by ${orderSortColumn[w.sort]} ${dir}, created_at ${dir}, type ${dir}, id ${dir}
          limit ${w.limit} offset ${w.offset}`,
    ),
    selectRows(
      db,
      z.object({
        currency: z.string(),
        count: z.coerce.number(),
        amount_cents: z.coerce.number(),
        paid_count: z.coerce.number(),
        paid_cents: z.coerce.number(),
      }),
      sql`with lines as (${orderLines})
          select currency, count(*) as count, coalesce(sum(amount_cents), 0) as amount_cents,
                 count(*) filter (where ${paidStatus}) as paid_count,
                 coalesce(sum(amount_cents) filter (where ${paidStatus}), 0) as paid_cents
            from lines where ${where} group by currency order by currency`,
    ),
  ]);
  return { rows, totals };
}

/** Artist profiles by part of the name (or the id), with the account each is linked to. */
export async function searchArtists(db: DbOrTx, q: string | undefined, limit: number) {
  const conditions: SQL[] = [];
  if (q) {
    const id = asId(q);
    conditions.push(ilike(artists.name, likePattern(q)));
    if (id !== null) conditions.push(eq(artists.id, id));
  }
  return db
    .select({ id: artists.id, name: artists.name, userId: users.id, userEmail: users.email })
    .from(artists)
    .leftJoin(users, eq(users.id, artists.userId))
    .where(conditions.length ? or(...conditions) : undefined)
    .orderBy(asc(sql`lower(${artists.name})`), asc(artists.id))
    .limit(limit);
}
