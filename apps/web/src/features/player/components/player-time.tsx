import { cx } from '@/lib/class-names';
import { formatDuration } from '@/lib/format';
import { usePlayerStore } from '../stores/player-store';

/** Where the track is, and its duration (or --:-- while unknown). */
export function PlayerTime({ part, className }: { part: 'current' | 'duration'; className?: string }) {
  const seconds = usePlayerStore((state) => (part === 'current' ? state.currentTime : state.duration));
  const text = part === 'duration' && seconds <= 0 ? formatDuration(null) : formatDuration(seconds);
  return (
    <span data-testid={`player-${part}-time`} className={cx('text-xs text-fg-muted tabular-nums', className)}>
      <span className="sr-only">{part === 'current' ? 'Elapsed ' : 'Duration '}</span>
      {text}
    </span>
  );
}
