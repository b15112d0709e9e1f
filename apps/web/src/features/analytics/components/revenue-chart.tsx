import type { ArtistSalesSummary } from '@tarab/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDollars, formatMonth, niceCeiling } from '../lib/format-sales';

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 52 };
/** The most recent months shown. */
const MAX_MONTHS = 12;

/** Revenue by month as an SVG bar chart (no chart library). */
export function RevenueChart({ months }: { months: ArtistSalesSummary['by_month'] }) {
  const shown = months.slice(-MAX_MONTHS);
  const intl = useIntl();
  const top = niceCeiling(Math.max(0, ...shown.map((m) => m.revenue)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(shown.length, 1);
  const barW = Math.min(48, slot * 0.6);
  const ticks = [0, top / 2, top];
  const summary = shown.map((m) => `${formatMonth(m.month)}: ${formatDollars(m.revenue)}`).join(', ');
  const labelEvery = shown.length > 6 ? 2 : 1;

  return (
    <figure className="rounded-2xl border border-line bg-surface p-5 shadow-card">
      <figcaption className="text-sm font-semibold text-fg">
        <FormattedMessage id="artistSales.revenueByMonth" defaultMessage="Revenue by month" />
      </figcaption>
      {shown.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">
          <FormattedMessage id="artistSales.noSales" defaultMessage="No sales yet." />
        </p>
      ) : (
        <svg
          role="img"
          aria-label={intl.formatMessage(
            { id: 'artistSales.revenueChartLabel', defaultMessage: 'Revenue by month. {summary}' },
            { summary },
          )}
          // A time axis reads left to right in both languages; its labels are placed by x.
          direction="ltr"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="mt-4 h-auto w-full"
        >
          {ticks.map((tick) => {
            const y = PAD.top + plotH - (tick / top) * plotH;
            return (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y}
                  y2={y}
                  className="stroke-line"
                  strokeDasharray={tick === 0 ? undefined : '4 4'}
                />
                <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-fg-subtle" fontSize={13}>
                  {formatDollars(tick)}
                </text>
              </g>
            );
          })}
          {shown.map((m, i) => {
            const h = top > 0 ? (m.revenue / top) * plotH : 0;
            const x = PAD.left + slot * i + (slot - barW) / 2;
            return (
              <g key={m.month}>
                <rect x={x} y={PAD.top + plotH - h} width={barW} height={Math.max(h, 1)} rx={4} className="fill-accent">
                  <title>
                    {intl.formatMessage(
                      {
                        id: 'artistSales.monthBar',
                        defaultMessage: '{month}: {revenue}, {count, plural, one {# order} other {# orders}}',
                      },
                      { month: formatMonth(m.month), revenue: formatDollars(m.revenue), count: m.orders },
                    )}
                  </title>
                </rect>
                {i % labelEvery === 0 || i === shown.length - 1 ? (
                  <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-fg-subtle" fontSize={13}>
                    {formatMonth(m.month)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
