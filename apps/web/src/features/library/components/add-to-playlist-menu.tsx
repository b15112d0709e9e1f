import { trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import type { PlaylistDto, TrackDto } from '@tarab/contracts';
import { lazy, Suspense, useState } from 'react';
import { Menu, menuButtonClass, MenuItem, menuHeadingClass, menuPanelClass, MenuSeparator } from '@/components/ui/menu';
import { cx } from '@/lib/class-names';
import { useAddToPlaylist } from '../api/add-to-playlist';
import { usePlaylists } from '../api/get-playlists';
import { toastLoginToFavourite } from '../api/toggle-favourite';
import { useSessionState } from '../hooks/use-session-state';
import { ListPlusIcon, PlusIcon } from './library-icons';

/** The New playlist dialog (and the dialog layer) load when it is first opened (decision 050). */
const CreatePlaylistDialog = lazy(() =>
  import('./create-playlist-dialog').then((module) => ({ default: module.CreatePlaylistDialog })),
);

const MENU_WIDTH = 256;

/**
 * The add-to-playlist menu of a track row (spec §2, §4): the user's playlists plus
 * `New playlist…`, which creates one and adds the track to it. A visitor gets
 * `Please log in to add tracks to favorites.` (spec §5). A menu button (components/ui/menu.tsx).
 */
export function AddToPlaylistMenu({ track }: { track: TrackDto }) {
  const session = useSessionState();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const playlists = usePlaylists({ enabled: open && session === 'user' });
  const intl = useIntl();
  const label = intl.formatMessage(
    { id: 'playlist.addTrack', defaultMessage: 'Add {title} to a playlist' },
    { title: trackTitle(track, intl.locale) },
  );
  const add = useAddToPlaylist();
  const addTo = (playlist: PlaylistDto) => add.mutate({ playlistId: playlist.id, track });

  const onOpenChange = (next: boolean) => {
    if (next && session === 'anonymous') {
      toastLoginToFavourite();
      return;
    }
    setOpen(next);
  };

  return (
    <>
      <Menu
        open={open}
        onOpenChange={onOpenChange}
        label={label}
        width={MENU_WIDTH}
        className={cx(menuPanelClass, 'max-h-80 p-2')}
        // The first playlist takes the focus once the playlists are in.
        focusKey={playlists.status}
        trigger={
          <button
            type="button"
            aria-label={label}
            title={intl.formatMessage({ id: 'playlist.addTo', defaultMessage: 'Add to playlist' })}
            className={menuButtonClass(open)}
          >
            <ListPlusIcon />
          </button>
        }
      >
        <p className={cx(menuHeadingClass, 'pt-1 pb-2')}>
          <FormattedMessage id="playlist.addTo" defaultMessage="Add to playlist" />
        </p>
        <PlaylistMenuItems playlists={playlists} onChoose={addTo} onCreate={() => setCreating(true)} />
      </Menu>
      <NewPlaylistDialog open={creating} onClose={() => setCreating(false)} onCreated={addTo} />
    </>
  );
}

type PlaylistMenuItemsProps = {
  playlists: ReturnType<typeof usePlaylists>;
  onChoose: (playlist: PlaylistDto) => void;
  /** `New playlist…`: open a `NewPlaylistDialog`. */
  onCreate: () => void;
};

/**
 * The user's playlists as items of a menu (while they load, Loading… or the error), then
 * `New playlist…`: this menu, and the playlists view of a phone row's More menu.
 */
export function PlaylistMenuItems({ playlists, onChoose, onCreate }: PlaylistMenuItemsProps) {
  const intl = useIntl();
  return (
    <>
      {playlists.isPending ? (
        <p className="px-3 py-2 text-sm text-fg-muted">
          <FormattedMessage id="tracks.loadingMore" defaultMessage="Loading..." />
        </p>
      ) : playlists.isError ? (
        <p className="px-3 py-2 text-sm text-danger">{errorText(intl, playlists.error)}</p>
      ) : (
        playlists.data.map((playlist) => (
          <MenuItem key={playlist.id} onSelect={() => onChoose(playlist)}>
            <span className="min-w-0 flex-1 truncate" dir="auto">
              {playlist.name}
            </span>
            <span className="text-xs text-fg-subtle">{playlist.tracks_count}</span>
          </MenuItem>
        ))
      )}
      <MenuSeparator />
      <MenuItem onSelect={onCreate}>
        <PlusIcon className="size-4 text-accent" />
        <FormattedMessage id="playlist.new" defaultMessage="New playlist…" />
      </MenuItem>
    </>
  );
}

/** The Create Playlist dialog of `New playlist…` (its code loads when it first opens). */
export function NewPlaylistDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** With the new playlist, once the dialog has closed (add the track to it). */
  onCreated: (playlist: PlaylistDto) => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CreatePlaylistDialog open onClose={onClose} onCreated={onCreated} />
    </Suspense>
  );
}
