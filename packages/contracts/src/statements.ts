import { z } from './zod.js';
import { ServerErrors } from './error-codes.js';

/**
 * Monthly artist statements (issue 22 part 7, decision 041): what an artist's tracks sold, what was
 * refunded, how often subscribers downloaded them, and what the artist earns by the payout rule.
 */
export const PayoutRule = {
  /** The artist's share of net sales (gross single-track and playlist line items, less refunds). */
  salesShare: 0.7,
  /** The part of each subscriber's monthly fee that goes to the artists they downloaded that month. */
  subscriptionPoolShare: 0.5,
} as const;

export const PayoutRuleText =
  'You earn 70% of net sales (single-track and playlist sales less refunds, each refund in the month it happened) ' +
  "plus, for each subscriber who downloaded your tracks in the month, a share of half their monthly fee in proportion to how many of that month's downloads were yours (a subscriber whose downloads of the month all fell in a free trial brings no fee).";

/** `YYYY-MM` (UTC). */
export const StatementMonth = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, ServerErrors.month_invalid));

export const StatementDto = z.object({
  month: StatementMonth,
  artist: z.object({ id: z.number().check(z.int()), name: z.string() }),
  single_sales: z.object({ count: z.number().check(z.int()), amount: z.number() }),
  playlist_sales: z.object({ count: z.number().check(z.int()), amount: z.number() }),
  gross_sales: z.number(),
  refunds: z.object({ count: z.number().check(z.int()), amount: z.number() }),
  net_sales: z.number(),
  /** PayoutRule.salesShare of net sales (negative when refunds exceed the month's sales). */
  sales_earnings: z.number(),
  subscription_downloads: z.number().check(z.int()),
  subscription_earnings: z.number(),
  earnings: z.number(),
  currency: z.string(),
});
export type StatementDto = z.infer<typeof StatementDto>;

/** The signed-in artist's own statements, newest month first. */
export const ArtistStatementsResponse = z.object({ rule: z.string(), data: z.array(StatementDto) });
export type ArtistStatementsResponse = z.infer<typeof ArtistStatementsResponse>;

/** `?month=YYYY-MM`: the month whose statements the operator reads (default: the current UTC month). */
export const StatementsQuery = z.object({ month: z.optional(StatementMonth) });
export type StatementsQuery = z.infer<typeof StatementsQuery>;
/** Every artist's statement of one month (artists with any activity), highest earnings first. */
export const AdminStatementsResponse = z.object({
  month: StatementMonth,
  rule: z.string(),
  data: z.array(StatementDto),
});
export type AdminStatementsResponse = z.infer<typeof AdminStatementsResponse>;

/** The CSV columns, in order (artist and admin exports). */
export const StatementCsvColumns = [
  'month',
  'artist_id',
  'artist',
  'single_sales',
  'single_sales_amount',
  'playlist_sales',
  'playlist_sales_amount',
  'gross_sales',
  'refunds',
  'refunds_amount',
  'net_sales',
  'sales_earnings',
  'subscription_downloads',
  'subscription_earnings',
  'earnings',
  'currency',
] as const;
