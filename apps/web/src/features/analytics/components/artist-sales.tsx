import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import type { ArtistOrderDto } from '@tarab/contracts';
import { LoadingState } from '@/components/ui/loading-state';
import { useArtistOrders } from '../api/get-artist-orders';
import { formatDollars } from '../lib/format-sales';
import { OrderCard } from './order-card';
import { RevenueChart } from './revenue-chart';
import { TopTracks } from './top-tracks';

type ArtistSalesProps = {
  /** Where a track links to; defaults to the track's preview. */
  trackHrefOf?: (order: ArtistOrderDto) => string;
};

const previewHref = (order: ArtistOrderDto) => order.music.public_id;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 shadow-card">
      <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The body of /artist-analytics (spec §2): totals, revenue by month, top tracks and the
 * order cards of the artist's sales.
 */
export function ArtistSales({ trackHrefOf = previewHref }: ArtistSalesProps) {
  const orders = useArtistOrders();
  const intl = useIntl();

  if (orders.isPending) {
    return (
      <LoadingState
        label={intl.formatMessage({ id: 'artistSales.loading', defaultMessage: 'Loading artist orders...' })}
      />
    );
  }
  if (orders.isError) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-pomegranate-400/40 bg-pomegranate-700/25 px-4 py-3 font-medium text-fg"
      >
        <FormattedMessage
          id="artistSales.error"
          defaultMessage="Error: {message}"
          values={{ message: errorText(intl, orders.error) }}
        />
      </p>
    );
  }

  const { data, summary } = orders.data;
  const average = summary.orders > 0 ? summary.revenue / summary.orders : 0;

  return (
    <div className="space-y-10">
      <section aria-labelledby="sales-overview">
        <h2 id="sales-overview" className="sr-only">
          <FormattedMessage id="artistSales.overview" defaultMessage="Sales overview" />
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stat
            label={intl.formatMessage({ id: 'artistSales.revenue', defaultMessage: 'Revenue' })}
            value={formatDollars(summary.revenue)}
          />
          <Stat
            label={intl.formatMessage({ id: 'artistSales.orders', defaultMessage: 'Orders' })}
            value={String(summary.orders)}
          />
          <Stat
            label={intl.formatMessage({ id: 'artistSales.averageOrder', defaultMessage: 'Average order' })}
            value={formatDollars(average)}
          />
        </dl>
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <RevenueChart months={summary.by_month} />
          <TopTracks tracks={summary.top_tracks} />
        </div>
      </section>

      <section aria-labelledby="orders-title">
        <h2 id="orders-title" className="text-2xl font-semibold text-fg">
          <FormattedMessage id="artistSales.orders" defaultMessage="Orders" />
        </h2>
        {data.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">
            <FormattedMessage id="artistSales.noOrders" defaultMessage="No orders found." />
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.map((order) => (
              <OrderCard key={order.order_id} order={order} trackHref={trackHrefOf(order)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
