import { AdminMessages, type ArtistTrackDto } from '@tarab/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useApproveTrack, useRejectTrack, useReviewQueue } from '@/features/admin/api/admin-api';
import { PreviewTimeline, usePreviewAudio } from '@/features/ingest/components/preview-timeline';
import { formatLoudness } from '@/features/ingest/lib/format-upload';
import { ConsoleList, DialogActions, NoteToArtistField, rowClass, when } from './parts';

/** Play/pause of the preview MP3 over the track's computed waveform (the upload preview's parts). */
function ReviewPlayer({ track }: { track: ArtistTrackDto }) {
  const preview = usePreviewAudio(track.duration_seconds);
  const { playing, toggle } = preview;
  return (
    <div className="flex w-full items-center gap-3 rounded-xl border border-line bg-canvas/40 p-3">
      <Button
        size="sm"
        variant="secondary"
        onClick={toggle}
        aria-label={`${playing ? 'Pause' : 'Play'} the preview of ${track.title}`}
        className="min-w-16"
      >
        {playing ? 'Pause' : 'Play'}
      </Button>
      <PreviewTimeline preview={preview} track={track} preload="none" waveformClassName="h-12" />
    </div>
  );
}

function RejectDialog({ track, onClose }: { track: ArtistTrackDto; onClose: () => void }) {
  const reject = useRejectTrack();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(AdminMessages.rejectReasonRequired);
      return;
    }
    // mutateAsync: the row (and this dialog) leaves the queue when the list is read again, before
    // per-call callbacks would run; the promise still settles.
    reject.mutateAsync({ id: track.id, reason: reason.trim() }).then(
      (r) => {
        toast.success(r.message);
        onClose();
      },
      (e: Error) => setError(e.message),
    );
  };
  return (
    <Modal open title="Reject this track" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-fg-muted">
          “{track.title}” by {track.artist.name} stays out of the store. The artist is emailed the reason and sees it in
          their tracks list; they may change the track and ask again.
        </p>
        <NoteToArtistField
          id={reasonId}
          label="Reason (the artist reads this)"
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <DialogActions onCancel={onClose} label="Reject" busyLabel="Rejecting…" busy={reject.isPending} />
      </form>
    </Modal>
  );
}

const tagNames = (tags: { name: string }[]) => tags.map((t) => t.name).join(', ') || '—';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-fg tabular-nums">{value}</dd>
    </div>
  );
}

function ReviewRow({ track }: { track: ArtistTrackDto }) {
  const approve = useApproveTrack();
  const [rejecting, setRejecting] = useState(false);
  return (
    <li className={rowClass} data-testid={`review-track-${track.id}`}>
      <div className="min-w-0 flex-1 basis-72 space-y-3">
        <div>
          <h3 className="font-sans text-base font-semibold break-words text-fg">{track.title}</h3>
          <p className="mt-1 text-sm text-fg-muted">
            #{track.id} · {track.kind === 'loop' ? 'Loop' : 'Music'} · {track.artist.name}
            {track.review ? ` · asked ${when(track.review.at)}` : ''}
          </p>
        </div>
        <ReviewPlayer track={track} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Duration" value={track.duration} />
          <Fact label="Tempo" value={track.bpm ? `${track.bpm} BPM` : '—'} />
          <Fact label="Loudness" value={formatLoudness(track.loudness_lufs)} />
          <Fact label="Price" value={`$${track.price.toFixed(2)}`} />
          <Fact label="Maqam" value={[track.key, track.maqam].filter(Boolean).join(' ') || '—'} />
          <Fact label="Genre" value={tagNames(track.genre)} />
          <Fact label="Mood" value={tagNames(track.mood)} />
          <Fact label="Instruments" value={tagNames(track.instrument)} />
          <Fact label="Region" value={track.region?.name ?? '—'} />
          <Fact label="Album" value={track.album?.title ?? '—'} />
        </dl>
      </div>
      <div className="flex w-full flex-wrap gap-3 sm:w-auto sm:flex-col">
        <Button
          size="sm"
          disabled={approve.isPending}
          aria-label={`Approve ${track.title}`}
          onClick={() =>
            // The row leaves the queue once approved: mutateAsync's promise settles even then.
            approve.mutateAsync(track.id).then(
              (r) => toast.success(r.message),
              (e: Error) => toast.error(e.message),
            )
          }
        >
          {approve.isPending ? 'Approving…' : 'Approve'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setRejecting(true)} aria-label={`Reject ${track.title}`}>
          Reject
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
  const queue = useReviewQueue();
  return (
    <div>
      <p className="max-w-2xl text-fg-muted">
        With moderation on, an artist’s publish request waits here until an operator approves it (it goes live) or
        rejects it with a reason the artist reads.
      </p>
      <ConsoleList
        title="Tracks waiting for review"
        count={queue.data?.length}
        isLoading={queue.isPending}
        error={queue.error}
        empty="No track is waiting for review."
      >
        {queue.data?.map((track) => (
          <ReviewRow key={track.id} track={track} />
        ))}
      </ConsoleList>
    </div>
  );
}
