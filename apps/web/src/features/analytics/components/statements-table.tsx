import type { StatementDto } from '@tarab/contracts';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { cx } from '@/lib/class-names';
import { formatDollars, formatMonth } from '../lib/format-sales';

const money = (n: number) => formatDollars(n).replace('-', '−');
const cell = 'px-3 py-2.5 text-end tabular-nums whitespace-nowrap';
const headBase = 'px-3 py-2.5 align-bottom text-xs font-semibold text-fg-subtle';
const head = `${headBase} text-end`;

/**
 * Monthly statements as a table: one row per month (an artist's own) or per artist (a month, for
 * operators). Scrolls sideways on a narrow screen; the first column stays readable.
 */
export function StatementsTable({
  caption,
  statements,
  rowLabel,
}: {
  caption: string;
  statements: StatementDto[];
  /** What names each row: the month (artist view) or the artist (operator view). */
  rowLabel: 'month' | 'artist';
}) {
  const captionId = useId();
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-card"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className={cx(headBase, 'text-start')}>
              {rowLabel === 'month' ? (
                <FormattedMessage id="artistStatements.month" defaultMessage="Month" />
              ) : (
                <FormattedMessage id="artistStatements.artist" defaultMessage="Artist" />
              )}
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.singleSales" defaultMessage="Single sales" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.playlistSales" defaultMessage="Playlist sales" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.refunds" defaultMessage="Refunds" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.netSales" defaultMessage="Net sales" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.salesShare" defaultMessage="Sales share" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.subscriptionDownloads" defaultMessage="Subscription downloads" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.subscriptionShare" defaultMessage="Subscription share" />
            </th>
            <th scope="col" className={head}>
              <FormattedMessage id="artistStatements.earnings" defaultMessage="Earnings" />
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {statements.map((s) => (
            <tr key={`${s.month}-${s.artist.id}`} data-testid={`statement-${s.month}-${s.artist.id}`}>
              <th scope="row" className="px-3 py-2.5 text-start font-medium whitespace-nowrap text-fg">
                {rowLabel === 'month' ? formatMonth(s.month) : s.artist.name}
              </th>
              <td className={cell}>
                {s.single_sales.count} · {money(s.single_sales.amount)}
              </td>
              <td className={cell}>
                {s.playlist_sales.count} · {money(s.playlist_sales.amount)}
              </td>
              <td className={cell}>
                {s.refunds.count} · {money(s.refunds.amount > 0 ? -s.refunds.amount : 0)}
              </td>
              <td className={cell}>{money(s.net_sales)}</td>
              <td className={cell}>{money(s.sales_earnings)}</td>
              <td className={cell}>{s.subscription_downloads}</td>
              <td className={cell}>{money(s.subscription_earnings)}</td>
              <td className={cx(cell, 'font-semibold text-fg')}>{money(s.earnings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
