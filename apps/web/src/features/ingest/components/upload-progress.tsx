import { Button } from '@/components/ui/button';
import { formatBytes, percentOf } from '../lib/format-upload';

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
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-fg">{sent ? 'Finishing the upload…' : 'Uploading…'}</p>
          <p className="truncate text-sm text-fg-muted" title={fileName}>
            {fileName}
          </p>
        </div>
        <p className="font-display text-3xl font-bold text-accent tabular-nums" aria-hidden="true">
          {percent}%
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${formatBytes(loaded)} of ${formatBytes(total)})`}
        className="h-3 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-saffron-500 to-saffron-300 transition-[width] duration-200 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted tabular-nums">
          {formatBytes(loaded)} of {formatBytes(total)}
        </p>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={sent}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}
