import { defineMessages, useIntl } from 'react-intl';
import { serverText } from '@/lib/i18n/server-messages';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TrackDto } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { Messages } from '@tarab/contracts/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/lib/class-names';
import type { TrackListSource } from '../hooks/use-track-source';
import type { TrackListBindings } from '../types';
import { TrackRow } from './track-row';

export const TRACK_LIST_TEXT = { empty: Messages.noMusicFound } as const;

const text = defineMessages({
  loading: { id: 'tracks.loading', defaultMessage: 'Loading music...' },
  loadingMore: { id: 'tracks.loadingMore', defaultMessage: 'Loading...' },
  viewMore: { id: 'tracks.viewMore', defaultMessage: 'View more' },
});

type TrackListProps = TrackListBindings & {
  source: TrackListSource;
  /** The list's accessible name, e.g. "Tracks". */
  label: string;
  /** Shown when there are no tracks (default: No music found.). */
  emptyText?: string;
  className?: string;
};

/**
 * A list of track rows (spec §2 "Track rows and lists"): 5 first, View more adds 3 at a
 * time up to the total, asking the server for the next page when the loaded ones run out.
 * Give it a `key` that changes with the list so View more starts again at 5.
 */
export function TrackList({
  source,
  label,
  emptyText = TRACK_LIST_TEXT.empty,
  playback,
  renderActions,
  className,
}: TrackListProps) {
  const { tracks, total, status, isFetchingMore, isRefreshing, loadMore } = source;
  const [visible, setVisible] = useState<number>(Limits.initialTrackCount);
  const intl = useIntl();

  // Wanted rows that are not loaded yet: fetch the next page (again after a page arrives, if needed).
  const needsMore = visible > tracks.length && tracks.length < total;
  useEffect(() => {
    if (needsMore && !isFetchingMore && status === 'success') loadMore?.();
  }, [needsMore, isFetchingMore, status, loadMore]);

  const shown = useMemo(() => tracks.slice(0, visible), [tracks, visible]);
  const play = playback?.play;
  const onPlay = useCallback((track: TrackDto) => play?.(track, shown), [play, shown]);

  if (status === 'pending') {
    return (
      <div className={cx('flex items-center justify-center gap-3 py-14 text-fg-muted', className)}>
        <Spinner label={intl.formatMessage(text.loading)} />
        <p aria-hidden="true">{intl.formatMessage(text.loading)}</p>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <p
        role="alert"
        className={cx('rounded-xl border border-line bg-surface/60 px-4 py-10 text-center text-fg-muted', className)}
      >
        {serverText(Messages.somethingWentWrong)}
      </p>
    );
  }
  if (tracks.length === 0) {
    return (
      <p className={cx('rounded-xl border border-line bg-surface/60 px-4 py-10 text-center text-fg-muted', className)}>
        {serverText(emptyText)}
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
          <Button
            variant="secondary"
            disabled={waitingForRows}
            onClick={() => setVisible((count) => Math.min(count + Limits.trackIncrement, total))}
          >
            {intl.formatMessage(waitingForRows ? text.loadingMore : text.viewMore)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
