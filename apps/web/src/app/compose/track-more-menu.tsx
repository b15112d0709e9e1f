import { FormattedMessage, useIntl } from 'react-intl';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlaylistDto, TrackDto } from '@tarab/contracts';
import { tuningFileUrl } from '@tarab/contracts/facets';
import { localizePath, type Locale } from '@tarab/contracts/locales';
import { Icon } from '@/components/ui/icons';
import {
  Menu,
  menuButtonClass,
  MenuGroup,
  MenuItem,
  menuHeadingClass,
  menuPanelClass,
  MenuSeparator,
} from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { hasTuning } from '@/features/catalog/components/tuning-menu';
import { useAddToPlaylist } from '@/features/library/api/add-to-playlist';
import { usePlaylists } from '@/features/library/api/get-playlists';
import { toastLoginToFavourite } from '@/features/library/api/toggle-favourite';
import { NewPlaylistDialog, PlaylistMenuItems } from '@/features/library/components/add-to-playlist-menu';
import { HeartIcon, ListPlusIcon } from '@/features/library/components/library-icons';
import { useFavourite } from '@/features/library/hooks/use-favourite';
import { useSessionState } from '@/features/library/hooks/use-session-state';
import { cx } from '@/lib/class-names';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { toast } from '@/lib/toast';

const MENU_WIDTH = 264;

const groupLabel = cx(menuHeadingClass, 'pt-2 pb-1');

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
 * share and the track's page. A menu button (components/ui/menu.tsx). `library`: false for a licensed
 * track, whose row shows only its Downloaded button (spec §2 "Track rows") — the tuning files and the
 * link stay.
 */
export function TrackMoreMenu({ track, library = true }: { track: TrackDto; library?: boolean }) {
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);
  const session = useSessionState();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<MenuView>('main');
  const [creating, setCreating] = useState(false);
  const playlists = usePlaylists({ enabled: open && view === 'playlists' && session === 'user' });
  const add = useAddToPlaylist();
  const addTo = (playlist: PlaylistDto) => add.mutate({ playlistId: playlist.id, track });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setView('main');
  };

  /** Opens the playlists in the menu (the item keeps the menu open); a visitor is asked to log in. */
  const showPlaylists = (event: Event) => {
    if (session === 'anonymous') {
      toastLoginToFavourite();
      return;
    }
    event.preventDefault();
    setView('playlists');
  };

  const share = async () => {
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
      <Menu
        open={open}
        onOpenChange={onOpenChange}
        label={label}
        width={MENU_WIDTH}
        className={cx(menuPanelClass, 'max-h-[70vh] p-1.5')}
        // The new view's first item takes the focus, and again once its playlists are in.
        focusKey={view === 'playlists' ? `playlists:${playlists.status}` : view}
        trigger={
          <button
            type="button"
            aria-label={label}
            title={intl.formatMessage({ id: 'trackMenu.more', defaultMessage: 'More' })}
            data-testid="track-more"
            className={cx(menuButtonClass(open), 'sm:hidden')}
          >
            <MoreGlyph />
          </button>
        }
      >
        {view === 'playlists' ? (
          <PlaylistItems
            playlists={playlists}
            onBack={(event) => {
              event.preventDefault();
              setView('main');
            }}
            onChoose={addTo}
            onCreate={() => setCreating(true)}
          />
        ) : (
          <>
            <p className="truncate px-3 pt-1.5 pb-1 text-sm font-semibold text-fg" dir="auto">
              {title}
            </p>
            {library ? (
              <>
                <FavouriteItem track={track} />
                <MenuItem onSelect={showPlaylists}>
                  <ListPlusIcon className="size-4" />
                  <span className="flex-1">
                    <FormattedMessage id="playlist.addTo" defaultMessage="Add to playlist" />
                  </span>
                  <ArrowGlyph className="size-4 text-fg-subtle" />
                </MenuItem>
              </>
            ) : null}
            {hasTuning(track) ? (
              <MenuGroup aria-label={intl.formatMessage({ id: 'tuning.files', defaultMessage: 'Tuning files' })}>
                <MenuSeparator />
                <p aria-hidden="true" className={groupLabel}>
                  <FormattedMessage id="tuning.files" defaultMessage="Tuning files" />
                </p>
                <MenuLinkItem href={tuningFileUrl(track.kind, track.id, 'scl')}>
                  <FormattedMessage id="tuning.scl" defaultMessage="Scale (.scl)" />
                </MenuLinkItem>
                <MenuLinkItem href={tuningFileUrl(track.kind, track.id, 'kbm')}>
                  <FormattedMessage id="tuning.kbm" defaultMessage="Keyboard mapping (.kbm)" />
                </MenuLinkItem>
              </MenuGroup>
            ) : null}
            <MenuSeparator />
            <MenuItem onSelect={() => void share()}>
              <ShareGlyph />
              <FormattedMessage id="trackMenu.share" defaultMessage="Share" />
            </MenuItem>
            <MenuItem asChild>
              <Link to={paths.track.getHref(track.id)}>
                <ArrowGlyph />
                <FormattedMessage id="trackMenu.page" defaultMessage="Go to the track’s page" />
              </Link>
            </MenuItem>
          </>
        )}
      </Menu>

      <NewPlaylistDialog open={creating} onClose={() => setCreating(false)} onCreated={addTo} />
    </>
  );
}

function MenuLinkItem({ href, children }: { href: string; children: ReactNode }) {
  return (
    <MenuItem asChild>
      <a href={href} download>
        <FileGlyph />
        {children}
      </a>
    </MenuItem>
  );
}

/** Favorite as a menu item, saying what it will do (Add to / Remove from Favorites). */
function FavouriteItem({ track }: { track: TrackDto }) {
  const { isFavourite, toggle } = useFavourite(track);
  return (
    <MenuItem onSelect={toggle}>
      <HeartIcon filled={isFavourite} className={cx('size-4', isFavourite && 'text-pomegranate-400')} />
      {isFavourite ? (
        <FormattedMessage id="favourite.remove" defaultMessage="Remove from Favorites" />
      ) : (
        <FormattedMessage id="favourite.add" defaultMessage="Add to Favorites" />
      )}
    </MenuItem>
  );
}

type PlaylistItemsProps = ComponentProps<typeof PlaylistMenuItems> & {
  /** Back to the main view (`event.preventDefault()` keeps the menu open). */
  onBack: (event: Event) => void;
};

/** The playlists view of the menu: Back, then the user's playlists and New playlist…. */
function PlaylistItems({ onBack, ...items }: PlaylistItemsProps) {
  return (
    <>
      <MenuItem onSelect={onBack}>
        <ArrowGlyph className="size-4 -scale-x-100 rtl:scale-x-100" />
        <FormattedMessage id="trackMenu.back" defaultMessage="Back" />
      </MenuItem>
      <p aria-hidden="true" className={groupLabel}>
        <FormattedMessage id="playlist.addTo" defaultMessage="Add to playlist" />
      </p>
      <PlaylistMenuItems {...items} />
    </>
  );
}
