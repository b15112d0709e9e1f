import type { ArtistOrderDto } from '@tarab/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { albumTitle, trackTitle } from '@/lib/i18n/catalog-names';
import { DiscIcon, ShieldCheckIcon } from '@/components/ui/icons';
import { formatDay, formatDollars } from '../lib/format-sales';

const externalLink = 'font-semibold text-accent underline-offset-4 hover:underline focus-visible:underline';

/** The receipt in the page's language (the server renders it in English or Arabic). */
const receiptHref = (url: string, locale: string) =>
  locale === 'ar' ? `${url}${url.includes('?') ? '&' : '?'}lang=ar` : url;

/**
 * One sale (spec §2 "Artist analytics"): album image, track title, album title, link to the
 * track, buyer name and email — the email only when the buyer chose to share it at checkout,
 * otherwise a note that they kept it private (decision 059) — total price, payment method in
 * uppercase, and the View Receipt link (the order, never the buyer's payment references).
 */
export function OrderCard({ order, trackHref }: { order: ArtistOrderDto; trackHref: string }) {
  const { music, user, payment_details: payment } = order;
  const internal = trackHref.startsWith('/') && !trackHref.startsWith('/media/');
  const intl = useIntl();
  const title = trackTitle(music, intl.locale);
  const album = music.album ? albumTitle(music.album, intl.locale) : null;
  const viewTrack = (
    <FormattedMessage
      id="artistSales.viewTrack"
      defaultMessage="View track<sr>: {title}</sr>"
      values={{ title, sr: (chunks) => <span className="sr-only">{chunks}</span> }}
    />
  );
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card">
      <div className="flex items-start gap-4">
        <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl bg-surface-raised">
          {music.album?.image.url ? (
            <img
              src={music.album.image.url}
              alt={intl.formatMessage({ id: 'artistSales.albumCover', defaultMessage: '{album} cover' }, { album })}
              className="size-full object-cover"
              loading="lazy"
            />
          ) : (
            <DiscIcon className="size-6 text-fg-subtle" />
          )}
        </div>
        <div className="min-w-0">
          <h3 className="truncate font-sans text-base font-semibold text-fg">{title}</h3>
          <p className="truncate text-sm text-fg-muted">
            {album ?? intl.formatMessage({ id: 'artistSales.single', defaultMessage: 'Single' })}
          </p>
          {internal ? (
            <Link to={trackHref} className={`text-sm ${externalLink}`}>
              {viewTrack}
            </Link>
          ) : (
            <a href={trackHref} className={`text-sm ${externalLink}`} target="_blank" rel="noopener noreferrer">
              {viewTrack}
            </a>
          )}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-line pt-4 text-sm">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-fg-subtle">
            <FormattedMessage id="artistSales.buyer" defaultMessage="Buyer" />
          </dt>
          <dd className="truncate text-fg">{user.name}</dd>
          {user.email ? (
            <dd className="truncate text-fg-muted" data-testid="buyer-email">
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          ) : (
            <dd className="flex items-center gap-1.5 text-fg-subtle" data-testid="buyer-email-private">
              <ShieldCheckIcon className="size-3.5 shrink-0" />
              <FormattedMessage id="artistSales.emailPrivate" defaultMessage="Kept their email private" />
            </dd>
          )}
        </div>
        <div>
          <dt className="text-xs text-fg-subtle">
            <FormattedMessage id="artistSales.total" defaultMessage="Total" />
          </dt>
          <dd className="font-semibold text-fg tabular-nums">{formatDollars(payment.amount, payment.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-subtle">
            <FormattedMessage id="artistSales.paymentMethod" defaultMessage="Payment method" />
          </dt>
          <dd className="font-semibold tracking-wide text-fg">{(payment.payment_method ?? 'card').toUpperCase()}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-subtle">
            <FormattedMessage id="artistSales.order" defaultMessage="Order" />
          </dt>
          <dd className="text-fg-muted">
            <bdi dir="ltr">#{order.order_id}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-subtle">
            <FormattedMessage id="artistSales.date" defaultMessage="Date" />
          </dt>
          <dd className="text-fg-muted">{formatDay(order.created_at)}</dd>
        </div>
      </dl>

      {payment.receipt_url ? (
        <a
          href={receiptHref(payment.receipt_url, intl.locale)}
          target="_blank"
          rel="noopener noreferrer"
          className={`mt-auto self-start text-sm ${externalLink}`}
        >
          <FormattedMessage
            id="artistSales.viewReceipt"
            defaultMessage="View Receipt<sr> for order #{id} (opens in a new tab)</sr>"
            values={{ id: String(order.order_id), sr: (chunks) => <span className="sr-only">{chunks}</span> }}
          />
        </a>
      ) : null}
    </li>
  );
}
