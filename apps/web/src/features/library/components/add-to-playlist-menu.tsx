import { trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverText } from '@/lib/i18n/server-messages';
import type { PlaylistDto, TrackDto } from '@tarab/contracts';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from '@/hooks/use-dismiss';
import { cx } from '@/lib/class-names';
import { useAddToPlaylist } from '../api/add-to-playlist';
import { usePlaylists } from '../api/get-playlists';
import { toastLoginToFavourite } from '../api/toggle-favourite';
import { useSessionState } from '../hooks/use-session-state';
import { CreatePlaylistDialog } from './create-playlist-dialog';
import { ListPlusIcon, PlusIcon } from './library-icons';

const MENU_WIDTH = 256;
const GAP = 6;

type Position = { top: number; left: number };

/**
 * Places the menu under the button, aligned to its end edge (right; left on right-to-left pages),
 * kept on screen; above it if no room.
 */
function placeMenu(button: DOMRect, menuHeight: number): Position {
  const viewportWidth = document.documentElement.clientWidth;
  const start = document.documentElement.dir === 'rtl' ? button.left : button.right - MENU_WIDTH;
  const left = Math.min(Math.max(8, start), viewportWidth - MENU_WIDTH - 8);
  const below = button.bottom + GAP;
  const fitsBelow = below + menuHeight <= window.innerHeight - 8;
  const top = fitsBelow ? below : Math.max(8, button.top - GAP - menuHeight);
  return { top, left: Math.max(8, left) };
}

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-fg-muted outline-none transition-colors hover:bg-white/5 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg focus-visible:outline-none';

/**
 * The add-to-playlist menu of a track row (spec §2, §4): the user's playlists plus
 * `New playlist…`, which creates one and adds the track to it. A visitor gets
 * `Please log in to add tracks to favorites.` (spec §5).
 */
export function AddToPlaylistMenu({ track }: { track: TrackDto }) {
  const session = useSessionState();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const playlists = usePlaylists({ enabled: open && session === 'user' });
  const intl = useIntl();
  const label = intl.formatMessage(
    { id: 'playlist.addTrack', defaultMessage: 'Add {title} to a playlist' },
    { title: trackTitle(track, intl.locale) },
  );
  const add = useAddToPlaylist();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useDismiss({
    enabled: open,
    insideRefs: [menuRef, buttonRef],
    onDismiss: (reason) => close(reason === 'escape'),
  });

  // Where the button was when the menu was placed.
  const placedAt = useRef<DOMRect | null>(null);

  // Measure, then place (the height depends on the number of playlists).
  useLayoutEffect(() => {
    if (!open || !buttonRef.current || !menuRef.current) return;
    placedAt.current = buttonRef.current.getBoundingClientRect();
    setPosition(placeMenu(placedAt.current, menuRef.current.offsetHeight));
  }, [open, playlists.data, playlists.isPending]);

  // A fixed menu would drift from its button: close it when the page scrolls or resizes and the
  // button moved. (A scroll event can arrive after the click that opened the menu, for a scroll
  // that happened before it, e.g. the end of a flick: that one must not close it.)
  useEffect(() => {
    if (!open) return;
    const onMove = (event: Event) => {
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      const now = buttonRef.current?.getBoundingClientRect();
      const then = placedAt.current;
      if (now && then && Math.abs(now.top - then.top) < 1 && Math.abs(now.left - then.left) < 1) return;
      close(false);
    };
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, close]);

  // Focus the first item once the menu is placed.
  useEffect(() => {
    if (open && position) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, position]);

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

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Tab') {
      close(false);
      return;
    } else return;
    event.preventDefault();
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
                <p className="px-3 py-2 text-sm text-danger">{serverText(playlists.error.message)}</p>
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

      <CreatePlaylistDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(playlist) => add.mutate({ playlistId: playlist.id, track })}
      />
    </>
  );
}
