import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { isSettled, useUpload } from '../api/get-upload';
import { ingestKeys } from '../api/ingest-keys';
import { ingestErrorText, uploadFailureText } from '../lib/ingest-messages';
import { FormAlert } from '@/components/ui/field';
import { ProcessingState } from './processing-state';
import { UploadPreview } from './upload-preview';

type UploadTrackingProps = {
  uploadId: number;
  onRetry: () => void;
  onUploadAnother: () => void;
  onPreviewPlay?: (() => void) | undefined;
};

/** Follows an accepted upload: queued → processing, then the preview, or the reason it failed. */
export function UploadTracking({ uploadId, onRetry, onUploadAnother, onPreviewPlay }: UploadTrackingProps) {
  const queryClient = useQueryClient();
  const upload = useUpload(uploadId);
  const status = upload.data?.status;
  const intl = useIntl();

  // Settled: the new track (a draft, or published) joins "Your tracks", and the list of uploads
  // being processed no longer shows it.
  useEffect(() => {
    if (!status || !isSettled(status)) return;
    void queryClient.invalidateQueries({ queryKey: ingestKeys.uploads, exact: true });
    if (status === 'processed') void queryClient.invalidateQueries({ queryKey: ingestKeys.catalog });
  }, [status, queryClient]);

  if (!upload.data) {
    if (upload.isError) {
      return (
        <div className="space-y-4">
          <FormAlert>
            <FormattedMessage
              id="ingest.errorWith"
              defaultMessage="Error: {message}"
              values={{ message: ingestErrorText(intl, upload.error) }}
            />
          </FormAlert>
          <Button variant="secondary" onClick={onUploadAnother}>
            <FormattedMessage id="ingest.backToForm" defaultMessage="Back to the form" />
          </Button>
        </div>
      );
    }
    return (
      <ProcessingState
        upload={{
          status: 'queued',
          filename: '',
          size: 0,
          title: intl.formatMessage({ id: 'ingest.yourUpload', defaultMessage: 'Your upload' }),
        }}
      />
    );
  }

  const data = upload.data;
  if (data.status === 'failed') {
    return (
      <div className="space-y-5">
        <div>
          <p className="text-lg font-semibold text-fg">{data.title}</p>
          <p className="truncate text-sm text-fg-muted">{data.filename}</p>
        </div>
        <FormAlert>
          <p className="font-semibold">
            <FormattedMessage id="ingest.processingFailed" defaultMessage="Processing failed" />
          </p>
          {/* By the code the upload stored (error_code, error_params); none: the generic text. */}
          <p className="mt-1 font-normal">{uploadFailureText(intl, data)}</p>
        </FormAlert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={onRetry}>
            <FormattedMessage id="ingest.tryAnother" defaultMessage="Try another file" />
          </Button>
          <Button variant="ghost" size="lg" onClick={onUploadAnother}>
            <FormattedMessage id="ingest.startOver" defaultMessage="Start over" />
          </Button>
        </div>
      </div>
    );
  }
  if (data.status === 'processed' && data.track) {
    return (
      <UploadPreview upload={data} track={data.track} onUploadAnother={onUploadAnother} onPreviewPlay={onPreviewPlay} />
    );
  }
  return <ProcessingState upload={data} />;
}
