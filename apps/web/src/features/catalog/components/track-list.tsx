import { defineMessages, useIntl } from 'react-intl';
import { Suspense, useEffect, useState } from 'react';
import { Limits } from '@tarab/contracts/limits';
import { commonMessages } from '@/lib/i18n/common-messages';
import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/lib/class-names';
import { preloadable } from '@/lib/preloadable';
import type { TrackListSource } from '../hooks/use-track-source';
import type { TrackListBindings } from '../types';

const TRACK_LIST_TEXT = { empty: commonMessages.noMusicFound } as const;

const text = defineMessages({
  loading: { id: 'tracks.loading', defaultMessage: 'Loading music...' },
});

/**
 * The rows, View more and the error and empty states: their own chunk (decision 050), fetched
 * while the tracks are (a prerendered page paints the list's loading state, so its first
 * JavaScript does not need them).
 */
const rows = preloadable(() => import('./track-list-rows').then((module) => module.TrackListRows));

/** Fetches the rows' code ahead of the first list that shows tracks. */
export const preloadTrackRows = rows.preload;

type TrackListProps = TrackListBindings & {
  source: TrackListSource;
  /** The list's accessible name, e.g. "Tracks". */
  label: string;
  /** Shown when there are no tracks (default: No music found.). */
  emptyText?: string;
  className?: string;
};

function TrackListLoading({ className }: { className?: string | undefined }) {
  const intl = useIntl();
  return (
    <div className={cx('flex items-center justify-center gap-3 py-14 text-fg-muted', className)}>
      <Spinner label={intl.formatMessage(text.loading)} />
      <p aria-hidden="true">{intl.formatMessage(text.loading)}</p>
    </div>
  );
}

/**
 * A list of track rows (spec §2 "Track rows and lists"): 5 first, View more adds 3 at a
 * time up to the total, asking the server for the next page when the loaded ones run out.
 * Give it a `key` that changes with the list so View more starts again at 5.
 */
export function TrackList({ source, label, emptyText, className, ...bindings }: TrackListProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState<number>(Limits.initialTrackCount);
  useEffect(() => void rows.preload().catch(() => undefined), []);

  if (source.status === 'pending') return <TrackListLoading className={className} />;
  return (
    <Suspense fallback={<TrackListLoading className={className} />}>
      <rows.Component
        source={source}
        label={label}
        emptyText={emptyText ?? intl.formatMessage(TRACK_LIST_TEXT.empty)}
        className={className}
        visible={visible}
        onViewMore={() => setVisible((count) => Math.min(count + Limits.trackIncrement, source.total))}
        {...bindings}
      />
    </Suspense>
  );
}
