import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';
import { usePlayerStore } from '../stores/player-store';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './player-icons';

const roundButton =
  'grid shrink-0 place-items-center rounded-full transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-40';

/** Previous, play/pause and next, as real buttons with names. */
export function PlayerControls({ size = 'md', className }: { size?: 'md' | 'lg'; className?: string }) {
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const toggle = usePlayerStore((state) => state.toggle);
  const next = usePlayerStore((state) => state.next);
  const previous = usePlayerStore((state) => state.previous);
  const index = usePlayerStore((state) =>
    state.currentTrack ? state.queue.findIndex((track) => track.id === state.currentTrack?.id) : -1,
  );
  const queueLength = usePlayerStore((state) => state.queue.length);
  const hasPrevious = index > 0;
  const hasNext = index !== -1 && index < queueLength - 1;
  const large = size === 'lg';
  const intl = useIntl();

  return (
    <div className={cx('flex items-center', large ? 'gap-6' : 'gap-2', className)}>
      <button
        type="button"
        onClick={previous}
        disabled={!hasPrevious}
        aria-label={intl.formatMessage({ id: 'player.previous', defaultMessage: 'Previous track' })}
        className={cx(roundButton, large ? 'size-12' : 'size-9', 'text-fg-muted hover:bg-white/5 hover:text-fg')}
      >
        <PreviousIcon className={large ? 'size-6' : 'size-5'} />
      </button>
      <button
        type="button"
        onClick={toggle}
        aria-label={
          isPlaying
            ? intl.formatMessage({ id: 'player.pause', defaultMessage: 'Pause' })
            : intl.formatMessage({ id: 'player.play', defaultMessage: 'Play' })
        }
        className={cx(
          roundButton,
          large ? 'size-18' : 'size-11',
          'bg-accent text-on-accent shadow-glow hover:bg-accent-hover',
        )}
      >
        {isPlaying ? (
          <PauseIcon className={large ? 'size-8' : 'size-5'} />
        ) : (
          <PlayIcon className={cx(large ? 'size-8' : 'size-5', 'translate-x-px')} />
        )}
      </button>
      <button
        type="button"
        onClick={next}
        disabled={!hasNext}
        aria-label={intl.formatMessage({ id: 'player.next', defaultMessage: 'Next track' })}
        className={cx(roundButton, large ? 'size-12' : 'size-9', 'text-fg-muted hover:bg-white/5 hover:text-fg')}
      >
        <NextIcon className={large ? 'size-6' : 'size-5'} />
      </button>
    </div>
  );
}
