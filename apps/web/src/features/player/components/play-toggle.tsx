import { useIntl } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { cx } from '@/lib/class-names';
import { usePlayerStore } from '../stores/player-store';
import { PauseIcon, PlayIcon } from './player-icons';

type PlayToggleProps = {
  track: TrackDto;
  /** The list the track is played from: next/previous move within it. */
  queue: readonly TrackDto[];
  className?: string;
};

/**
 * A round play/pause button for a track outside the catalog's track rows (the Saved page's
 * Downloads tab): play on the current track toggles pause/resume, on another one starts it
 * (spec §2 "Track rows", §4 "Player").
 */
export function PlayToggle({ track, queue, className }: PlayToggleProps) {
  const playing = usePlayerStore((state) => state.isPlaying && state.currentTrack?.id === track.id);
  const playTrack = usePlayerStore((state) => state.playTrack);
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);
  return (
    <button
      type="button"
      onClick={() => playTrack(track, queue)}
      aria-label={
        playing
          ? intl.formatMessage({ id: 'player.pauseTrack', defaultMessage: 'Pause {title}' }, { title })
          : intl.formatMessage({ id: 'player.playTrack', defaultMessage: 'Play {title}' }, { title })
      }
      className={cx(
        'grid size-10 place-items-center rounded-full bg-ink-950/60 text-fg ring-1 ring-white/20 transition-colors hover:bg-accent hover:text-on-accent',
        playing && 'bg-accent text-on-accent',
        className,
      )}
    >
      {playing ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
    </button>
  );
}
