import { FormattedMessage, useIntl } from 'react-intl';
import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { PlaylistDto, TrackDto } from '@tarab/contracts';
import { tuningFileUrl } from '@tarab/contracts/facets';
import { localizePath, type Locale } from '@tarab/contracts/locales';
import { Icon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { hasTuning } from '@/features/catalog/components/tuning-menu';
import { useAddToPlaylist } from '@/features/library/api/add-to-playlist';
import { usePlaylists } from '@/features/library/api/get-playlists';
import { toastLoginToFavourite } from '@/features/library/api/toggle-favourite';
import { HeartIcon, ListPlusIcon, PlusIcon } from '@/features/library/components/library-icons';
import { useFavourite } from '@/features/library/hooks/use-favourite';
import { useSessionState } from '@/features/library/hooks/use-session-state';
import { useAnchoredMenu } from '@/hooks/use-anchored-menu';
import { cx } from '@/lib/class-names';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { errorText } from '@/lib/i18n/error-text';
import { toast } from '@/lib/toast';

const CreatePlaylistDialog = lazy(() =>
  import('@/features/library/components/create-playlist-dialog').then((module) => ({
    default: module.CreatePlaylistDialog,
  })),
);

const MENU_WIDTH = 264;

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm font-medium text-fg-muted outline-none transition-colors hover:bg-white/5 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg';

const groupLabel = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase';

const MoreGlyph = ({ className = 'size-5' }: { className?: string }) => (
  <Icon className={className} aria-hidden="true">
    <circle cx="5" cy="12" r="1.6" fill="currentColor" stroke="none" />
    <circle cx="12" cy="12" r="1.6" fill="currentColor" stroke="none" />
    <circle cx="19" cy="12" r="1.6" fill="currentColor" stroke="none" />
  </Icon>
);

const ShareGlyph = ({ className = 'size-4' }: { className?: string }) => (
  <Icon className={className} aria-hidden="true">
    <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
  </Icon>
);

const FileGlyph = ({ className = 'size-4' }: { className?: string }) => (
  <Icon className={className} aria-hidden="true">
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </Icon>
);

const ArrowGlyph = ({ className = 'size-4' }: { className?: string }) => (
  <Icon className={cx(className, 'rtl:-scale-x-100')} aria-hidden="true">
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

/** The track's page in the page's language, as a full address (for sharing). */
function trackUrlOf(track: TrackDto, locale: string): string {
  const path = localizePath(paths.track.getHref(track.id), (locale === 'ar' ? 'ar' : 'en') as Locale);
  return new URL(path, window.location.origin).toString();
}

type MenuView = 'main' | 'playlists';

/**
 * A phone row's "More" menu (issue #32 item 3): below 640 px a row shows one primary button, and the
 * rest is here: favorite, add to playlist (the playlists open in the same menu), the tuning files,
 * share and the track's page. A menu button (Enter/Space/↓ opens, arrows/Home/End move, Escape
 * closes and gives the focus back). `library`: false for a licensed track, whose row shows only its
 * Downloaded button (spec §2 "Track rows") — the tuning files and the link stay.
 */
export function TrackMoreMenu({ track, library = true }: { track: TrackDto; library?: boolean }) {
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);
  const session = useSessionState();
  const [view, setView] = useState<MenuView>('main');
  const [creating, setCreating] = useState(false);
  const { open, setOpen, close, place, position, buttonRef, menuRef, menuId, onMenuKeyDown } = useAnchoredMenu({
    width: MENU_WIDTH,
  });
  const playlists = usePlaylists({ enabled: open && view === 'playlists' && session === 'user' });
  useLayoutEffect(place, [place, view, playlists.data, playlists.status]);
  const add = useAddToPlaylist();

  const closeMenu = (returnFocus: boolean) => {
    close(returnFocus);
    setView('main');
  };

  const openMenu = () => {
    setView('main');
    setOpen(true);
  };

  const showPlaylists = () => {
    if (session === 'anonymous') {
      closeMenu(true);
      toastLoginToFavourite();
      return;
    }
    setView('playlists');
    // The new view's first item takes the focus once it is there.
    requestAnimationFrame(() => menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
  };

  const share = async () => {
    closeMenu(true);
    const url = trackUrlOf(track, intl.locale);
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success(intl.formatMessage({ id: 'share.copied', defaultMessage: 'Link copied' }));
    } catch (error) {
      // The visitor closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.info(url);
    }
  };

  const label = intl.formatMessage({ id: 'trackMenu.label', defaultMessage: 'More actions for {title}' }, { title });

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={intl.formatMessage({ id: 'trackMenu.more', defaultMessage: 'More' })}
        data-testid="track-more"
        onClick={() => (open ? closeMenu(false) : openMenu())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openMenu();
          }
        }}
        className={cx(
          'grid size-10 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg sm:hidden',
          open && 'bg-white/5 text-fg',
        )}
      >
        <MoreGlyph />
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
              className="fixed z-[55] max-h-[70vh] animate-pop-in overflow-y-auto rounded-xl border border-line bg-surface-raised p-1.5 shadow-pop"
            >
              {view === 'playlists' ? (
                <PlaylistItems
                  playlists={playlists}
                  onBack={() => setView('main')}
                  onChoose={(playlist) => {
                    closeMenu(true);
                    add.mutate({ playlistId: playlist.id, track });
                  }}
                  onCreate={() => {
                    closeMenu(true);
                    setCreating(true);
                  }}
                />
              ) : (
                <>
                  <p className="truncate px-3 pt-1.5 pb-1 text-sm font-semibold text-fg" dir="auto">
                    {title}
                  </p>
                  {library ? (
                    <>
                      <FavouriteItem track={track} onDone={() => closeMenu(true)} />
                      <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={showPlaylists}>
                        <ListPlusIcon className="size-4" />
                        <span className="flex-1">
                          <FormattedMessage id="playlist.addTo" defaultMessage="Add to playlist" />
                        </span>
                        <ArrowGlyph className="size-4 text-fg-subtle" />
                      </button>
                    </>
                  ) : null}
                  {hasTuning(track) ? (
                    <div
                      role="group"
                      aria-label={intl.formatMessage({ id: 'tuning.files', defaultMessage: 'Tuning files' })}
                    >
                      <div role="separator" className="my-1 h-px bg-line" />
                      <p aria-hidden="true" className={groupLabel}>
                        <FormattedMessage id="tuning.files" defaultMessage="Tuning files" />
                      </p>
                      <MenuLinkItem href={tuningFileUrl(track.kind, track.id, 'scl')} onDone={() => closeMenu(false)}>
                        <FormattedMessage id="tuning.scl" defaultMessage="Scale (.scl)" />
                      </MenuLinkItem>
                      <MenuLinkItem href={tuningFileUrl(track.kind, track.id, 'kbm')} onDone={() => closeMenu(false)}>
                        <FormattedMessage id="tuning.kbm" defaultMessage="Keyboard mapping (.kbm)" />
                      </MenuLinkItem>
                    </div>
                  ) : null}
                  <div role="separator" className="my-1 h-px bg-line" />
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={itemClass}
                    onClick={() => void share()}
                  >
                    <ShareGlyph />
                    <FormattedMessage id="trackMenu.share" defaultMessage="Share" />
                  </button>
                  <Link
                    role="menuitem"
                    tabIndex={-1}
                    to={paths.track.getHref(track.id)}
                    className={itemClass}
                    onClick={() => closeMenu(false)}
                  >
                    <ArrowGlyph />
                    <FormattedMessage id="trackMenu.page" defaultMessage="Go to the track’s page" />
                  </Link>
                </>
              )}
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

