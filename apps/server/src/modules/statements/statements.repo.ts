import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type DbOrTx } from '../../db/client.js';

/** One artist's figures of one month, summed in the database (cents; the pool share before rounding). */
const statementRow = z.object({
  month: z.string(),
  artist_id: z.number(),
  artist_name: z.string(),
  single_n: z.number(),
  single_cents: z.number(),
  playlist_n: z.number(),
  playlist_cents: z.number(),
  refund_n: z.number(),
  refund_cents: z.number(),
  download_n: z.number(),
  sales_earnings_cents: z.number(),
  subscription_earnings_cents: z.number(),
});
export type StatementRow = z.infer<typeof statementRow>;

const month = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM')`;

/**
 * Monthly statements (decision 041), every figure computed here:
 * - sales: single-track orders and playlist line items (`cart_order_id`), in the month they were paid;
 *   a sale later refunded still counts as a sale of its month,
 * - refunds: in the month they happened (`refunded_at`; older rows without it: the sale's month),
 * - subscription downloads: subscription licences granted in the month (one per subscriber and track),
 * - the pool: each subscriber who downloaded in the month brings `poolShare` of their plan's monthly
 *   fee (a yearly plan: a twelfth), or nothing for downloads during a free trial; it is split among
 *   the artists by that subscriber's downloads of the month,
 * - earnings: `salesShare` of net sales, plus the pool shares, each rounded to the cent.
 * `where` narrows the result (an artist, a month); months without any activity have no row.
 */
export async function findStatements(
  db: DbOrTx,
  rule: { salesShare: number; poolShare: number },
  where: { artistUserId?: number; month?: string },
): Promise<StatementRow[]> {
  const filters: SQL[] = [sql`true`];
  if (where.artistUserId !== undefined) filters.push(sql`ar.user_id = ${where.artistUserId}`);
  if (where.month !== undefined) filters.push(sql`f.month = ${where.month}`);
  return selectRows(
    db,
    statementRow,
    sql`
    with sold as (
      select t.artist_id, ${month(sql`coalesce(o.paid_at, o.created_at)`)} as month,
        o.cart_order_id is not null as playlist, o.amount_cents
      from orders o join tracks t on t.id = o.track_id
      where o.status = 'paid' or (o.status = 'refunded' and o.paid_at is not null)
    ),
    refunded as (
      select t.artist_id, ${month(sql`coalesce(o.refunded_at, o.paid_at)`)} as month, o.amount_cents
      from orders o join tracks t on t.id = o.track_id
      where o.status = 'refunded' and o.paid_at is not null
    ),
    downloads as (
      select l.user_id, t.artist_id, ${month(sql`l.created_at`)} as month,
        case
          when sub.amount_cents is null or (sub.trial_end is not null and l.created_at < sub.trial_end) then 0::numeric
          else sub.amount_cents::numeric / ((case when sub.interval = 'year' then 12 else 1 end) * sub.interval_count)
        end as monthly_fee_cents
      from licenses l
      join tracks t on t.id = l.track_id
      left join lateral (
        select s.trial_end, pp.amount_cents, pp.interval, pp.interval_count
        from subscriptions s join plan_prices pp on pp.id = s.plan_price_id
        where s.user_id = l.user_id and s.created_at <= l.created_at
        order by s.created_at desc, s.id desc
        limit 1
      ) sub on true
      where l.source = 'subscription'
    ),
    subscriber_months as (
      select user_id, month, max(monthly_fee_cents) as fee_cents, count(*) as n
      from downloads group by user_id, month
    ),
    facts as (
      select artist_id, month, case when playlist then 0 else 1 end as single_n,
        case when playlist then 0 else amount_cents end as single_cents,
        case when playlist then 1 else 0 end as playlist_n,
        case when playlist then amount_cents else 0 end as playlist_cents,
        0 as refund_n, 0 as refund_cents, 0 as download_n, 0::numeric as pool_cents
      from sold
      union all
      select artist_id, month, 0, 0, 0, 0, 1, amount_cents, 0, 0 from refunded
      union all
      select d.artist_id, d.month, 0, 0, 0, 0, 0, 0, 1, m.fee_cents * ${rule.poolShare}::numeric / m.n
      from downloads d join subscriber_months m on m.user_id = d.user_id and m.month = d.month
    ),
    summed as (
      select f.artist_id, f.month,
        sum(f.single_n)::int as single_n, sum(f.single_cents)::int as single_cents,
        sum(f.playlist_n)::int as playlist_n, sum(f.playlist_cents)::int as playlist_cents,
        sum(f.refund_n)::int as refund_n, sum(f.refund_cents)::int as refund_cents,
        sum(f.download_n)::int as download_n, sum(f.pool_cents) as pool_cents
      from facts f join artists ar on ar.id = f.artist_id
      where ${sql.join(filters, sql` and `)}
      group by f.artist_id, f.month
    )
    select s.month, s.artist_id, ar.name as artist_name, s.single_n, s.single_cents, s.playlist_n, s.playlist_cents,
      s.refund_n, s.refund_cents, s.download_n,
      round((s.single_cents + s.playlist_cents - s.refund_cents) * ${rule.salesShare}::numeric)::int as sales_earnings_cents,
      round(s.pool_cents)::int as subscription_earnings_cents
    from summed s join artists ar on ar.id = s.artist_id
    order by s.month desc, (round((s.single_cents + s.playlist_cents - s.refund_cents) * ${rule.salesShare}::numeric) + round(s.pool_cents)) desc, s.artist_id`,
  );
}
