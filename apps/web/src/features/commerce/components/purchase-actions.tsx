import { trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Limits } from '@tarab/contracts/limits';
import { Messages } from '@tarab/contracts/messages';
import type { TrackDto } from '@tarab/contracts';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { DownloadIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useCreateCheckout } from '../api/create-checkout';
import { useDownloadFromSubscription } from '../api/download-from-subscription';
import { downloadsQueryKey, useOwnedTrackIds } from '../api/get-downloads';
import { useSession } from '../hooks/use-session';
import { downloadLicensed } from '../api/prepare-download';
import { LicensedDownloadLink } from './licensed-download-link';

/** Below 640 px the row is tight: the button is a round icon (its name stays in aria-label). */
const compact = 'max-sm:w-9 max-sm:px-0';

/** Toasts of a product action close after 1500 ms (spec §4 "Toasts"). */
const productToast = { autoClose: Limits.toastFavouritesMs };

/**
 * The Download action of a track row (spec §2 "Track rows", §5, §6): a licensed track shows
 * `Downloaded` (downloads the zip again); otherwise Download, which sends a visitor to log in,
 * lets a subscriber download, and starts the purchase of a music track for everyone else.
 */
/** The licensed MP3 zip (the spec's download): prepared by the server if need be, then downloaded. */
function fetchZip(trackId: number): Promise<void> {
  return downloadLicensed(trackId, 'mp3', {
    onPreparing: () => toast.info(Messages.downloadPreparing, productToast),
  }).catch((error: unknown) => {
    toast.error(
      isApiError(error) && error.status > 0 && error.status < 500 ? error.message : Messages.downloadFailed,
      productToast,
    );
  });
}

export function PurchaseActions({ track }: { track: TrackDto }) {
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

  if (loggedIn && owned.data?.has(track.id)) {
    return (
      <span className="inline-flex items-center gap-1">
        <Button
          key="owned"
          variant="secondary"
          size="sm"
          className={`border-secondary/60 text-secondary hover:border-secondary ${compact}`}
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

  const onDownload = () => {
    if (session.status !== 'user') {
      navigate(paths.auth.login.getHref(), {
        state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } },
      });
      return;
    }
    if (session.isSubscriber) {
      download.mutate(
        { id: track.id, kind: track.kind },
        {
          onSuccess: (result) => {
            toast.success(result.message || Messages.downloadedFromSubscription, productToast);
            void fetchZip(result.data.track_id);
          },
          onError: (error) => {
            toast.error(
              isApiError(error) && error.status === 403 ? error.message : Messages.downloadFailed,
              productToast,
            );
          },
        },
      );
      return;
    }
    if (track.kind === 'loop') {
      toast.info(Messages.loopsNeedSubscription, productToast);
      return;
    }
    checkout.mutate(
      { music_id: track.id, title: track.title, ...(track.price !== undefined ? { price: track.price } : {}) },
      {
        onSuccess: ({ checkout_url }) => {
          if (checkout_url.startsWith('/') && !checkout_url.startsWith('//')) navigate(checkout_url);
          else window.location.assign(checkout_url);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
          }
          toast.error(
            isApiError(error) && error.status > 0 && error.status < 500 ? error.message : Messages.downloadFailed,
            productToast,
          );
        },
      },
    );
  };

  return (
    <Button
      key="download"
      size="sm"
      className={compact}
      onClick={onDownload}
      disabled={busy}
      aria-label={intl.formatMessage({ id: 'purchase.downloadTrack', defaultMessage: 'Download {title}' }, { title })}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-on-accent/30 border-t-on-accent"
        />
      ) : (
        <DownloadIcon className="size-4" />
      )}
      <span className="max-sm:sr-only">
        <FormattedMessage id="purchase.download" defaultMessage="Download" />
      </span>
    </Button>
  );
}
