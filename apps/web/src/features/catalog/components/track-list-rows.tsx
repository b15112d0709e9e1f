import { defineMessages, useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useCallback, useEffect, useMemo } from 'react';
import type { TrackDto } from '@tarab/contracts';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import type { TrackListSource } from '../hooks/use-track-source';
import type { TrackListBindings } from '../types';
import { TrackRow } from './track-row';

const text = defineMessages({
  loadingMore: { id: 'tracks.loadingMore', defaultMessage: 'Loading...' },
  viewMore: { id: 'tracks.viewMore', defaultMessage: 'View more' },
});

type TrackListRowsProps = TrackListBindings & {
  source: TrackListSource;
  label: string;
  emptyText: string;
  className?: string | undefined;
  /** How many rows are shown (TrackList keeps the count). */
  visible: number;
  onViewMore: () => void;
};

/** TrackList once its tracks are asked for and answered: the rows, View more, or the error / empty text. */
export function TrackListRows({
  source,
  label,
  emptyText,
  className,
  visible,
  onViewMore,
  playback,
  renderActions,
}: TrackListRowsProps) {
  const { tracks, total, status, isFetchingMore, isRefreshing, loadMore } = source;
  const intl = useIntl();

  // Wanted rows that are not loaded yet: fetch the next page (again after a page arrives, if needed).
  const needsMore = visible > tracks.length && tracks.length < total;
  useEffect(() => {
    if (needsMore && !isFetchingMore && status === 'success') loadMore?.();
  }, [needsMore, isFetchingMore, status, loadMore]);

  const shown = useMemo(() => tracks.slice(0, visible), [tracks, visible]);
  const play = playback?.play;
  const onPlay = useCallback((track: TrackDto) => play?.(track, shown), [play, shown]);

  if (status === 'error') {
    return (
      <p
        role="alert"
        className={cx('rounded-xl border border-line bg-surface/60 px-4 py-10 text-center text-fg-muted', className)}
      >
        {intl.formatMessage(commonMessages.somethingWentWrong)}
      </p>
    );
  }
  if (tracks.length === 0) {
    return (
      <p className={cx('rounded-xl border border-line bg-surface/60 px-4 py-10 text-center text-fg-muted', className)}>
        {emptyText}
      </p>
    );
  }

  const canViewMore = visible < total;
  const waitingForRows = isFetchingMore && needsMore;

  return (
    <div className={className}>
      <ul
        aria-label={label}
        aria-busy={isRefreshing || waitingForRows || undefined}
        className={cx('flex flex-col gap-1 transition-opacity', isRefreshing && 'opacity-60')}
      >
        {shown.map((track) => (
          <TrackRow
            key={track.id}
            track={track}
            isCurrent={playback?.currentTrackId === track.id}
            isPlaying={playback?.currentTrackId === track.id && playback.isPlaying}
            onPlay={onPlay}
            renderActions={renderActions}
          />
        ))}
      </ul>
      {canViewMore ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" disabled={waitingForRows} onClick={onViewMore}>
            {intl.formatMessage(waitingForRows ? text.loadingMore : text.viewMore)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
