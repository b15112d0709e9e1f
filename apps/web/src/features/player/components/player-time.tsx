import { FormattedMessage } from 'react-intl';
import { cx } from '@/lib/class-names';
import { formatDuration } from '@/lib/format';
import { usePlayerStore } from '../stores/player-store';

/** Where the track is, and its duration (or --:-- while unknown). */
export function PlayerTime({ part, className }: { part: 'current' | 'duration'; className?: string }) {
  const seconds = usePlayerStore((state) => (part === 'current' ? state.currentTime : state.duration));
  const text = part === 'duration' && seconds <= 0 ? formatDuration(null) : formatDuration(seconds);
  return (
    <span data-testid={`player-${part}-time`} className={cx('text-xs text-fg-muted tabular-nums', className)}>
      <span className="sr-only">
        {part === 'current' ? (
          <FormattedMessage id="player.elapsed" defaultMessage="Elapsed" />
        ) : (
          <FormattedMessage id="player.duration" defaultMessage="Duration" />
        )}{' '}
      </span>
      {/* Times read left to right in Arabic text too (decision 046). */}
      <bdi dir="ltr">{text}</bdi>
    </span>
  );
}
