import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldCheckIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useLocalCheckout } from '../api/get-local-checkout';
import { payLocalCheckout } from '../api/pay-local-checkout';
import type { CardInput } from '../lib/card';
import { formatDollars } from '../lib/money';
import { CardForm } from './card-form';
import { TestModeNotice } from './test-mode-notice';
import { ShareEmailConsent } from './share-email-consent';

/** Goes to a server-given URL: inside the app through the router, elsewhere by a full load. */
function useGoTo() {
  const navigate = useNavigate();
  return (url: string) => {
    if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
    else window.location.assign(url);
  };
}

/**
 * The test-mode checkout page of the `local` payment driver (`/checkout/local/:id`): the
 * track and amount, the test cards, and the card form. Paying goes to the success page.
 */
export function LocalCheckout({ sessionId }: { sessionId: string }) {
  const checkout = useLocalCheckout(sessionId);
  const goTo = useGoTo();
  const [error, setError] = useState<string | null>(null);
  // The buyer's email choice (decision 059): as stored when the checkout started, on by default.
  const [shareEmail, setShareEmail] = useState<boolean | null>(null);
  const intl = useIntl();

  if (checkout.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'checkout.loading', defaultMessage: 'Loading checkout…' })} />;
  if (checkout.isError) {
    return (
      <EmptyState
        title={intl.formatMessage({ id: 'checkout.unavailable', defaultMessage: 'Checkout unavailable' })}
        description={errorText(intl, checkout.error)}
        action={
          <LinkButton to={paths.home.getHref()} variant="secondary">
            <FormattedMessage id="checkout.goHome" defaultMessage="Go to Home Page" />
          </LinkButton>
        }
      />
    );
  }

  const session = checkout.data;
  const price = formatDollars(session.amount, session.currency);
  const successHref =
    session.success_url ??
    paths.success.getHref({
      session_id: session.id,
      music_id: session.music_id,
      price: session.amount.toFixed(2),
    });
  const items = session.items ?? [];
  const title = trackTitle(session, intl.locale);
  const sharing = shareEmail ?? session.share_email ?? true;

  if (session.status !== 'open') {
    const paid = session.status === 'complete';
    return (
      <EmptyState
        title={
          paid
            ? intl.formatMessage({ id: 'checkout.alreadyPaid', defaultMessage: 'This checkout is already paid.' })
            : intl.formatMessage({ id: 'checkout.expired', defaultMessage: 'This checkout has expired.' })
        }
        description={
          paid
            ? `${title} — ${price}`
            : intl.formatMessage({ id: 'checkout.startAgain', defaultMessage: 'Start again from the track to buy it.' })
        }
        action={
          <LinkButton to={paid ? successHref : paths.home.getHref()} variant={paid ? 'primary' : 'secondary'}>
            {paid ? (
              <FormattedMessage id="checkout.seeReceipt" defaultMessage="See your receipt" />
            ) : (
              <FormattedMessage id="checkout.goHome" defaultMessage="Go to Home Page" />
            )}
          </LinkButton>
        }
      />
    );
  }

  const pay = async (card: CardInput) => {
    setError(null);
    try {
      const { redirect_url } = await payLocalCheckout(session.id, card, sharing);
      goTo(redirect_url);
    } catch (cause) {
      setError(errorText(intl, cause));
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
      <section
        aria-labelledby="order-summary"
        className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="order-summary" className="text-xl font-semibold text-fg">
          <FormattedMessage id="checkout.orderSummary" defaultMessage="Order summary" />
        </h2>
        <dl className="mt-6 divide-y divide-line">
          {items.length > 0 ? (
            <div className="pb-4">
              {/* The server's title of a cart is English ("3 tracks from …"): counted here in the page's language. */}
              <dt className="text-fg-muted">
                {intl.locale === 'ar'
                  ? intl.formatMessage(
                      {
                        id: 'checkout.cartTracks',
                        defaultMessage: '{count, plural, one {# track} other {# tracks}}',
                      },
                      { count: items.length },
                    )
                  : session.title}
              </dt>
              <dd>
                <ul
                  aria-label={intl.formatMessage({
                    id: 'checkout.tracksInOrder',
                    defaultMessage: 'Tracks in this order',
                  })}
                  className="mt-3 space-y-2"
                >
                  {items.map((item, index) => (
                    <li key={index} className="flex items-baseline justify-between gap-4">
                      <span className="min-w-0 font-medium break-words text-fg">{trackTitle(item, intl.locale)}</span>
                      <span className="text-fg-muted tabular-nums">{formatDollars(item.amount, session.currency)}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : (
            <div className="flex items-baseline justify-between gap-4 pb-4">
              <dt className="text-fg-muted">
                <FormattedMessage id="search.kind.title" defaultMessage="Track" />
              </dt>
              <dd className="min-w-0 text-end font-medium break-words text-fg">{title}</dd>
            </div>
          )}
          <div className="flex items-baseline justify-between gap-4 py-4">
            <dt className="text-fg-muted">
              <FormattedMessage id="checkout.licence" defaultMessage="Licence" />
            </dt>
            <dd className="text-end text-fg">
              {items.length > 0 ? (
                <FormattedMessage id="checkout.licencePerTrack" defaultMessage="One royalty-free licence per track" />
              ) : (
                <FormattedMessage id="checkout.singleTrack" defaultMessage="Single track, royalty-free" />
              )}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 pt-4">
            <dt className="font-semibold text-fg">
              <FormattedMessage id="checkout.total" defaultMessage="Total" />
            </dt>
            <dd className="text-2xl font-bold text-accent tabular-nums">{price}</dd>
          </div>
        </dl>
        <p className="mt-6 flex items-start gap-2 text-sm text-fg-subtle">
          <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-secondary" />
          {items.length > 0
            ? intl.formatMessage({
                id: 'checkout.youGetEach',
                defaultMessage:
                  'You get each track in full quality with its own licence key, one by one or all in one zip.',
              })
            : intl.formatMessage({
                id: 'checkout.youGet',
                defaultMessage: 'You get the full-quality MP3 and a license.txt with your licence key.',
              })}
        </p>
      </section>

      <section
        aria-labelledby="payment-title"
        className="space-y-6 rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <div>
          <h2 id="payment-title" className="text-xl font-semibold text-fg">
            <FormattedMessage id="checkout.payment" defaultMessage="Payment" />
          </h2>
          <p className="mt-1 text-fg-muted">
            <FormattedMessage id="checkout.enterCard" defaultMessage="Enter your card details." />
          </p>
        </div>
        <TestModeNotice />
        <ShareEmailConsent checked={sharing} onChange={setShareEmail} plural={items.length > 0} />
        <CardForm onSubmit={pay} error={error} />
      </section>
    </div>
  );
}
