import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client.js';

export interface ArtistOrderRow {
  order_id: number;
  created_at: string | Date;
  paid_at: string | Date | null;
  amount_cents: number;
  currency: string;
  payment_method: string | null;
  receipt_url: string | null;
  track_id: number;
  track_title: string;
  price_cents: number;
  preview_key: string;
  album_id: number | null;
  album_title: string | null;
  album_image: string | null;
  buyer_name: string;
  buyer_email: string;
}

/** Paid orders of the tracks of the artist linked to this user account — and only those; the latest 1,000. */
export async function findOrdersOfArtistUser(db: DbOrTx, userId: number): Promise<ArtistOrderRow[]> {
  return selectRows<ArtistOrderRow>(
    db,
    sql`
    select o.id as order_id, o.created_at, o.paid_at, o.amount_cents, o.currency, o.payment_method, o.receipt_url,
      t.id as track_id, t.title as track_title, t.price_cents, t.preview_key,
      al.id as album_id, al.title as album_title, al.image as album_image, u.name as buyer_name, u.email as buyer_email
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

export interface SalesTotals {
  revenue_cents: number;
  orders: number;
}
export interface MonthSales extends SalesTotals {
  /** `YYYY-MM`, UTC. */
  month: string;
}
export interface TrackSales extends SalesTotals {
  id: number;
  title: string;
}

/**
 * Every paid order of the artist's tracks, summed in the database: the totals, each month (UTC,
 * oldest first) and the five tracks that earned most (then the lowest id first).
 */
export async function summarizeSalesOfArtistUser(
  db: DbOrTx,
  userId: number,
): Promise<{ totals: SalesTotals; byMonth: MonthSales[]; topTracks: TrackSales[] }> {
  const totals = await selectRows<SalesTotals>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::float8 as revenue_cents, count(*)::int as orders
    from (${paidSalesOf(userId)}) s`,
  );
  const byMonth = await selectRows<MonthSales>(
    db,
    sql`select to_char(sold_at at time zone 'UTC', 'YYYY-MM') as month,
      sum(amount_cents)::float8 as revenue_cents, count(*)::int as orders
    from (${paidSalesOf(userId)}) s
    group by 1 order by 1`,
  );
  const topTracks = await selectRows<TrackSales>(
    db,
    sql`select track_id as id, track_title as title, sum(amount_cents)::float8 as revenue_cents, count(*)::int as orders
    from (${paidSalesOf(userId)}) s
    group by track_id, track_title
    order by revenue_cents desc, track_id
    limit 5`,
  );
  return { totals: totals[0] ?? { revenue_cents: 0, orders: 0 }, byMonth, topTracks };
}

export interface ReceiptRow {
  order_id: number;
  buyer_id: number;
  buyer_name: string;
  buyer_email: string;
  artist_user_id: number | null;
  artist_name: string;
  track_id: number;
  track_title: string;
  amount_cents: number;
  currency: string;
  status: string;
  payment_method: string | null;
  provider_ref: string;
  paid_at: string | Date | null;
}

export async function findReceipt(db: DbOrTx, orderId: number): Promise<ReceiptRow | undefined> {
  const rows = await selectRows<ReceiptRow>(
    db,
    sql`
    select o.id as order_id, o.user_id as buyer_id, u.name as buyer_name, u.email as buyer_email,
      ar.user_id as artist_user_id, ar.name as artist_name, t.id as track_id, t.title as track_title,
      o.amount_cents, o.currency, o.status, o.payment_method, o.provider_ref, o.paid_at
    from orders o join tracks t on t.id = o.track_id join artists ar on ar.id = t.artist_id join users u on u.id = o.user_id
    where o.id = ${orderId}`,
  );
  return rows[0];
}
