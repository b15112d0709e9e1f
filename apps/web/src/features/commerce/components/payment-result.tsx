import { FormattedMessage, useIntl } from 'react-intl';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ArrowRightIcon, DownloadIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useConfirmPayment, type PaymentQuery } from '../api/confirm-payment';
import { downloadsQueryKey } from '../api/get-downloads';
import { formatDollars } from '../lib/money';
import { LicensedDownloadLink } from './licensed-download-link';
import { PaymentFailed, PaymentPanel, PaymentPending, PaymentTick } from './payment-panel';

/**
 * The success page body (spec §2 "Success page", §4 "fires once per visit"): confirms the
 * checkout with `GET /api/stripe/success`, then shows the receipt and the download.
 */
export function PaymentResult({ sessionId, musicId, price }: { sessionId: string; musicId: string; price: string }) {
  const query: PaymentQuery | null = sessionId
    ? { session_id: sessionId, ...(musicId ? { music_id: musicId } : {}), ...(price ? { price } : {}) }
    : null;
  const payment = useConfirmPayment(query);
  const queryClient = useQueryClient();
  const confirmed = payment.isSuccess;
  const intl = useIntl();

  // The new licence makes the track's rows show Downloaded.
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
  }, [confirmed, queryClient]);

  if (query && payment.isPending) return <PaymentPending />;
  if (!query || payment.isError) return <PaymentFailed error={payment.error} />;

  const order = payment.data?.data;
  const trackId = order?.music_id ?? musicId;
  const amount = order ? formatDollars(order.amount, order.currency) : formatDollars(Number(price) || 0);

  return (
    <PaymentPanel tone="success">
      <PaymentTick />
      <h2 className="text-3xl font-bold text-fg">
        <FormattedMessage id="payment.success" defaultMessage="Payment Successful!" />
      </h2>
      <p className="mt-3 text-lg text-fg-muted">
        <FormattedMessage
          id="payment.thanks"
          defaultMessage="Thank you for purchasing track #{id}"
          values={{ id: String(trackId) }}
        />
      </p>
      {order?.title ? <p className="mt-1 font-medium text-fg">{trackTitle(order, intl.locale)}</p> : null}

      <dl className="mx-auto mt-8 grid max-w-sm gap-px overflow-hidden rounded-xl border border-line bg-line text-start">
        <div className="bg-canvas/60 px-4 py-3">
          <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
            <FormattedMessage id="payment.transactionId" defaultMessage="Transaction ID" />
          </dt>
          <dd className="mt-1 font-mono text-sm break-all text-fg">{order?.session_id ?? sessionId}</dd>
        </div>
        <div className="bg-canvas/60 px-4 py-3">
          <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
            <FormattedMessage id="payment.amountPaid" defaultMessage="Amount paid" />
          </dt>
          <dd className="mt-1 text-lg font-semibold text-fg tabular-nums">{amount}</dd>
        </div>
        {order?.license_key ? (
          <div className="bg-canvas/60 px-4 py-3">
            <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
              <FormattedMessage id="payment.licenseKey" defaultMessage="License key" />
            </dt>
            <dd className="mt-1 font-mono text-sm break-all text-fg">{order.license_key}</dd>
          </div>
        ) : null}
      </dl>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {order?.license_key ? (
          <>
            <LicensedDownloadLink trackId={Number(trackId)} format="mp3" className={buttonStyles({ size: 'lg' })}>
              <DownloadIcon className="size-5" />
              <FormattedMessage id="purchase.download" defaultMessage="Download" />
            </LicensedDownloadLink>
            <LicensedDownloadLink
              trackId={Number(trackId)}
              format="wav"
              title={intl.formatMessage({ id: 'purchase.wavTitle', defaultMessage: 'Lossless WAV of the master' })}
              className={buttonStyles({ variant: 'secondary', size: 'lg' })}
            >
              <DownloadIcon className="size-5" />
              <FormattedMessage id="payment.downloadWav" defaultMessage="Download WAV" />
            </LicensedDownloadLink>
          </>
        ) : null}
        <LinkButton to={paths.home.getHref()} variant="secondary" size="lg">
          <FormattedMessage id="checkout.goHome" defaultMessage="Go to Home Page" />
          <ArrowRightIcon className="size-4" />
        </LinkButton>
      </div>
    </PaymentPanel>
  );
}
