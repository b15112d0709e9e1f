import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon, DownloadIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { downloadsQueryKey } from '../api/get-downloads';
import { useConfirmCart } from '../api/license-playlist';
import { downloadCartZip } from '../api/prepare-download';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { toastDownloadFailure, toastPreparing } from '../lib/download-toasts';
import { formatDollars } from '../lib/money';
import { LicensedDownloadLink } from './licensed-download-link';
import { PaymentFailed, PaymentPanel, PaymentPending, PaymentTick } from './payment-panel';

/**
 * The success page of a playlist checkout (`/success/playlist?session_id=`): confirms the payment
 * once, then lists every licensed track with its licence key and download, and one "Download all".
 */
export function CartPaymentResult({ sessionId }: { sessionId: string }) {
  const payment = useConfirmCart(sessionId);
  const queryClient = useQueryClient();
  const [zipping, setZipping] = useState(false);
  const intl = useIntl();
  const confirmed = payment.isSuccess;

  // The new licences show in Saved → Downloads, and the playlist's quote changes.
  useEffect(() => {
    if (!confirmed) return;
    void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['commerce', 'cart-quote'] });
  }, [confirmed, queryClient]);

  if (sessionId && payment.isPending) return <PaymentPending />;
  if (!sessionId || payment.isError || !payment.data) return <PaymentFailed error={payment.error} />;

  const order = payment.data.data;
  const licensed = order.items.filter((item) => item.license_key);
  const downloadAll = () => {
    if (!order.zip_url || zipping) return;
    setZipping(true);
    downloadCartZip(
      licensed.map((item) => item.music_id),
      order.zip_url,
      'mp3',
      { onPreparing: toastPreparing },
    )
      .catch(toastDownloadFailure)
      .finally(() => setZipping(false));
  };

  return (
    <PaymentPanel tone="success" wide>
      <div className="text-center">
        <PaymentTick />
        <h2 className="text-3xl font-bold text-fg">
          {order.status === 'paid' ? (
            <FormattedMessage id="payment.success" defaultMessage="Payment Successful!" />
          ) : (
            <FormattedMessage id="playlistPayment.refunded" defaultMessage="This order was refunded." />
          )}
        </h2>
        <p className="mt-3 text-lg text-fg-muted">
          {intl.formatMessage(
            {
              id: 'playlistPayment.summary',
              defaultMessage: '{count, plural, one {# track} other {# tracks}} from “{playlist}” · {amount}',
            },
            {
              count: order.items.length,
              playlist: order.playlist_name,
              amount: formatDollars(order.amount, order.currency),
            },
          )}
        </p>
        <p className="mt-1 font-mono text-xs break-all text-fg-subtle">
          {intl.formatMessage(
            { id: 'playlistPayment.transaction', defaultMessage: 'Transaction ID {id}' },
            { id: order.session_id },
          )}
        </p>
      </div>

      {order.zip_url && licensed.length > 0 ? (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={downloadAll} disabled={zipping} aria-busy={zipping}>
            <DownloadIcon className="size-5" />
            <FormattedMessage id="playlistPayment.downloadAll" defaultMessage="Download all (zip)" />
          </Button>
          <LinkButton to={paths.saved.getHref()} variant="secondary" size="lg">
            <FormattedMessage id="playlistPayment.myDownloads" defaultMessage="Go to my downloads" />
            <ArrowRightIcon className="size-4" />
          </LinkButton>
        </div>
      ) : null}

      <ul
        aria-label={intl.formatMessage({ id: 'playlistPayment.licensedTracks', defaultMessage: 'Licensed tracks' })}
        className="mt-8 divide-y divide-line rounded-xl border border-line"
      >
        {order.items.map((item) => (
          <li
            key={item.order_id}
            className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-fg">{trackTitle(item, intl.locale)}</p>
              <p className="text-sm text-fg-muted tabular-nums">{formatDollars(item.amount, order.currency)}</p>
              {item.license_key ? (
                <p className="mt-1 font-mono text-xs break-all text-fg-subtle">
                  <span className="sr-only">
                    <FormattedMessage id="playlistPayment.licenceKey" defaultMessage="Licence key" />{' '}
                  </span>
                  {item.license_key}
                </p>
              ) : null}
            </div>
            {item.license_key ? (
              <LicensedDownloadLink
                trackId={item.music_id}
                format="mp3"
                aria-label={intl.formatMessage(
                  { id: 'playlistPayment.downloadTrack', defaultMessage: 'Download {title}' },
                  { title: trackTitle(item, intl.locale) },
                )}
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
              >
                <DownloadIcon className="size-4" />
                <FormattedMessage id="purchase.download" defaultMessage="Download" />
              </LicensedDownloadLink>
            ) : null}
          </li>
        ))}
      </ul>
    </PaymentPanel>
  );
}
