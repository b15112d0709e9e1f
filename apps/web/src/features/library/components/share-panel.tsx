import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/lib/i18n/i18n-provider';
import { localizePath, type Locale } from '@/lib/i18n/locales';
import { usePlaylistSharing } from '../api/share-playlist';

/**
 * The link as the sharer sees the store: made on an Arabic page, it opens the Arabic page (`/ar/p/…`),
 * so the people it is sent to read the store in the sharer's language.
 */
const absolute = (path: string, locale: Locale) =>
  new URL(localizePath(path, locale), window.location.origin).toString();

/**
 * The owner's share link of a playlist: "Share" makes an unlisted, read-only link anyone can open (to
 * browse and play previews); the owner copies it, or revokes it so the old link opens nothing.
 */
export function SharePanel({ playlistId, sharePath }: { playlistId: string; sharePath: string | null }) {
  const { share, revoke } = usePlaylistSharing(playlistId);
  const [copied, setCopied] = useState(false);
  const error = share.error ?? revoke.error;
  const locale = useLocale();
  const url = sharePath ? absolute(sharePath, locale) : null;
  const intl = useIntl();
  const shareLink = intl.formatMessage({ id: 'library.share.link', defaultMessage: 'Share link' });

  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <section
      aria-label={intl.formatMessage({ id: 'library.share.label', defaultMessage: 'Share this playlist' })}
      className="mt-5 max-w-xl space-y-3"
    >
      {url ? (
        <>
          <p className="text-sm text-fg-muted">
            <FormattedMessage
              id="library.share.explain"
              defaultMessage="Anyone with this link can see the tracks and play the previews. They cannot change the playlist."
            />
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label={shareLink}
              dir="ltr"
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-[1_1_100%] rounded-xl sm:flex-[1_1_0%] border border-line-strong bg-canvas/60 px-3 font-mono text-sm text-fg"
            />
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              {copied ? (
                <FormattedMessage id="library.share.copied" defaultMessage="Copied" />
              ) : (
                <FormattedMessage id="library.share.copy" defaultMessage="Copy link" />
              )}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              <FormattedMessage id="library.share.stop" defaultMessage="Stop sharing" />
            </Button>
          </div>
        </>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => share.mutate()} disabled={share.isPending}>
          <FormattedMessage id="library.share.create" defaultMessage="Share link" />
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(intl, error)}
        </p>
      ) : null}
    </section>
  );
}
