import type { ArtistSalesSummary } from '@tarab/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { formatDollars } from '../lib/format-sales';

/** The best-selling tracks as horizontal bars (width ∝ revenue). */
export function TopTracks({ tracks }: { tracks: ArtistSalesSummary['top_tracks'] }) {
  const top = Math.max(0, ...tracks.map((t) => t.revenue));
  const intl = useIntl();
  return (
    <section aria-labelledby="top-tracks-title" className="rounded-2xl border border-line bg-surface p-5 shadow-card">
      <h2 id="top-tracks-title" className="font-sans text-sm font-semibold text-fg">
        <FormattedMessage id="artistSales.topTracks" defaultMessage="Top tracks" />
      </h2>
      {tracks.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">
          <FormattedMessage id="artistSales.noSales" defaultMessage="No sales yet." />
        </p>
      ) : (
        <ol className="mt-4 space-y-4">
          {tracks.map((track) => (
            <li key={track.id}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium text-fg">{trackTitle(track, intl.locale)}</span>
                <span className="shrink-0 text-fg-muted tabular-nums">
                  {intl.formatMessage(
                    {
                      id: 'artistSales.trackRevenue',
                      defaultMessage: '{revenue} · {count, plural, one {# order} other {# orders}}',
                    },
                    { revenue: formatDollars(track.revenue), count: track.orders },
                  )}
                </span>
              </div>
              <svg aria-hidden="true" viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1.5 h-2 w-full">
                <rect x={0} y={0} width={100} height={6} rx={3} className="fill-surface-raised" />
                <rect
                  x={0}
                  y={0}
                  width={top > 0 ? Math.max((track.revenue / top) * 100, 2) : 0}
                  height={6}
                  rx={3}
                  className="fill-secondary"
                />
              </svg>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
