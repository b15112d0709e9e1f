import type { UploadDto } from '@tarab/contracts';
import { defineMessages, useIntl } from 'react-intl';
import { ltr } from '@/lib/i18n/bidi';
import { formatBytes } from '@/lib/format-upload';
import { StatusBadge } from './status-badge';

const STEPS = {
  queued: defineMessages({
    title: { id: 'ingest.badge.queued', defaultMessage: 'Queued' },
    text: { id: 'ingest.queuedText', defaultMessage: 'Your file has arrived and is waiting for a free worker.' },
  }),
  processing: defineMessages({
    title: { id: 'ingest.step.processing', defaultMessage: 'Processing' },
    text: {
      id: 'ingest.processingText',
      defaultMessage:
        'Checking the audio, detecting tempo and loudness, drawing the waveform and encoding the preview.',
    },
  }),
};

/** Step 2: the server works on the upload (the status is asked for every second). */
export function ProcessingState({ upload }: { upload: Pick<UploadDto, 'status' | 'filename' | 'size' | 'title'> }) {
  const step = upload.status === 'queued' ? STEPS.queued : STEPS.processing;
  const intl = useIntl();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-fg">{upload.title}</p>
          <p className="truncate text-sm text-fg-muted" title={upload.filename}>
            {upload.filename} · {ltr(intl.locale, formatBytes(upload.size))}
          </p>
        </div>
        <StatusBadge tone={upload.status === 'queued' ? 'queued' : 'processing'} />
      </div>
      <div aria-hidden="true" className="relative h-3 overflow-hidden rounded-full bg-white/10">
        <div className="absolute inset-y-0 start-0 w-2/5 animate-progress rounded-full bg-gradient-to-r from-transparent via-saffron-400 to-transparent" />
      </div>
      <p className="text-sm text-fg-muted" aria-live="polite">
        <span className="font-semibold text-fg">{intl.formatMessage(step.title)}…</span> {intl.formatMessage(step.text)}
      </p>
    </div>
  );
}