function MenuLinkItem({ href, onDone, children }: { href: string; onDone: () => void; children: ReactNode }) {
  return (
    <a role="menuitem" tabIndex={-1} href={href} download className={itemClass} onClick={onDone}>
      <FileGlyph />
      {children}
    </a>
  );
}

/** Favorite as a menu item, saying what it will do (Add to / Remove from Favorites). */
function FavouriteItem({ track, onDone }: { track: TrackDto; onDone: () => void }) {
  const { isFavourite, toggle } = useFavourite(track);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={itemClass}
      onClick={() => {
        onDone();
        toggle();
      }}
    >
      <HeartIcon filled={isFavourite} className={cx('size-4', isFavourite && 'text-pomegranate-400')} />
      {isFavourite ? (
        <FormattedMessage id="favourite.remove" defaultMessage="Remove from Favorites" />
      ) : (
        <FormattedMessage id="favourite.add" defaultMessage="Add to Favorites" />
      )}
    </button>
  );
}

type PlaylistItemsProps = {
  playlists: ReturnType<typeof usePlaylists>;
  onBack: () => void;
  onChoose: (playlist: PlaylistDto) => void;
  onCreate: () => void;
};

/** The playlists view of the menu: Back, the user's playlists, New playlist…. */
function PlaylistItems({ playlists, onBack, onChoose, onCreate }: PlaylistItemsProps) {
  const intl = useIntl();
  return (
    <>
      <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={onBack}>
        <ArrowGlyph className="size-4 -scale-x-100 rtl:scale-x-100" />
        <FormattedMessage id="trackMenu.back" defaultMessage="Back" />
      </button>
      <p aria-hidden="true" className={groupLabel}>
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
            onClick={() => onChoose(playlist)}
            className={itemClass}
          >
            <span className="min-w-0 flex-1 truncate" dir="auto">
              {playlist.name}
            </span>
            <span className="text-xs text-fg-subtle">{playlist.tracks_count}</span>
          </button>
        ))
      )}
      <div role="separator" className="my-1 h-px bg-line" />
      <button type="button" role="menuitem" tabIndex={-1} onClick={onCreate} className={itemClass}>
        <PlusIcon className="size-4 text-accent" />
        <FormattedMessage id="playlist.new" defaultMessage="New playlist…" />
      </button>
    </>
  );
}
