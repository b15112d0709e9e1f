import type { StatementDto } from '@tarab/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { buttonStyles } from '@/components/ui/button-styles';
import { cx } from '@/lib/class-names';
import { errorText } from '@/lib/i18n/error-text';
import { formatDollars, formatMonth } from '../lib/format-sales';

const money = (n: number) => formatDollars(n).replace('-', '−');
const cell = 'px-3 py-2.5 text-end tabular-nums whitespace-nowrap';
const headBase = 'px-3 py-2.5 align-bottom text-xs font-semibold text-fg-subtle';
const head = `${headBase} text-end`;

/**
 * Monthly statements as a table: one row per month (an artist's own) or per artist (a month, for
 * operators). Scrolls sideways on a narrow screen; the first column stays readable.
 */
function StatementsTable({
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

type StatementsProps = {
  /** The statements' query (the artist's own, or every artist's of a month). */
  statements: UseQueryResult<{ data: StatementDto[] }>;
  /** The table's name for screen readers. */
  caption: string;
  rowLabel: 'month' | 'artist';
  loading: ReactNode;
  /** What a month (or an artist) with no statement says. */
  empty: ReactNode;
};

/** The statements' table, or what stands in its place: the error, "Loading…", or a quiet "nothing". */
export function Statements({ statements, caption, rowLabel, loading, empty }: StatementsProps) {
  const intl = useIntl();
  if (statements.error) {
    return (
      <p role="alert" className="text-danger">
        {errorText(intl, statements.error)}
      </p>
    );
  }
  if (statements.isPending) return <p className="text-fg-muted">{loading}</p>;
  if (statements.data.data.length === 0) {
    return <p className="rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">{empty}</p>;
  }
  return <StatementsTable caption={caption} statements={statements.data.data} rowLabel={rowLabel} />;
}

/** The statements as a CSV file (the same rows as the table). */
export function StatementsCsvLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
      {children}
    </a>
  );
}
