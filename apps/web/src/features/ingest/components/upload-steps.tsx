import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';

export type UploadStep = 'details' | 'upload' | 'processing' | 'publish';

const labels = defineMessages({
  details: { id: 'ingest.step.details', defaultMessage: 'Details' },
  upload: { id: 'artistTools.tabs.upload', defaultMessage: 'Upload' },
  processing: { id: 'ingest.step.processing', defaultMessage: 'Processing' },
  publish: { id: 'ingest.step.publish', defaultMessage: 'Preview & publish' },
});

const STEPS: ReadonlyArray<{ id: UploadStep; label: (typeof labels)[UploadStep] }> = [
  { id: 'details', label: labels.details },
  { id: 'upload', label: labels.upload },
  { id: 'processing', label: labels.processing },
  { id: 'publish', label: labels.publish },
];

/** Where the artist is in the flow; the current step is marked for assistive technology. */
export function UploadSteps({
  current,
  failed = false,
  className,
}: {
  current: UploadStep;
  failed?: boolean;
  className?: string;
}) {
  const index = STEPS.findIndex((step) => step.id === current);
  const intl = useIntl();
  return (
    <ol
      aria-label={intl.formatMessage({ id: 'ingest.steps', defaultMessage: 'Upload steps' })}
      className={cx('grid grid-cols-4 gap-2 text-xs sm:flex sm:items-center sm:gap-2 sm:text-sm', className)}
    >
      {STEPS.map((step, i) => {
        const done = i < index;
        const active = i === index;
        return (
          <li
            key={step.id}
            aria-current={active ? 'step' : undefined}
            className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-2 sm:text-start"
          >
            <span
              aria-hidden="true"
              className={cx(
                'grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold tabular-nums',
                active && failed
                  ? 'bg-pomegranate-400 text-on-accent'
                  : active
                    ? 'bg-accent text-on-accent'
                    : done
                      ? 'bg-accent/20 text-accent'
                      : 'bg-white/5 text-fg-subtle ring-1 ring-line-strong',
              )}
            >
              {done ? '✓' : i + 1}
            </span>
            <span className={cx(active ? 'font-semibold text-fg' : done ? 'text-fg-muted' : 'text-fg-subtle')}>
              {intl.formatMessage(step.label)}
              {done ? (
                <span className="sr-only">
                  {' '}
                  <FormattedMessage id="ingest.step.done" defaultMessage="(done)" />
                </span>
              ) : null}
            </span>
            {i < STEPS.length - 1 ? (
              <span
                aria-hidden="true"
                className={cx('mx-1 hidden h-px w-10 sm:block', done ? 'bg-accent/50' : 'bg-line')}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
