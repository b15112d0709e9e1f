import { defineMessages, useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';

export type BadgeTone =
  'published' | 'draft' | 'queued' | 'processing' | 'failed' | 'takenDown' | 'inReview' | 'rejected';

/** The badge of a track: taken down, under review (MODERATION=on), rejected, published or draft. */
export const trackTone = (track: {
  published: boolean;
  takedown: unknown;
  review: { state: 'pending' | 'rejected' } | null;
}): BadgeTone =>
  track.takedown
    ? 'takenDown'
    : track.review?.state === 'pending'
      ? 'inReview'
      : track.review?.state === 'rejected'
        ? 'rejected'
        : track.published
          ? 'published'
          : 'draft';

const labels = defineMessages({
  published: { id: 'ingest.badge.published', defaultMessage: 'Published' },
  draft: { id: 'ingest.badge.draft', defaultMessage: 'Draft' },
  queued: { id: 'ingest.badge.queued', defaultMessage: 'Queued' },
  processing: { id: 'ingest.step.processing', defaultMessage: 'Processing' },
  inReview: { id: 'ingest.badge.inReview', defaultMessage: 'Waiting for review' },
  rejected: { id: 'ingest.badge.rejected', defaultMessage: 'Rejected' },
  takenDown: { id: 'ingest.badge.takenDown', defaultMessage: 'Taken down' },
  failed: { id: 'ingest.badge.failed', defaultMessage: 'Failed' },
});

const tones: Record<BadgeTone, { className: string; dot: string }> = {
  published: {
    className: 'bg-teal-400/15 text-teal-300 ring-teal-400/40',
    dot: 'bg-teal-400',
  },
  draft: { className: 'bg-white/5 text-fg-muted ring-line-strong', dot: 'bg-fg-subtle' },
  queued: { className: 'bg-white/5 text-fg-muted ring-line-strong', dot: 'bg-fg-subtle' },
  processing: {
    className: 'bg-saffron-400/10 text-saffron-200 ring-saffron-400/40',
    dot: 'bg-accent animate-pulse',
  },
  inReview: {
    className: 'bg-saffron-400/10 text-saffron-200 ring-saffron-400/40',
    dot: 'bg-accent',
  },
  rejected: {
    className: 'bg-pomegranate-700/30 text-pomegranate-400 ring-pomegranate-400/40',
    dot: 'bg-pomegranate-400',
  },
  takenDown: {
    className: 'bg-pomegranate-700/30 text-pomegranate-400 ring-pomegranate-400/40',
    dot: 'bg-pomegranate-400',
  },
  failed: {
    className: 'bg-pomegranate-700/30 text-pomegranate-400 ring-pomegranate-400/40',
    dot: 'bg-pomegranate-400',
  },
};

/** A small pill with the state of a track or an upload. */
export function StatusBadge({ tone, className }: { tone: BadgeTone; className?: string }) {
  const { className: toneClass, dot } = tones[tone];
  const intl = useIntl();
  return (
    <span
      className={cx(
        'inline-flex h-6 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-xs font-semibold ring-1 ring-inset',
        toneClass,
        className,
      )}
    >
      <span aria-hidden="true" className={cx('size-1.5 rounded-full', dot)} />
      {intl.formatMessage(labels[tone])}
    </span>
  );
}
