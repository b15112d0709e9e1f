import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { trackTitle } from '@/lib/i18n/catalog-names';
import type { TrackDto } from '@tarab/contracts';
import { DialogLayer, DialogLayerTitle } from '@/components/ui/dialog-layer';
import { paths } from '@/config/paths';
import { useDismiss } from '@/hooks/use-dismiss';
import { cx } from '@/lib/class-names';
import { usePlayerStore } from '../stores/player-store';
import type { RenderFavourite } from '../types';
import { PlayerControls } from './player-controls';
import { CloseIcon, CollapseIcon, ExpandIcon, MoreIcon, PauseIcon, PlayIcon } from './player-icons';
import { PlayerTime } from './player-time';
import { PlayerWaveform } from './player-waveform';
import { TrackCover } from './track-cover';
import { VolumeControl } from './volume-control';
import { artistNameIn } from '@/lib/i18n/artist-name';

type MobilePlayerProps = { track: TrackDto; renderFavourite?: RenderFavourite | undefined };

const iconButton =
  'grid size-11 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg';

/**
 * Small screens (spec §2 "Audio player"): a mini bar at the bottom that opens a full-screen
 * player with collapse, close, the same controls, and a menu with Add/Remove from Favorites.
 */
export function MobilePlayer({ track, renderFavourite }: MobilePlayerProps) {
  const isExpanded = usePlayerStore((state) => state.isExpanded);
  const setExpanded = usePlayerStore((state) => state.setExpanded);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const wasExpanded = useRef(isExpanded);

  // Back on the mini bar after collapsing: focus where the user left it.
  useEffect(() => {
    if (wasExpanded.current && !isExpanded) openButtonRef.current?.focus();
    wasExpanded.current = isExpanded;
  }, [isExpanded]);

  return (
    <>
      <MiniPlayer track={track} openButtonRef={openButtonRef} onOpen={() => setExpanded(true)} />
      {isExpanded ? (
        <FullPlayer track={track} renderFavourite={renderFavourite} onCollapse={() => setExpanded(false)} />
      ) : null}
    </>
  );
}

