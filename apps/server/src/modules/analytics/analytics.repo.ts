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

/** Paid orders of the tracks of the artist linked to this user account — and only those. */
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
