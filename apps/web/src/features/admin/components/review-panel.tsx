import { AdminMessages, type ArtistTrackDto } from '@tarab/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useApproveTrack, useRejectTrack, useReviewQueue } from '../api/admin-api';
import { adminMessages } from '../lib/admin-messages';
import { PreviewTimeline, usePreviewAudio } from '@/components/audio/preview-timeline';
import { formatLoudness } from '@/lib/format-upload';
import { formatPrice } from '@/lib/format';
import { albumTitle, catalogName, noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { ConsoleList, DialogActions, NoteToArtistField, rowClass, when } from './parts';

/** Play/pause of the preview MP3 over the track's computed waveform (the upload preview's parts). */
function ReviewPlayer({ track }: { track: ArtistTrackDto }) {
  const intl = useIntl();
  const preview = usePreviewAudio(track.duration_seconds);
  const { playing, toggle } = preview;
  return (
    <div className="flex w-full items-center gap-3 rounded-xl border border-line bg-canvas/40 p-3">
      <Button
        size="sm"
        variant="secondary"
        onClick={toggle}
        aria-label={intl.formatMessage(
          {
            id: 'admin.review.playLabel',
            defaultMessage: '{playing, select, yes {Pause} other {Play}} the preview of {title}',
          },
          { playing: playing ? 'yes' : 'no', title: trackTitle(track, intl.locale) },
        )}
        className="min-w-16"
      >
        {playing ? (
          <FormattedMessage id="admin.review.pause" defaultMessage="Pause" />
        ) : (
          <FormattedMessage id="admin.review.play" defaultMessage="Play" />
        )}
      </Button>
      <PreviewTimeline preview={preview} track={track} preload="none" waveformClassName="h-12" />
    </div>
  );
}

function RejectDialog({ track, onClose }: { track: ArtistTrackDto; onClose: () => void }) {
  const intl = useIntl();
  const reject = useRejectTrack();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(intl.formatMessage(adminMessages.rejectReasonRequired));
      return;
    }
    // mutateAsync: the row (and this dialog) leaves the queue when the list is read again, before
    // per-call callbacks would run; the promise still settles.
    reject.mutateAsync({ id: track.id, reason: reason.trim() }).then(
      (r) => {
        toast.success(
          r.message === AdminMessages.alreadyRejected ? adminMessages.alreadyRejected : adminMessages.reviewRejected,
        );
        onClose();
      },
      (e: Error) => setError(errorText(intl, e)),
    );
  };
  return (
    <Modal
      open
      title={intl.formatMessage({ id: 'admin.review.rejectTitle', defaultMessage: 'Reject this track' })}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-fg-muted">
          <FormattedMessage
            id="admin.review.rejectBody"
            defaultMessage="“{title}” by {artist} stays out of the store. The artist is emailed the reason and sees it in their tracks list; they may change the track and ask again."
            values={{ title: <bdi>{trackTitle(track, intl.locale)}</bdi>, artist: <bdi>{track.artist.name}</bdi> }}
          />
        </p>
        <NoteToArtistField
          label={intl.formatMessage({ id: 'admin.review.reason', defaultMessage: 'Reason (the artist reads this)' })}
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <DialogActions
          onCancel={onClose}
          label={intl.formatMessage({ id: 'admin.review.reject', defaultMessage: 'Reject' })}
          busyLabel={intl.formatMessage({ id: 'admin.review.rejecting', defaultMessage: 'Rejecting…' })}
          busy={reject.isPending}
        />
      </form>
    </Modal>
  );
}

const tagNames = (tags: { name: string }[], locale: string) =>
  tags.map((t) => catalogName(t.name, locale)).join(locale === 'ar' ? '، ' : ', ') || '—';

/** `D Hijaz`; Arabic pages: `حجاز على ري` (the maqam on its tonic). */
function scaleOf(track: ArtistTrackDto, locale: string): string {
  if (locale !== 'ar') return [track.key, track.maqam].filter(Boolean).join(' ') || '—';
  const maqam = track.maqam ? catalogName(track.maqam, locale) : null;
  const key = track.key ? noteName(track.key, locale) : null;
  return (maqam && key ? `${maqam} على ${key}` : (maqam ?? key)) || '—';
}

/** Text that reads left to right (durations, BPM, LUFS, prices) inside an Arabic page. */
const Ltr = ({ children }: { children: string }) => (children === '—' ? children : <bdi dir="ltr">{children}</bdi>);

const factLabels = defineMessages({
  duration: { id: 'admin.review.duration', defaultMessage: 'Duration' },
  tempo: { id: 'admin.review.tempo', defaultMessage: 'Tempo' },
  loudness: { id: 'admin.review.loudness', defaultMessage: 'Loudness' },
  price: { id: 'admin.review.price', defaultMessage: 'Price' },
  maqam: { id: 'admin.review.maqam', defaultMessage: 'Maqam' },
  genre: { id: 'admin.review.genre', defaultMessage: 'Genre' },
  mood: { id: 'admin.review.mood', defaultMessage: 'Mood' },
  instruments: { id: 'admin.review.instruments', defaultMessage: 'Instruments' },
  region: { id: 'admin.review.region', defaultMessage: 'Region' },
  album: { id: 'admin.review.album', defaultMessage: 'Album' },
});

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-fg tabular-nums">{value}</dd>
    </div>
  );
}

