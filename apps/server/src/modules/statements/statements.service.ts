import { stringify as stringifyCsv } from 'csv-stringify/sync';
import {
  PayoutRule,
  PayoutRuleText,
  StatementCsvColumns,
  type AdminStatementsResponse,
  type ArtistStatementsResponse,
  type StatementDto,
} from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './statements.repo.js';

/** Monthly artist statements (issue 22 part 7): the artist's own, or every artist's of one month for the operator. */

const rule = { salesShare: PayoutRule.salesShare, poolShare: PayoutRule.subscriptionPoolShare };
const dollars = (cents: number) => Math.round(cents) / 100;

function toDto(r: repo.StatementRow): StatementDto {
  const gross = r.single_cents + r.playlist_cents;
  return {
    month: r.month,
    artist: { id: r.artist_id, name: r.artist_name },
    single_sales: { count: r.single_n, amount: dollars(r.single_cents) },
    playlist_sales: { count: r.playlist_n, amount: dollars(r.playlist_cents) },
    gross_sales: dollars(gross),
    refunds: { count: r.refund_n, amount: dollars(r.refund_cents) },
    net_sales: dollars(gross - r.refund_cents),
    sales_earnings: dollars(r.sales_earnings_cents),
    subscription_downloads: r.download_n,
    subscription_earnings: dollars(r.subscription_earnings_cents),
    earnings: dollars(r.sales_earnings_cents + r.subscription_earnings_cents),
    currency: 'usd',
  };
}

/** The statements of the artist profile linked to this account (none: an empty list), newest month first. */
export async function artistStatements(db: DbOrTx, userId: number): Promise<ArtistStatementsResponse> {
  const rows = await repo.findStatements(db, rule, { artistUserId: userId });
  return { rule: PayoutRuleText, data: rows.map(toDto) };
}

export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** Every artist's statement of one month (default: the current UTC month), highest earnings first. */
export async function monthStatements(db: DbOrTx, month: string | undefined): Promise<AdminStatementsResponse> {
  const m = month ?? currentMonth();
  const rows = await repo.findStatements(db, rule, { month: m });
  return { month: m, rule: PayoutRuleText, data: rows.map(toDto) };
}

/** A name starting with = + - @ is defused, so a spreadsheet never runs it as a formula. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The statements as RFC 4180 CSV (csv-stringify): a header row, CRLF line ends, quotes only where needed. */
export function toCsv(statements: StatementDto[]): string {
  const money = (n: number) => n.toFixed(2);
  const rows = statements.map((s) => [
    s.month,
    s.artist.id,
    defused(s.artist.name),
    s.single_sales.count,
    money(s.single_sales.amount),
    s.playlist_sales.count,
    money(s.playlist_sales.amount),
    money(s.gross_sales),
    s.refunds.count,
    money(s.refunds.amount),
    money(s.net_sales),
    money(s.sales_earnings),
    s.subscription_downloads,
    money(s.subscription_earnings),
    money(s.earnings),
    s.currency,
  ]);
  return stringifyCsv([[...StatementCsvColumns], ...rows], { record_delimiter: 'windows' });
}
