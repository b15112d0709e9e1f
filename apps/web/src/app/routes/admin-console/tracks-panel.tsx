import {
  AdminMessages,
  TakedownReason,
  TakedownReasonLabels,
  type AdminTrackDto,
  type TakedownReason as Reason,
} from '@tarab/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useAdminTracks, useRestoreTrack, useTakeDown } from '@/features/admin/api/admin-api';
import { SelectField } from '@/features/ingest/components/form-controls';
import { ConsoleList, DialogActions, NoteToArtistField, Pill, rowClass, useSearchBox, when } from './parts';

const reasonOptions = TakedownReason.options.map((value) => ({ value, label: TakedownReasonLabels[value] }));

function TakedownDialog({ track, open, onClose }: { track: AdminTrackDto; open: boolean; onClose: () => void }) {
  const takeDown = useTakeDown();
  const noteId = useId();
  const [reason, setReason] = useState<Reason>('copyright');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === 'other' && note.trim() === '') {
      setNoteError(AdminMessages.noteRequired);
      return;
    }
    takeDown.mutate(
      { id: track.id, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
        onError: (e) => setNoteError(e.message),
      },
    );
  };
  return (
    <Modal open={open} title="Take this track down" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-fg-muted">
          “{track.title}” by {track.artist.name} leaves the store now. Buyers keep their licences (refund an order to
          revoke one). The artist is emailed the reason and sees it in their tracks list.
        </p>
        <SelectField
          label="Reason"
          options={reasonOptions}
          value={reason}
          onChange={(event) => setReason(event.target.value as Reason)}
        />
        <NoteToArtistField
          id={noteId}
          label={`Note to the artist ${reason === 'other' ? '(required)' : '(optional)'}`}
          value={note}
          error={noteError}
          onChange={(value) => {
            setNote(value);
            setNoteError(null);
          }}
        />
        <DialogActions onCancel={onClose} label="Take down" busyLabel="Taking down…" busy={takeDown.isPending} />
      </form>
    </Modal>
  );
}

function TrackRow({ track }: { track: AdminTrackDto }) {
  const restore = useRestoreTrack();
  const [open, setOpen] = useState(false);
  return (
    <li className={rowClass} data-testid={`admin-track-${track.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">{track.title}</h3>
          {track.takedown ? (
            <Pill tone="bad">Taken down</Pill>
          ) : track.review ? (
            <Pill tone={track.review.state === 'pending' ? 'warn' : 'bad'}>
              {track.review.state === 'pending' ? 'Waiting for review' : 'Rejected'}
            </Pill>
          ) : (
            <Pill tone={track.published ? 'good' : 'muted'}>{track.published ? 'Published' : 'Draft'}</Pill>
          )}
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">
          #{track.id} · {track.kind} · {track.artist.name}
        </p>
        {track.takedown ? (
          <p className="mt-1 text-sm text-pomegranate-400">
            {TakedownReasonLabels[track.takedown.reason]}
            {track.takedown.note ? ` — ${track.takedown.note}` : ''} · {when(track.takedown.at)}
          </p>
        ) : null}
      </div>
      <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
        <audio
          controls
          preload="none"
          src={track.preview_url}
          aria-label={`Preview of ${track.title}`}
          className="h-9 w-full max-w-xs sm:w-64"
        />
        {track.takedown ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={restore.isPending}
            aria-label={`Lift the takedown of ${track.title}`}
            onClick={() =>
              restore.mutate(track.id, {
                onSuccess: (r) => toast.success(r.message),
                onError: (e) => toast.error(e.message),
              })
            }
          >
            Lift takedown
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Take down ${track.title}`}>
            Take down
          </Button>
        )}
      </div>
      {open ? <TakedownDialog track={track} open={open} onClose={() => setOpen(false)} /> : null}
    </li>
  );
}

export function TracksPanel() {
  const { q, box } = useSearchBox('Search tracks', 'Title, artist or id (published or not)');
  const tracks = useAdminTracks(q);
  return (
    <div>
      {box}
      <ConsoleList
        title="Tracks"
        count={tracks.data?.length}
        isLoading={tracks.isPending}
        error={tracks.error}
        empty="No track matches."
      >
        {tracks.data?.map((track) => (
          <TrackRow key={track.id} track={track} />
        ))}
      </ConsoleList>
    </div>
  );
}
