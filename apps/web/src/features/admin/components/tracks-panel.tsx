import { TakedownReason, type AdminTrackDto, type TakedownReason as Reason, type TrackDto } from '@tarab/contracts';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useAdminTracks, useRestoreTrack, useTakeDown } from '../api/admin-api';
import { adminMessages, takedownReasonName, trackKindName } from '../lib/admin-messages';
import { SelectField } from '@/components/ui/field';
import { playableOf } from '../lib/playable';
import { requestOf, useTableQuery, type Column } from './data-table';
import { DialogActions, NoteToArtistField, Pill, when } from './parts';
import { actionsColumn, createdColumn, idColumn, TablePanel } from './table-panel';

function TakedownDialog({ track, open, onClose }: { track: AdminTrackDto; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const reasonOptions = TakedownReason.options.map((value) => ({ value, label: takedownReasonName(intl, value) }));
  const takeDown = useTakeDown();
  const [reason, setReason] = useState<Reason>('copyright');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === 'other' && note.trim() === '') {
      setNoteError(intl.formatMessage(adminMessages.noteRequired));
      return;
    }
    takeDown.mutate(
      { id: track.id, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          toast.success(adminMessages.takenDown);
          onClose();
        },
        onError: (e) => setNoteError(errorText(intl, e)),
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

type TrackSort = 'id' | 'title' | 'artist' | 'kind' | 'created_at';

function TrackStatus({ track }: { track: AdminTrackDto }) {
  if (track.takedown)
    return (
      <Pill tone="bad">
        <FormattedMessage id="admin.tracks.takenDown" defaultMessage="Taken down" />
      </Pill>
    );
  if (track.review)
    return (
      <Pill tone={track.review.state === 'pending' ? 'warn' : 'bad'}>
        {track.review.state === 'pending' ? (
          <FormattedMessage id="admin.tracks.waitingForReview" defaultMessage="Waiting for review" />
        ) : (
          <FormattedMessage id="admin.tracks.rejected" defaultMessage="Rejected" />
        )}
      </Pill>
    );
  return (
    <Pill tone={track.published ? 'good' : 'muted'}>
      {track.published ? (
        <FormattedMessage id="admin.tracks.published" defaultMessage="Published" />
      ) : (
        <FormattedMessage id="admin.tracks.draft" defaultMessage="Draft" />
      )}
    </Pill>
  );
}

function TrackActions({ track }: { track: AdminTrackDto }) {
  const intl = useIntl();
  const restore = useRestoreTrack();
  const [open, setOpen] = useState(false);
  return (
    <>
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
              onSuccess: () => toast.success(adminMessages.restored),
              onError: (e) => toast.error(e),
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
      {open ? <TakedownDialog track={track} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * Every track, published or not (issue #32): a sortable table, a page at a time, within an upload
 * date range; each preview plays in the store's own player (the dock), not in a native control:
 * `renderPlay` is its play button, given by the app (features never import each other).
 */
export function TracksPanel({
  renderPlay,
}: {
  renderPlay: (track: TrackDto, queue: readonly TrackDto[]) => ReactNode;
}) {
  const intl = useIntl();
  const table = useTableQuery<TrackSort>('id');
  const tracks = useAdminTracks(requestOf(table.query));
  const data = tracks.data;
  const queue = useMemo(() => (data?.data ?? []).map(playableOf), [data]);

  const columns: Column<AdminTrackDto, TrackSort>[] = [
    {
      id: 'play',
      label: (
        <span className="sr-only">
          <FormattedMessage id="admin.tracks.col.play" defaultMessage="Preview" />
        </span>
      ),
      className: 'w-12',
      cell: (t) => {
        const playable = queue.find((q) => q.id === t.id);
        return playable ? renderPlay(playable, queue) : null;
      },
    },
    {
      id: 'title',
      sort: 'title',
      label: <FormattedMessage id="admin.tracks.col.title" defaultMessage="Title" />,
      className: 'max-w-72',
      cell: (t) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-fg">
            <bdi>{t.title}</bdi>
          </p>
          {t.takedown ? (
            <p className="mt-0.5 truncate text-xs text-pomegranate-400">
              {takedownReasonName(intl, t.takedown.reason)}
              {t.takedown.note ? (
                <>
                  {' — '}
                  <bdi>{t.takedown.note}</bdi>
                </>
              ) : null}{' '}
              · {when(t.takedown.at)}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'artist',
      sort: 'artist',
      label: <FormattedMessage id="admin.tracks.col.artist" defaultMessage="Artist" />,
      className: 'max-w-48 truncate text-fg-muted',
      cell: (t) => <bdi>{t.artist.name}</bdi>,
    },
    {
      id: 'kind',
      sort: 'kind',
      label: <FormattedMessage id="admin.tracks.col.kind" defaultMessage="Kind" />,
      className: 'text-fg-muted',
      cell: (t) => trackKindName(intl, t.kind),
    },
    {
      id: 'status',
      label: <FormattedMessage id="admin.tracks.col.status" defaultMessage="Status" />,
      cell: (t) => <TrackStatus track={t} />,
    },
    createdColumn(<FormattedMessage id="admin.tracks.col.uploaded" defaultMessage="Uploaded" />),
    idColumn(<FormattedMessage id="admin.tracks.col.id" defaultMessage="No." />),
    actionsColumn((t: AdminTrackDto) => <TrackActions track={t} />),
  ];

  return (
    <TablePanel
      table={table}
      list={tracks}
      searchLabel={intl.formatMessage({ id: 'admin.tracks.search', defaultMessage: 'Search tracks' })}
      searchPlaceholder={intl.formatMessage({
        id: 'admin.tracks.searchPlaceholder',
        defaultMessage: 'Title, artist or id (published or not)',
      })}
      empty={intl.formatMessage({ id: 'admin.tracks.empty', defaultMessage: 'No track matches.' })}
      caption={intl.formatMessage({ id: 'admin.tracks.title', defaultMessage: 'Tracks' })}
      columns={columns}
      rowKey={(t) => t.id}
      rowTestId={(t) => `admin-track-${t.id}`}
      footer={({ meta }) =>
        meta ? (
          <FormattedMessage
            id="admin.tracks.total"
            defaultMessage="{count, plural, one {# track} other {# tracks}}"
            values={{ count: meta.total }}
          />
        ) : undefined
      }
    />
  );
}
