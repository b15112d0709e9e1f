import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ltr } from '@/lib/i18n/bidi';
import { formatBytes, percentOf } from '@/lib/format-upload';

type UploadProgressProps = {
  fileName: string;
  loaded: number;
  total: number;
  onCancel: () => void;
};

/** Step 1: the bytes on their way, as a real progress bar. */
export function UploadProgress({ fileName, loaded, total, onCancel }: UploadProgressProps) {
  const percent = percentOf(loaded, total);
  const sent = percent >= 100;
  const intl = useIntl();
  const loadedText = ltr(intl.locale, formatBytes(loaded));
  const totalText = ltr(intl.locale, formatBytes(total));
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-fg">
            {sent ? (
              <FormattedMessage id="ingest.progress.finishing" defaultMessage="Finishing the upload…" />
            ) : (
              <FormattedMessage id="ingest.progress.uploading" defaultMessage="Uploading…" />
            )}
          </p>
          <p className="truncate text-sm text-fg-muted" title={fileName}>
            {fileName}
          </p>
        </div>
        <p className="font-display text-3xl font-bold text-accent tabular-nums" aria-hidden="true">
          <bdi dir="ltr">{percent}%</bdi>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'ingest.progress.label', defaultMessage: 'Upload progress' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={intl.formatMessage(
          { id: 'ingest.progress.valueText', defaultMessage: '{percent} ({loaded} of {total})' },
          { percent: ltr(intl.locale, `${percent}%`), loaded: loadedText, total: totalText },
        )}
        className="h-3 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-saffron-500 rtl:bg-gradient-to-l to-saffron-300 transition-[width] duration-200 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted tabular-nums">
          <FormattedMessage
            id="ingest.progress.bytes"
            defaultMessage="{loaded} of {total}"
            values={{ loaded: loadedText, total: totalText }}
          />
        </p>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={sent}>
          <FormattedMessage id="ingest.progress.cancel" defaultMessage="Cancel upload" />
        </Button>
      </div>
    </div>
  );
}
