import { AdminMessages, TakedownReason, type AdminTrackDto, type TakedownReason as Reason } from '@tarab/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useAdminTracks, useRestoreTrack, useTakeDown } from '@/features/admin/api/admin-api';
import { adminText, takedownReasonName, trackKindName } from '@/features/admin/lib/admin-messages';
import { SelectField } from '@/features/ingest/components/form-controls';
import { ConsoleList, DialogActions, NoteToArtistField, Pill, rowClass, useSearchBox, when } from './parts';

function TakedownDialog({ track, open, onClose }: { track: AdminTrackDto; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const reasonOptions = TakedownReason.options.map((value) => ({ value, label: takedownReasonName(intl, value) }));
  const takeDown = useTakeDown();
  const noteId = useId();
  const [reason, setReason] = useState<Reason>('copyright');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === 'other' && note.trim() === '') {
      setNoteError(adminText(AdminMessages.noteRequired));
      return;
    }
    takeDown.mutate(
      { id: track.id, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: (r) => {
          toast.success(adminText(r.message));
          onClose();
        },
        onError: (e) => setNoteError(adminText(e.message)),
      },
    );
  };
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'admin.tracks.takedownTitle', defaultMessage: 'Take this track down' })}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-fg-muted">
          <FormattedMessage
            id="admin.tracks.takedownBody"
            defaultMessage="“{title}” by {artist} leaves the store now. Buyers keep their licences (refund an order to revoke one). The artist is emailed the reason and sees it in their tracks list."
            values={{ title: <bdi>{track.title}</bdi>, artist: <bdi>{track.artist.name}</bdi> }}
          />
        </p>
        <SelectField
          label={intl.formatMessage({ id: 'admin.tracks.reason', defaultMessage: 'Reason' })}
          options={reasonOptions}
          value={reason}
          onChange={(event) => setReason(event.target.value as Reason)}
        />
        <NoteToArtistField
          id={noteId}
          label={intl.formatMessage(
            {
              id: 'admin.tracks.note',
              defaultMessage: 'Note to the artist {required, select, yes {(required)} other {(optional)}}',
            },
            { required: reason === 'other' ? 'yes' : 'no' },
          )}
          value={note}
          error={noteError}
          onChange={(value) => {
            setNote(value);
            setNoteError(null);
          }}
        />
        <DialogActions
          onCancel={onClose}
          label={intl.formatMessage({ id: 'admin.tracks.takeDown', defaultMessage: 'Take down' })}
          busyLabel={intl.formatMessage({ id: 'admin.tracks.takingDown', defaultMessage: 'Taking down…' })}
          busy={takeDown.isPending}
        />
      </form>
    </Modal>
  );
}

function TrackRow({ track }: { track: AdminTrackDto }) {
  const intl = useIntl();
  const restore = useRestoreTrack();
  const [open, setOpen] = useState(false);
  return (
    <li className={rowClass} data-testid={`admin-track-${track.id}`}>
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-sans text-base font-semibold text-fg">
            <bdi>{track.title}</bdi>
          </h3>
          {track.takedown ? (
            <Pill tone="bad">
              <FormattedMessage id="admin.tracks.takenDown" defaultMessage="Taken down" />
            </Pill>
          ) : track.review ? (
            <Pill tone={track.review.state === 'pending' ? 'warn' : 'bad'}>
              {track.review.state === 'pending' ? (
                <FormattedMessage id="admin.tracks.waitingForReview" defaultMessage="Waiting for review" />
              ) : (
                <FormattedMessage id="admin.tracks.rejected" defaultMessage="Rejected" />
              )}
            </Pill>
          ) : (
            <Pill tone={track.published ? 'good' : 'muted'}>
              {track.published ? (
                <FormattedMessage id="admin.tracks.published" defaultMessage="Published" />
              ) : (
                <FormattedMessage id="admin.tracks.draft" defaultMessage="Draft" />
              )}
            </Pill>
          )}
        </div>
        <p className="mt-1 truncate text-sm text-fg-muted">
          <bdi dir="ltr">#{track.id}</bdi> · {trackKindName(intl, track.kind)} · <bdi>{track.artist.name}</bdi>
        </p>
        {track.takedown ? (
          <p className="mt-1 text-sm text-pomegranate-400">
            {takedownReasonName(intl, track.takedown.reason)}
            {track.takedown.note ? (
              <>
                {' — '}
                <bdi>{track.takedown.note}</bdi>
              </>
            ) : null}{' '}
            · {when(track.takedown.at)}
          </p>
        ) : null}
      </div>
      <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
        <audio
          controls
          preload="none"
          src={track.preview_url}
          aria-label={intl.formatMessage(
            { id: 'admin.tracks.previewLabel', defaultMessage: 'Preview of {title}' },
            { title: track.title },
          )}
          className="h-9 w-full max-w-xs sm:w-64"
        />
        {track.takedown ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={restore.isPending}
            aria-label={intl.formatMessage(
              { id: 'admin.tracks.liftLabel', defaultMessage: 'Lift the takedown of {title}' },
              { title: track.title },
            )}
            onClick={() =>
              restore.mutate(track.id, {
                onSuccess: (r) => toast.success(adminText(r.message)),
                onError: (e) => toast.error(adminText(e.message)),
              })
            }
          >
            <FormattedMessage id="admin.tracks.lift" defaultMessage="Lift takedown" />
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setOpen(true)}
            aria-label={intl.formatMessage(
              { id: 'admin.tracks.takeDownLabel', defaultMessage: 'Take down {title}' },
              { title: track.title },
            )}
          >
            <FormattedMessage id="admin.tracks.takeDown" defaultMessage="Take down" />
          </Button>
        )}
      </div>
      {open ? <TakedownDialog track={track} open={open} onClose={() => setOpen(false)} /> : null}
    </li>
  );
}

export function TracksPanel() {
  const intl = useIntl();
  const { q, box } = useSearchBox(
    intl.formatMessage({ id: 'admin.tracks.search', defaultMessage: 'Search tracks' }),
    intl.formatMessage({
      id: 'admin.tracks.searchPlaceholder',
      defaultMessage: 'Title, artist or id (published or not)',
    }),
  );
  const tracks = useAdminTracks(q);
  return (
    <div>
      {box}
      <ConsoleList
        title={intl.formatMessage({ id: 'admin.tracks.title', defaultMessage: 'Tracks' })}
        count={tracks.data?.length}
        isLoading={tracks.isPending}
        error={tracks.error}
        empty={intl.formatMessage({ id: 'admin.tracks.empty', defaultMessage: 'No track matches.' })}
      >
        {tracks.data?.map((track) => (
          <TrackRow key={track.id} track={track} />
        ))}
      </ConsoleList>
    </div>
  );
}
