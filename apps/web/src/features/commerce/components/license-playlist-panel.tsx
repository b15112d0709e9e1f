import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { commonMessages } from '@/lib/i18n/common-messages';
import type { CartExclusionReason } from '@tarab/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ShieldCheckIcon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api-client';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { useCartQuote, useStartCartCheckout } from '../api/license-playlist';
import { formatDollars } from '../lib/money';
import { ShareEmailConsent } from './share-email-consent';

const REASON = defineMessages({
  owned: { id: 'licenseAll.reason.owned', defaultMessage: 'already licensed' },
  loop: { id: 'licenseAll.reason.loop', defaultMessage: 'loop: loops come with a subscription' },
  unpublished: { id: 'licenseAll.reason.unpublished', defaultMessage: 'no longer on sale' },
  in_checkout: { id: 'licenseAll.reason.inCheckout', defaultMessage: 'in another open checkout' },
} satisfies Record<CartExclusionReason, MessageDescriptor>);

/**
 * "License all" on the owner's playlist page (decision 036): one checkout for every unowned music
 * track, with the count and the total before paying and what is left out (owned, loops, unpublished,
 * in another checkout). It goes through the same pages as a single-track purchase: the local test
 * page, or Stripe's hosted Checkout.
 */
/** A playlist track as the panel needs it: to name a left-out track in the page's language. */
type PlaylistTrack = { id: number; kind?: string; title: string; title_ar?: string | null | undefined };

export function LicensePlaylistPanel({
  playlistId,
  tracks = [],
}: {
  playlistId: string;
  /** The playlist's tracks, when known: their Arabic titles name the left-out ones on Arabic pages. */
  tracks?: readonly PlaylistTrack[];
}) {
  const quote = useCartQuote(playlistId);
  const [shareEmail, setShareEmail] = useState(true);
  const start = useStartCartCheckout(playlistId);
  const navigate = useNavigate();
  const intl = useIntl();
  const titleOf = (line: { music_id: number; title: string; reason: CartExclusionReason }) => {
    const track = tracks.find((t) => t.id === line.music_id && (t.kind === 'loop') === (line.reason === 'loop'));
    return track ? trackTitle(track, intl.locale) : line.title;
  };

  if (quote.isPending || quote.isError) return null;
  const { count, total, currency, excluded, subscriber, max_items: maxItems } = quote.data;
  const price = formatDollars(total, currency);

  const go = () =>
    start.mutate(shareEmail, {
      onSuccess: ({ checkout_url }) => {
        if (checkout_url.startsWith('/') && !checkout_url.startsWith('//')) navigate(checkout_url);
        else window.location.assign(checkout_url);
      },
    });

  return (
    <section
      aria-labelledby="license-all-title"
      className="mt-6 max-w-xl rounded-2xl border border-line bg-surface/80 p-5 shadow-card"
    >
      <h2 id="license-all-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
        <ShieldCheckIcon className="size-5 text-secondary" />
        <FormattedMessage id="licenseAll.title" defaultMessage="License the whole playlist" />
      </h2>
      {subscriber ? (
        <p className="mt-2 text-sm text-fg-muted">
          <FormattedMessage
            id="licenseAll.subscriber"
            defaultMessage="Your subscription covers these tracks: download each one for free from its row. Nothing to pay."
          />
        </p>
      ) : count === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">
          <FormattedMessage
            id="licenseAll.nothingLeft"
            defaultMessage="Nothing left to license: every music track is covered."
          />
        </p>
      ) : (
        <>
          <p className="mt-2 text-fg-muted">
            <FormattedMessage
              id="licenseAll.summary"
              defaultMessage="One checkout for <strong>{count, plural, one {# track} other {# tracks}}</strong>, one licence each. Total <total>{price}</total>."
              values={{
                count,
                price,
                strong: (chunks) => <strong className="text-fg">{chunks}</strong>,
                total: (chunks) => <strong className="text-accent tabular-nums">{chunks}</strong>,
              }}
            />
          </p>
          <div className="mt-4">
            <ShareEmailConsent checked={shareEmail} onChange={setShareEmail} disabled={start.isPending} plural />
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button onClick={go} disabled={start.isPending || count > maxItems} aria-busy={start.isPending}>
              {intl.formatMessage(
                { id: 'licenseAll.button', defaultMessage: 'License all ({count}) · {price}' },
                { count, price },
              )}
            </Button>
            {count > maxItems ? (
              <span className="text-sm text-danger">
                {intl.formatMessage(
                  { id: 'licenseAll.tooMany', defaultMessage: 'At most {max} tracks in one checkout.' },
                  { max: maxItems },
                )}
              </span>
            ) : null}
          </div>
        </>
      )}
      {excluded.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-fg">
            {intl.formatMessage(
              { id: 'licenseAll.leftOut', defaultMessage: 'Left out ({count})' },
              { count: excluded.length },
            )}
          </h3>
          <ul className="mt-1 space-y-0.5 text-sm text-fg-muted">
            {excluded.map((track) => (
              <li key={track.music_id}>
                <span className="text-fg">{titleOf(track)}</span> — {intl.formatMessage(REASON[track.reason])}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {start.error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {isApiError(start.error)
            ? errorText(intl, start.error)
            : intl.formatMessage(commonMessages.somethingWentWrong)}
        </p>
      ) : null}
    </section>
  );
}