function MiniPlayer({
  track,
  onOpen,
  openButtonRef,
}: {
  track: TrackDto;
  onOpen: () => void;
  openButtonRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const progress = usePlayerStore((state) => state.progress);
  const toggle = usePlayerStore((state) => state.toggle);
  const close = usePlayerStore((state) => state.close);
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);

  return (
    <section
      aria-label={intl.formatMessage({ id: 'player.label', defaultMessage: 'Audio player' })}
      className="relative border-t border-line bg-ink-900/95 backdrop-blur-xl"
    >
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 bg-white/10">
        <div className="h-full bg-accent" style={{ width: `${Math.round(progress * 1000) / 10}%` }} />
      </div>
      <div className="flex items-center gap-1 py-2 pe-2 ps-3">
        <button
          ref={openButtonRef}
          type="button"
          onClick={onOpen}
          aria-label={intl.formatMessage(
            { id: 'player.open', defaultMessage: 'Open player: {title} by {artist}' },
            { title, artist: artistNameIn(intl.locale, track.artist) },
          )}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 text-start"
        >
          <TrackCover track={track} className="size-11 rounded-md" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-fg" data-testid="player-title">
              {title}
            </span>
            <span className="block truncate text-xs text-fg-muted">{artistNameIn(intl.locale, track.artist)}</span>
          </span>
          <ExpandIcon className="size-5 shrink-0 text-fg-subtle" />
        </button>
        <button
          type="button"
          onClick={toggle}
          aria-label={
            isPlaying
              ? intl.formatMessage({ id: 'player.pause', defaultMessage: 'Pause' })
              : intl.formatMessage({ id: 'player.play', defaultMessage: 'Play' })
          }
          className="grid size-11 shrink-0 place-items-center rounded-full bg-accent text-on-accent"
        >
          {isPlaying ? <PauseIcon /> : <PlayIcon className="size-5 translate-x-px" />}
        </button>
        <button
          type="button"
          onClick={close}
          aria-label={intl.formatMessage({ id: 'player.close', defaultMessage: 'Close player' })}
          className={iconButton}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}

function FullPlayer({
  track,
  renderFavourite,
  onCollapse,
}: {
  track: TrackDto;
  renderFavourite?: RenderFavourite | undefined;
  onCollapse: () => void;
}) {
  const menuId = useId();
  const close = usePlayerStore((state) => state.close);
  const collapseRef = useRef<HTMLButtonElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const intl = useIntl();
  useDismiss({
    enabled: menuOpen,
    insideRefs: [menuRef, menuButtonRef],
    onDismiss: (reason) => {
      setMenuOpen(false);
      if (reason === 'escape') menuButtonRef.current?.focus();
    },
  });

  return (
    // Escape collapses, unless the menu is open: then it closes the menu (useDismiss above).
    <DialogLayer
      open
      onDismiss={onCollapse}
      onEscapeKeyDown={(event) => {
        if (menuOpen) event.preventDefault();
      }}
      initialFocusRef={collapseRef}
      className="fixed inset-0 z-50 flex animate-fade-in flex-col overflow-y-auto bg-canvas"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_80%_70%_at_50%_0%,rgb(229_158_28/0.18),transparent_70%)]"
      />
      <div className="flex items-center justify-between gap-2 px-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <button
          ref={collapseRef}
          type="button"
          onClick={onCollapse}
          aria-label={intl.formatMessage({ id: 'player.collapse', defaultMessage: 'Collapse player' })}
          className={iconButton}
        >
          <CollapseIcon className="size-6" />
        </button>
        <p className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
          <FormattedMessage id="player.nowPlaying" defaultMessage="Now playing" />
        </p>
        <div className="flex items-center">
          <div className="relative">
            <button
              ref={menuButtonRef}
              type="button"
              aria-label={intl.formatMessage({ id: 'player.moreOptions', defaultMessage: 'More options' })}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
              className={iconButton}
            >
              <MoreIcon />
            </button>
            {menuOpen ? (
              <div
                ref={menuRef}
                id={menuId}
                className="absolute top-full end-0 z-10 mt-1 w-60 animate-pop-in rounded-xl border border-line bg-surface-raised p-1.5 shadow-pop"
              >
                <ul className="flex flex-col [&_a]:flex [&_a]:min-h-11 [&_a]:w-full [&_a]:items-center [&_a]:rounded-lg [&_a]:px-3 [&_a]:text-sm [&_a]:text-fg [&_a:hover]:bg-white/5 [&_button]:flex [&_button]:min-h-11 [&_button]:w-full [&_button]:items-center [&_button]:gap-2 [&_button]:rounded-lg [&_button]:px-3 [&_button]:text-start [&_button]:text-sm [&_button]:text-fg [&_button:hover]:bg-white/5">
                  {renderFavourite ? <li>{renderFavourite(track, 'menu-item')}</li> : null}
                  <li>
                    <Link to={paths.artistDetail.getHref(track.artist.id)}>
                      <FormattedMessage id="player.goToArtist" defaultMessage="Go to artist" />
                    </Link>
                  </li>
                  {track.album ? (
                    <li>
                      <Link to={paths.albumDetail.getHref(track.album.id)}>
                        <FormattedMessage id="player.goToAlbum" defaultMessage="Go to album" />
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </div>
            ) : null}
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={intl.formatMessage({ id: 'player.close', defaultMessage: 'Close player' })}
            className={iconButton}
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-6 pt-4 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
        <TrackCover
          track={track}
          size={360}
          className="mx-auto aspect-square w-full max-w-[min(20rem,42dvh)] rounded-2xl shadow-pop"
        />
        <div className="min-w-0 text-center">
          <DialogLayerTitle className="truncate text-2xl font-bold text-fg" data-testid="player-title">
            {trackTitle(track, intl.locale)}
          </DialogLayerTitle>
          <Link
            to={paths.artistDetail.getHref(track.artist.id)}
            className="mt-1 inline-block max-w-full truncate text-fg-muted hover:text-fg hover:underline"
          >
            {artistNameIn(intl.locale, track.artist)}
          </Link>
        </div>
        <div>
          <PlayerWaveform track={track} bars={90} className="h-16 w-full" />
          <div className="mt-1.5 flex justify-between">
            <PlayerTime part="current" />
            <PlayerTime part="duration" />
          </div>
        </div>
        <PlayerControls size="lg" className="justify-center" />
        <VolumeControl className={cx('w-full')} />
      </div>
    </DialogLayer>
  );
}
