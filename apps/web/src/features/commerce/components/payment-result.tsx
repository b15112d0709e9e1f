import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { commonMessages } from '@/lib/i18n/common-messages';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ArrowRightIcon, DownloadIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useConfirmPayment, type PaymentQuery } from '../api/confirm-payment';
import { downloadsQueryKey } from '../api/get-downloads';
import { formatDollars } from '../lib/money';
import { LicensedDownloadLink } from './licensed-download-link';

function Panel({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'success' | 'error' }) {
  const ring =
    tone === 'success' ? 'border-secondary/40' : tone === 'error' ? 'border-pomegranate-400/40' : 'border-line';
  return (
    <section
      aria-live="polite"
      className={`mx-auto max-w-xl rounded-2xl border bg-surface px-6 py-10 text-center shadow-card sm:px-10 ${ring}`}
    >
      {children}
    </section>
  );
}

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

  if (query && payment.isPending) {
    return (
      <Panel>
        <span
          aria-hidden="true"
          className="mx-auto block size-10 animate-spin rounded-full border-4 border-accent/20 border-t-accent"
        />
        <h2 className="mt-4 text-2xl font-semibold text-fg">
          <FormattedMessage id="payment.processing" defaultMessage="Processing your payment..." />
        </h2>
      </Panel>
    );
  }

  if (!query || payment.isError) {
    return (
      <Panel tone="error">
        <h2 className="text-2xl font-semibold text-fg">{intl.formatMessage(commonMessages.paymentOops)}</h2>
        <p role="alert" className="mt-3 text-fg-muted">
          {payment.error?.message
            ? errorText(intl, payment.error)
            : intl.formatMessage({
                id: 'payment.missingSession',
                defaultMessage: 'The payment session is missing from the link.',
              })}
        </p>
        <LinkButton to={paths.home.getHref()} variant="secondary" className="mt-8">
          <FormattedMessage id="checkout.goHome" defaultMessage="Go to Home Page" />
        </LinkButton>
      </Panel>
    );
  }

  const order = payment.data?.data;
  const trackId = order?.music_id ?? musicId;
  const amount = order ? formatDollars(order.amount, order.currency) : formatDollars(Number(price) || 0);

  return (
    <Panel tone="success">
      <div
        aria-hidden="true"
        className="mx-auto mb-5 grid size-16 place-items-center rounded-full bg-secondary/15 text-3xl text-secondary ring-1 ring-secondary/40"
      >
        ✓
      </div>
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
    </Panel>
  );
}
