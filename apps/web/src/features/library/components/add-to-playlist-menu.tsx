import { trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import type { PlaylistDto, TrackDto } from '@tarab/contracts';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAnchoredMenu } from '@/hooks/use-anchored-menu';
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

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-fg-muted outline-none transition-colors hover:bg-white/5 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg focus-visible:outline-none';

/**
 * The add-to-playlist menu of a track row (spec §2, §4): the user's playlists plus
 * `New playlist…`, which creates one and adds the track to it. A visitor gets
 * `Please log in to add tracks to favorites.` (spec §5).
 */
export function AddToPlaylistMenu({ track }: { track: TrackDto }) {
  const session = useSessionState();
  const [creating, setCreating] = useState(false);
  const { open, setOpen, close, place, position, buttonRef, menuRef, menuId, onMenuKeyDown } = useAnchoredMenu({
    width: MENU_WIDTH,
  });
  const playlists = usePlaylists({ enabled: open && session === 'user' });
  // The height depends on the playlists: placed again once they are in (or failed).
  useLayoutEffect(place, [place, playlists.data, playlists.status]);
  const intl = useIntl();
  const label = intl.formatMessage(
    { id: 'playlist.addTrack', defaultMessage: 'Add {title} to a playlist' },
    { title: trackTitle(track, intl.locale) },
  );
  const add = useAddToPlaylist();

  const onButtonClick = () => {
    if (session === 'anonymous') {
      toastLoginToFavourite();
      return;
    }
    if (open) close(false);
    else setOpen(true);
  };

  const choose = (playlist: PlaylistDto) => {
    close(true);
    add.mutate({ playlistId: playlist.id, track });
  };

  const startCreating = () => {
    close(true);
    setCreating(true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={intl.formatMessage({ id: 'playlist.addTo', defaultMessage: 'Add to playlist' })}
        onClick={onButtonClick}
        className={cx(
          'grid size-10 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg',
          open && 'bg-white/5 text-fg',
        )}
      >
        <ListPlusIcon />
      </button>

      {open
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={label}
              onKeyDown={onMenuKeyDown}
              style={{
                width: MENU_WIDTH,
                top: position?.top ?? 0,
                left: position?.left ?? 0,
                visibility: position ? 'visible' : 'hidden',
              }}
              className="fixed z-[55] max-h-80 animate-pop-in overflow-y-auto rounded-xl border border-line bg-surface-raised p-2 shadow-pop"
            >
              <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
                <FormattedMessage id="playlist.addTo" defaultMessage="Add to playlist" />
              </p>
              {playlists.isPending ? (
                <p className="px-3 py-2 text-sm text-fg-muted">
                  <FormattedMessage id="tracks.loadingMore" defaultMessage="Loading..." />
                </p>
              ) : playlists.isError ? (
                <p className="px-3 py-2 text-sm text-danger">{errorText(intl, playlists.error)}</p>
              ) : (
                playlists.data.map((playlist) => (
                  <button
                    key={playlist.id}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    onClick={() => choose(playlist)}
                    className={itemClass}
                  >
                    <span className="min-w-0 flex-1 truncate">{playlist.name}</span>
                    <span className="text-xs text-fg-subtle">{playlist.tracks_count}</span>
                  </button>
                ))
              )}
              <div role="separator" className="my-1 h-px bg-line" />
              <button type="button" role="menuitem" tabIndex={-1} onClick={startCreating} className={itemClass}>
                <PlusIcon className="size-4 text-accent" />
                <FormattedMessage id="playlist.new" defaultMessage="New playlist…" />
              </button>
            </div>,
            document.body,
          )
        : null}

      {creating ? (
        <Suspense fallback={null}>
          <CreatePlaylistDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(playlist) => add.mutate({ playlistId: playlist.id, track })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
