import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, timestampText, type DbOrTx } from '../../db/client.js';

const artistOrderRow = z.object({
  order_id: z.number(),
  created_at: timestampText,
  paid_at: timestampText.nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  receipt_url: z.string().nullable(),
  track_id: z.number(),
  track_title: z.string(),
  track_title_ar: z.string().nullable(),
  price_cents: z.number(),
  preview_key: z.string(),
  album_id: z.number().nullable(),
  album_title: z.string().nullable(),
  album_image: z.string().nullable(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  buyer_email_shared: z.boolean(),
});
export type ArtistOrderRow = z.infer<typeof artistOrderRow>;

/** Paid orders of the tracks of the artist linked to this user account — and only those; the latest 1,000. */
export async function findOrdersOfArtistUser(db: DbOrTx, userId: number): Promise<ArtistOrderRow[]> {
  return selectRows(
    db,
    artistOrderRow,
    sql`
    select o.id as order_id, o.created_at, o.paid_at, o.amount_cents, o.currency, o.payment_method, o.receipt_url,
      t.id as track_id, t.title as track_title, t.title_ar as track_title_ar, t.price_cents, t.preview_key,
      al.id as album_id, al.title as album_title, al.image as album_image, u.name as buyer_name, u.email as buyer_email,
      o.buyer_email_shared
    from orders o
    join tracks t on t.id = o.track_id
    join artists ar on ar.id = t.artist_id and ar.user_id = ${userId}
    left join albums al on al.id = t.album_id
    join users u on u.id = o.user_id
    where o.status = 'paid'
    order by coalesce(o.paid_at, o.created_at) desc, o.id desc
    limit 1000`,
  );
}

const paidSalesOf = (userId: number) => sql`
  select o.amount_cents, coalesce(o.paid_at, o.created_at) as sold_at, t.id as track_id, t.title as track_title
  from orders o
  join tracks t on t.id = o.track_id
  join artists ar on ar.id = t.artist_id and ar.user_id = ${userId}
  where o.status = 'paid'`;

const salesTotals = z.object({ revenue_cents: z.number(), orders: z.number() });
export type SalesTotals = z.infer<typeof salesTotals>;
const monthSales = salesTotals.extend({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
});
export type MonthSales = z.infer<typeof monthSales>;
const trackSales = salesTotals.extend({ id: z.number(), title: z.string() });
export type TrackSales = z.infer<typeof trackSales>;

/**
 * Every paid order of the artist's tracks, summed in the database: the totals, each month (UTC,
 * oldest first) and the five tracks that earned most (then the lowest id first).
 */
export async function summarizeSalesOfArtistUser(
  db: DbOrTx,
  userId: number,
): Promise<{ totals: SalesTotals; byMonth: MonthSales[]; topTracks: TrackSales[] }> {
  const totals = await selectRows(
    db,
    salesTotals,
    sql`select coalesce(sum(amount_cents), 0)::float8 as revenue_cents, count(*)::int as orders
    from (${paidSalesOf(userId)}) s`,
  );
  const byMonth = await selectRows(
    db,
    monthSales,
    sql`select to_char(sold_at at time zone 'UTC', 'YYYY-MM') as month,
      sum(amount_cents)::float8 as revenue_cents, count(*)::int as orders
    from (${paidSalesOf(userId)}) s
    group by 1 order by 1`,
  );
  const topTracks = await selectRows(
    db,
    trackSales,
    sql`select track_id as id, track_title as title, sum(amount_cents)::float8 as revenue_cents, count(*)::int as orders
    from (${paidSalesOf(userId)}) s
    group by track_id, track_title
    order by revenue_cents desc, track_id
    limit 5`,
  );
  return { totals: totals[0] ?? { revenue_cents: 0, orders: 0 }, byMonth, topTracks };
}

const receiptRow = z.object({
  order_id: z.number(),
  buyer_id: z.number(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  buyer_email_shared: z.boolean(),
  artist_user_id: z.number().nullable(),
  artist_name: z.string(),
  track_id: z.number(),
  track_title: z.string(),
  track_title_ar: z.string().nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.string(),
  payment_method: z.string().nullable(),
  provider_ref: z.string(),
  paid_at: timestampText.nullable(),
  created_at: timestampText,
  license_key: z.string().nullable(),
  license_source: z.string().nullable(),
  license_revoked: z.boolean().nullable(),
});
export type ReceiptRow = z.infer<typeof receiptRow>;

export async function findReceipt(db: DbOrTx, orderId: number): Promise<ReceiptRow | undefined> {
  const rows = await selectRows(
    db,
    receiptRow,
    sql`
    select o.id as order_id, o.user_id as buyer_id, u.name as buyer_name, u.email as buyer_email,
      o.buyer_email_shared, ar.user_id as artist_user_id, ar.name as artist_name, t.id as track_id,
      t.title as track_title, t.title_ar as track_title_ar, o.amount_cents, o.currency, o.status,
      o.payment_method, o.provider_ref, o.paid_at, o.created_at,
      l.license_key, l.source as license_source, (l.revoked_at is not null) as license_revoked
    from orders o join tracks t on t.id = o.track_id join artists ar on ar.id = t.artist_id join users u on u.id = o.user_id
      left join licenses l on l.order_id = o.id
    where o.id = ${orderId}`,
  );
  return rows[0];
}