function ReviewRow({ track }: { track: ArtistTrackDto }) {
  const intl = useIntl();
  const { locale } = intl;
  const title = trackTitle(track, locale);
  const fact = (name: keyof typeof factLabels) => intl.formatMessage(factLabels[name]);
  const approve = useApproveTrack();
  const [rejecting, setRejecting] = useState(false);
  return (
    <li className={rowClass} data-testid={`review-track-${track.id}`}>
      <div className="min-w-0 flex-1 basis-72 space-y-3">
        <div>
          <h3 className="font-sans text-base font-semibold break-words text-fg">
            <bdi>{title}</bdi>
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            <bdi dir="ltr">#{track.id}</bdi> ·{' '}
            {track.kind === 'loop' ? (
              <FormattedMessage id="admin.review.kindLoop" defaultMessage="Loop" />
            ) : (
              <FormattedMessage id="admin.review.kindMusic" defaultMessage="Music" />
            )}{' '}
            · <bdi>{track.artist.name}</bdi>
            {track.review ? (
              <>
                {' · '}
                <FormattedMessage
                  id="admin.review.asked"
                  defaultMessage="asked {date}"
                  values={{ date: when(track.review.at) }}
                />
              </>
            ) : null}
          </p>
        </div>
        <ReviewPlayer track={track} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label={fact('duration')} value={<Ltr>{track.duration}</Ltr>} />
          <Fact label={fact('tempo')} value={<Ltr>{track.bpm ? `${track.bpm} BPM` : '—'}</Ltr>} />
          <Fact label={fact('loudness')} value={<Ltr>{formatLoudness(track.loudness_lufs)}</Ltr>} />
          <Fact label={fact('price')} value={formatPrice(Math.round(track.price * 100))} />
          <Fact label={fact('maqam')} value={scaleOf(track, locale)} />
          <Fact label={fact('genre')} value={tagNames(track.genre, locale)} />
          <Fact label={fact('mood')} value={tagNames(track.mood, locale)} />
          <Fact label={fact('instruments')} value={tagNames(track.instrument, locale)} />
          <Fact label={fact('region')} value={track.region ? catalogName(track.region.name, locale) : '—'} />
          <Fact label={fact('album')} value={track.album ? <bdi>{albumTitle(track.album, locale)}</bdi> : '—'} />
        </dl>
      </div>
      <div className="flex w-full flex-wrap gap-3 sm:w-auto sm:flex-col">
        <Button
          size="sm"
          disabled={approve.isPending}
          aria-label={intl.formatMessage(
            { id: 'admin.review.approveLabel', defaultMessage: 'Approve {title}' },
            { title },
          )}
          onClick={() =>
            // The row leaves the queue once approved: mutateAsync's promise settles even then.
            approve.mutateAsync(track.id).then(
              (r) =>
                toast.success(
                  r.message === AdminMessages.alreadyApproved ? adminMessages.alreadyApproved : adminMessages.approved,
                ),
              (e: Error) => toast.error(e),
            )
          }
        >
          {approve.isPending ? (
            <FormattedMessage id="admin.review.approving" defaultMessage="Approving…" />
          ) : (
            <FormattedMessage id="admin.review.approve" defaultMessage="Approve" />
          )}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setRejecting(true)}
          aria-label={intl.formatMessage(
            { id: 'admin.review.rejectLabel', defaultMessage: 'Reject {title}' },
            { title },
          )}
        >
          <FormattedMessage id="admin.review.reject" defaultMessage="Reject" />
        </Button>
      </div>
      {rejecting ? <RejectDialog track={track} onClose={() => setRejecting(false)} /> : null}
    </li>
  );
}

/**
 * The review queue (MODERATION=on, decision 041): tracks whose artists asked to publish, oldest first,
 * with their metadata, analysis and a preview over the waveform; approve publishes, reject tells the artist why.
 */
export function ReviewPanel() {
  const intl = useIntl();
  const queue = useReviewQueue();
  return (
    <div>
      <p className="max-w-2xl text-fg-muted">
        <FormattedMessage
          id="admin.review.intro"
          defaultMessage="With moderation on, an artist’s publish request waits here until an operator approves it (it goes live) or rejects it with a reason the artist reads."
        />
      </p>
      <ConsoleList
        title={intl.formatMessage({ id: 'admin.review.title', defaultMessage: 'Tracks waiting for review' })}
        count={queue.data?.length}
        isLoading={queue.isPending}
        error={queue.error}
        empty={intl.formatMessage({ id: 'admin.review.empty', defaultMessage: 'No track is waiting for review.' })}
      >
        {queue.data?.map((track) => (
          <ReviewRow key={track.id} track={track} />
        ))}
      </ConsoleList>
    </div>
  );
}
