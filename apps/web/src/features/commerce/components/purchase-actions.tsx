import { trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { TrackDto } from '@tarab/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { codeText } from '@/lib/i18n/error-text';
import { activeIntl } from '@/lib/i18n/active-locale';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { DownloadIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { ltr } from '@/lib/i18n/bidi';
import { useCreateCheckout } from '../api/create-checkout';
import { useDownloadFromSubscription } from '../api/download-from-subscription';
import { downloadsQueryKey, useOwnedTrackIds } from '../api/get-downloads';
import { useSession, type Session } from '../hooks/use-session';
import { downloadLicensed } from '../api/prepare-download';
import { productToast, toastDownloadFailure, toastPreparing } from '../lib/download-toasts';
import { LICENSE_INTENT_PARAM, loginHrefFor, searchWithLicenseIntent, takeLicenseIntent } from '../lib/license-intent';
import { LicensedDownloadLink } from './licensed-download-link';

/** Asked only before a hosted payment page, so fetched then (decision 059). */
const HostedCheckoutConsent = lazy(() =>
  import('./hosted-checkout-consent').then((module) => ({ default: module.HostedCheckoutConsent })),
);

/** A same-origin path (the local test checkout) rather than a hosted payment page. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** Below 640 px the row is tight: an icon-only button is round (its name stays in aria-label). */
const compactIcon = 'max-sm:w-9 max-sm:px-0';
/** …and a button with a short text keeps a smaller padding. */
const compactText = 'max-sm:px-3';

/** The licensed MP3 zip (the spec's download): prepared by the server if need be, then downloaded. */
function fetchZip(trackId: number): Promise<void> {
  return downloadLicensed(trackId, 'mp3', { onPreparing: toastPreparing }).catch((error: unknown) => {
    toastDownloadFailure(error);
  });
}

/**
 * What the primary button of a track does for this visitor (issue #32 item 2):
 * - `downloaded`: the user holds a licence: the spec's `Downloaded` button (downloads the zip again);
 * - `download`: a subscriber: `Download` (free with the subscription);
 * - `license`: any other signed-in user, on a music track: `License · $7.99` opens the checkout;
 * - `subscribe`: any other signed-in user, on a loop (loops come only with a subscription): the plans;
 * - `login`: a visitor (who sees no price, spec §2): `License` (a loop: `Download`), which goes to the
 *   login page with the reason and comes back to finish the action.
 */
export type PrimaryActionKind = 'downloaded' | 'download' | 'license' | 'subscribe' | 'login';

function primaryActionOf(track: TrackDto, session: Session, owned: boolean): PrimaryActionKind {
  if (session.status !== 'user') return 'login';
  if (owned) return 'downloaded';
  if (session.isSubscriber) return 'download';
  return track.kind === 'loop' ? 'subscribe' : 'license';
}

/**
 * The one primary action of a track, in its rows and on its page (spec §2 "Track rows", §5, §6; issue #32):
 * a button that says what it does. A visitor's click goes to the login page with the reason (`Log in to
 * license …`) and a `next` address carrying the intent (`?license=<id>`); back there, the same button
 * finds the intent and finishes the action (opens the checkout or starts the download).
 */
export function TrackPrimaryAction({ track }: { track: TrackDto }) {
  const session = useSession();
  const loggedIn = session.status === 'user';
  const owned = useOwnedTrackIds(loggedIn);
  const download = useDownloadFromSubscription();
  const checkout = useCreateCheckout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const busy = download.isPending || checkout.isPending;
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);
  const isOwned = loggedIn && Boolean(owned.data?.has(track.id));
  const kind = primaryActionOf(track, session, isOwned);
  const price = track.price !== undefined ? formatPrice(Math.round(track.price * 100)) : null;

  const goToLogin = () => {
    const reason = track.kind === 'loop' ? 'download' : 'license';
    const from = {
      pathname: location.pathname,
      search: searchWithLicenseIntent(location.search, track.id),
      hash: location.hash,
    };
    navigate(loginHrefFor(`${from.pathname}${from.search}${from.hash}`, reason), {
      // `from` in the guard's shape (features/auth), which Google sign-in honours too; `intent.title`
      // lets the login page name the track.
      state: { from, intent: { reason, title } },
    });
  };

  const startSubscriptionDownload = () =>
    download.mutate(
      { id: track.id, kind: track.kind },
      {
        onSuccess: (result) => {
          toast.success(commonMessages.downloadedFromSubscription, productToast);
          void fetchZip(result.data.track_id);
        },
        onError: (error) => {
          toast.error(
            isApiError(error) && error.status === 403 ? error : codeText(activeIntl(), 'download_failed'),
            productToast,
          );
        },
      },
    );

  /** A hosted payment page waiting for the buyer's email choice (the local page asks on its own). */
  const [hostedUrl, setHostedUrl] = useState<string | null>(null);
  const checkoutInput = (shareEmail?: boolean) => ({
    music_id: track.id,
    title: track.title,
    ...(track.price !== undefined ? { price: track.price } : {}),
    ...(shareEmail === undefined ? {} : { share_email: shareEmail }),
  });
  /** The choice made: kept on the open checkout (the same session comes back), then off to pay. */
  const continueToPayment = (shareEmail: boolean) => {
    if (!hostedUrl) return;
    if (shareEmail) {
      window.location.assign(hostedUrl);
      return;
    }
    checkout.mutate(checkoutInput(false), {
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
      onError: () => toast.error(codeText(activeIntl(), 'download_failed'), productToast),
    });
  };

  const startCheckout = () =>
    checkout.mutate(checkoutInput(), {
      onSuccess: ({ checkout_url }) => {
        if (isOwnPath(checkout_url)) navigate(checkout_url);
        else setHostedUrl(checkout_url);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
        }
        toastDownloadFailure(error);
      },
    });

  const run = (action: PrimaryActionKind) => {
    if (action === 'login') goToLogin();
    else if (action === 'downloaded') void fetchZip(track.id);
    else if (action === 'download') startSubscriptionDownload();
    else if (action === 'subscribe') {
      toast.info(codeText(activeIntl(), 'loops_need_subscription'), productToast);
      navigate(paths.subscriptionPlan.getHref());
    } else startCheckout();
  };

  // Back from the login page with `?license=<this id>`: finish what the visitor started, once the
  // session and the user's licences are known (a licensed track downloads instead of a second sale).
  const runRef = useRef(run);
  runRef.current = run;
  const intentReady = loggedIn && !owned.isPending;
  useEffect(() => {
    if (!intentReady) return;
    if (!takeLicenseIntent(location, track.id)) return;
    const params = new URLSearchParams(location.search);
    params.delete(LICENSE_INTENT_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    runRef.current(kind);
  }, [intentReady, location, track.id, kind, navigate]);

  if (kind === 'downloaded') {
    return (
      <span className="inline-flex items-center gap-1">
        <Button
          key="owned"
          variant="secondary"
          size="sm"
          className={`border-secondary/60 text-secondary hover:border-secondary ${compactIcon}`}
          aria-label={intl.formatMessage(
            { id: 'purchase.downloadAgain', defaultMessage: 'Downloaded: download {title} again' },
            { title },
          )}
          onClick={() => void fetchZip(track.id)}
        >
          <span aria-hidden="true">✓</span>
          <span className="max-sm:sr-only">
            <FormattedMessage id="purchase.downloaded" defaultMessage="Downloaded" />
          </span>
        </Button>
        <LicensedDownloadLink
          trackId={track.id}
          format="wav"
          title={intl.formatMessage({ id: 'purchase.wavTitle', defaultMessage: 'Lossless WAV of the master' })}
          aria-label={intl.formatMessage(
            { id: 'purchase.wavOf', defaultMessage: 'Lossless WAV of {title}' },
            { title },
          )}
          className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'px-3 max-sm:hidden' })}
        >
          WAV
        </LicensedDownloadLink>
      </span>
    );
  }

  const spinner = (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-on-accent/30 border-t-on-accent"
    />
  );

  if (kind === 'download') {
    return (
      <Button
        key="download"
        size="sm"
        className={compactIcon}
        onClick={() => run('download')}
        disabled={busy}
        data-action="download"
        aria-label={intl.formatMessage({ id: 'purchase.downloadTrack', defaultMessage: 'Download {title}' }, { title })}
      >
        {busy ? spinner : <DownloadIcon className="size-4" />}
        <span className="max-sm:sr-only">
          <FormattedMessage id="purchase.download" defaultMessage="Download" />
        </span>
      </Button>
    );
  }

  if (kind === 'subscribe') {
    return (
      <Button
        key="subscribe"
        size="sm"
        variant="secondary"
        className={compactText}
        onClick={() => run('subscribe')}
        data-action="subscribe"
        aria-label={intl.formatMessage(
          { id: 'purchase.subscribeTrack', defaultMessage: 'Subscribe to download {title}' },
          { title },
        )}
      >
        <span className="sm:hidden">
          <FormattedMessage id="purchase.subscribeShort" defaultMessage="Subscribe" />
        </span>
        <span className="max-sm:hidden">
          <FormattedMessage id="purchase.subscribe" defaultMessage="Subscribe to download" />
        </span>
      </Button>
    );
  }

  if (kind === 'login') {
    // A visitor sees no price (spec §2); a loop is downloaded (with a subscription), a music track licensed.
    if (track.kind === 'loop') {
      return (
        <Button
          key="login"
          size="sm"
          className={compactIcon}
          onClick={() => run('login')}
          data-action="login"
          aria-label={intl.formatMessage(
            { id: 'purchase.downloadTrack', defaultMessage: 'Download {title}' },
            { title },
          )}
        >
          <DownloadIcon className="size-4" />
          <span className="max-sm:sr-only">
            <FormattedMessage id="purchase.download" defaultMessage="Download" />
          </span>
        </Button>
      );
    }
    return (
      <Button
        key="login"
        size="sm"
        className={compactText}
        onClick={() => run('login')}
        data-action="login"
        aria-label={intl.formatMessage({ id: 'purchase.licenseTrack', defaultMessage: 'License {title}' }, { title })}
      >
        <FormattedMessage id="purchase.license" defaultMessage="License" />
      </Button>
    );
  }

  // A signed-in listener: the licence and its price, in the page's locale.
  const shownPrice = price ? <bdi dir="ltr">{price}</bdi> : null;
  return (
    <>
      {hostedUrl ? (
        <Suspense fallback={null}>
          <HostedCheckoutConsent
            open
            busy={checkout.isPending}
            onContinue={continueToPayment}
            onClose={() => setHostedUrl(null)}
          />
        </Suspense>
      ) : null}
      <Button
        key="license"
        size="sm"
        className={compactText}
        onClick={() => run('license')}
        disabled={busy}
        data-action="license"
        aria-label={
          price
            ? intl.formatMessage(
                { id: 'purchase.licenseTrackFor', defaultMessage: 'License {title} · {price}' },
                { title, price: ltr(intl.locale, price) },
              )
            : intl.formatMessage({ id: 'purchase.licenseTrack', defaultMessage: 'License {title}' }, { title })
        }
      >
        {busy ? spinner : null}
        {price ? (
          <>
            {/* Phones: the price alone; the name says "License". */}
            <span className="sm:hidden">{shownPrice}</span>
            <span className="max-sm:hidden">
              <FormattedMessage
                id="purchase.licenseFor"
                defaultMessage="License · {price}"
                values={{ price: shownPrice }}
              />
            </span>
          </>
        ) : (
          <FormattedMessage id="purchase.license" defaultMessage="License" />
        )}
      </Button>
    </>
  );
}

/** The name the rows used so far. */
export const PurchaseActions = TrackPrimaryAction;
