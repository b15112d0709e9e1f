import { useQueryClient } from '@tanstack/react-query';
import { TakedownReasonLabels, type ArtistTrackDto, type UploadDto } from '@tarab/contracts';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ltr } from '@/lib/i18n/bidi';
import { albumTitle, catalogName, noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format';
import { isSettled, useUploads } from '../api/get-upload';
import { ingestKeys } from '../api/ingest-keys';
import { useSetTrackPublished } from '../api/publish-track';
import { publishAnswerText } from '../lib/ingest-messages';
import { EditTrackDialog } from './edit-track-dialog';
import { StatusBadge, trackTone } from './status-badge';

const dollars = (price: number) => formatPrice(Math.round(price * 100));

const takedownReasons = defineMessages({
  copyright: { id: 'ingest.takedown.copyright', defaultMessage: 'Copyright claim' },
  quality: { id: 'ingest.takedown.quality', defaultMessage: 'Quality' },
  other: { id: 'ingest.takedown.other', defaultMessage: 'Other' },
});

function trackFacts(intl: IntlShape, track: ArtistTrackDto): string {
  const { locale } = intl;
  return [
    track.kind === 'loop'
      ? intl.formatMessage({ id: 'ingest.kind.loop', defaultMessage: 'Loop' })
      : intl.formatMessage({ id: 'nav.music', defaultMessage: 'Music' }),
    ltr(locale, track.duration),
    track.bpm ? ltr(locale, `${track.bpm} BPM`) : null,
    // The musical facts the artist chose (or the loop's scale): as the store's rows show them.
    track.maqam && track.key
      ? intl.formatMessage(
          { id: 'ingest.facts.maqamOn', defaultMessage: '{maqam} on {tonic}' },
          { maqam: catalogName(track.maqam, locale), tonic: noteName(track.key, locale) },
        )
      : track.maqam
        ? catalogName(track.maqam, locale)
        : null,
    track.iqa ? `${catalogName(track.iqa, locale)}${track.meter ? ` ${ltr(locale, track.meter)}` : ''}` : null,
    dollars(track.price),
    track.album ? albumTitle(track.album, locale) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function TrackRow({ track }: { track: ArtistTrackDto }) {
  const publish = useSetTrackPublished();
  const [editing, setEditing] = useState(false);
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);
  // MODERATION=on: a track waiting for review counts as asked-for; its button withdraws the request.
  const waiting = track.review?.state === 'pending';
  const live = track.published || waiting;
  const onToggle = () =>
    publish.mutate(
      { trackId: track.id, publish: !live },
      {
        onSuccess: (result) => toast.success(publishAnswerText(intl, result.data)),
        onError: (error) => toast.error(error),
      },
    );
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-4 py-4 sm:px-5">
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">{title}</h3>
          <StatusBadge tone={trackTone(track)} />
        </div>
        <p className="mt-1 text-sm text-fg-muted">{trackFacts(intl, track)}</p>
        {track.takedown ? (
          // Why the store took it down (issue 22): the artist reads the reason here and in the email.
          <p className="mt-2 text-sm text-pomegranate-400" data-testid="takedown-reason">
            <FormattedMessage
              id="ingest.takenDownBy"
              defaultMessage="Taken down by Tarab: {reason}"
              values={{
                reason:
                  intl.locale === 'ar'
                    ? intl.formatMessage(takedownReasons[track.takedown.reason])
                    : TakedownReasonLabels[track.takedown.reason],
              }}
            />
            {track.takedown.note ? ` — ${track.takedown.note}` : ''}
          </p>
        ) : track.review?.state === 'rejected' ? (
          // Why an operator did not approve it (MODERATION=on): shown here and in the email.
          <p className="mt-2 text-sm text-pomegranate-400" data-testid="review-rejection">
            <FormattedMessage
              id="ingest.rejectedWith"
              defaultMessage="Rejected: {note}"
              values={{ note: track.review.note }}
            />
          </p>
        ) : waiting ? (
          <p className="mt-2 text-sm text-fg-muted">
            <FormattedMessage
              id="ingest.waitingReview"
              defaultMessage="Waiting for review: it goes live once Tarab approves it."
            />
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setEditing(true)}
          aria-label={intl.formatMessage({ id: 'ingest.editTrack', defaultMessage: 'Edit {title}' }, { title })}
        >
          <FormattedMessage id="ingest.edit" defaultMessage="Edit" />
        </Button>
        <Button
          variant={live ? 'secondary' : 'primary'}
          size="sm"
          disabled={publish.isPending || (track.takedown !== null && !track.published)}
          onClick={onToggle}
          aria-label={
            waiting
              ? intl.formatMessage(
                  { id: 'ingest.withdrawTrack', defaultMessage: 'Withdraw the publish request of {title}' },
                  { title },
                )
              : track.published
                ? intl.formatMessage({ id: 'ingest.unpublishTrack', defaultMessage: 'Unpublish {title}' }, { title })
                : intl.formatMessage({ id: 'ingest.publishTrack', defaultMessage: 'Publish {title}' }, { title })
          }
          className="min-w-28"
        >
          {publish.isPending
            ? live
              ? intl.formatMessage({ id: 'ingest.unpublishing', defaultMessage: 'Unpublishing…' })
              : intl.formatMessage({ id: 'ingest.publishing', defaultMessage: 'Publishing…' })
            : waiting
              ? intl.formatMessage({ id: 'ingest.withdraw', defaultMessage: 'Withdraw' })
              : track.published
                ? intl.formatMessage({ id: 'ingest.unpublish', defaultMessage: 'Unpublish' })
                : intl.formatMessage({ id: 'ingest.publish', defaultMessage: 'Publish' })}
        </Button>
      </div>
      <EditTrackDialog track={track} open={editing} onClose={() => setEditing(false)} />
    </li>
  );
}

function PendingRow({ upload }: { upload: UploadDto }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-4 sm:px-5">
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">{upload.title}</h3>
          <StatusBadge tone={upload.status === 'queued' ? 'queued' : 'processing'} />
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">{upload.filename}</p>
      </div>
    </li>
  );
}

/**
 * "Your tracks": every track of the artist, published or draft, with Edit and Publish / Unpublish;
 * uploads still being processed are listed first.
 */
export function ArtistTracks({ tracks }: { tracks: readonly ArtistTrackDto[] }) {
  const queryClient = useQueryClient();
  const uploads = useUploads();
  const pending = (uploads.data ?? []).filter((upload) => !isSettled(upload.status));
  const published = tracks.filter((track) => track.published).length;
  const intl = useIntl();

  // An upload finished in the background: its track joins the list. Also when the upload was never
  // seen pending (processed before the uploads list was read again): a processed upload whose track
  // the list does not hold yet reads the list again, once per such set of tracks.
  const pendingCount = useRef(pending.length);
  useEffect(() => {
    if (pending.length < pendingCount.current) void queryClient.invalidateQueries({ queryKey: ingestKeys.catalog });
    pendingCount.current = pending.length;
  }, [pending.length, queryClient]);
  const missing = (uploads.data ?? [])
    .flatMap((upload) => (upload.status === 'processed' && upload.track ? [upload.track.id] : []))
    .filter((id) => !tracks.some((track) => track.id === id))
    .join(',');
  useEffect(() => {
    if (missing) void queryClient.invalidateQueries({ queryKey: ingestKeys.catalog });
  }, [missing, queryClient]);

  return (
    <section aria-labelledby="your-tracks-title">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="your-tracks-title" className="text-2xl font-semibold text-fg">
          <FormattedMessage id="ingest.yourTracks" defaultMessage="Your tracks" />
        </h2>
        {tracks.length > 0 ? (
          <p className="text-sm text-fg-muted tabular-nums">
            {intl.formatMessage(
              {
                id: 'ingest.trackCount',
                defaultMessage: '{count, plural, one {# track} other {# tracks}} · {published} published',
              },
              { count: tracks.length, published },
            )}
          </p>
        ) : null}
      </div>
      {tracks.length === 0 && pending.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">
          <FormattedMessage id="ingest.noTracks" defaultMessage="No tracks yet. Upload your first one above." />
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
          {pending.map((upload) => (
            <PendingRow key={`upload-${upload.id}`} upload={upload} />
          ))}
          {tracks.map((track) => (
            <TrackRow key={track.id} track={track} />
          ))}
        </ul>
      )}
    </section>
  );
}
