import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { useEffect, useRef } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { useArtistCatalog } from '../api/get-artist-catalog';
import { useUpload } from '../api/get-upload';
import { useIngestOptions } from '../api/get-ingest-options';
import { cancelUpload, useLeaveGuard } from '../hooks/use-track-upload';
import { useUploadStore, type UploadSession } from '../stores/upload-store';
import { ArtistTracks } from './artist-tracks';
import { FormAlert } from '@/components/ui/field';
import { UploadForm } from './upload-form';
import { UploadProgress } from './upload-progress';
import { UploadSteps, type UploadStep } from './upload-steps';
import { UploadTracking } from './upload-tracking';

type UploadPanelProps = {
  /** The preview starts playing: the app pauses its main player (features do not know each other). */
  onPreviewPlay?: () => void;
};

function useStep(session: UploadSession): { step: UploadStep; failed: boolean } {
  const upload = useUpload(session.phase === 'tracking' ? session.uploadId : null);
  if (session.phase === 'editing') return { step: 'details', failed: false };
  if (session.phase === 'uploading') return { step: 'upload', failed: false };
  const status = upload.data?.status;
  if (status === 'processed') return { step: 'publish', failed: false };
  return { step: 'processing', failed: status === 'failed' || upload.isError };
}

/**
 * The artist's Upload tab: the form, then the upload's progress, its processing and the
 * preview with Publish — one card that changes with each step — and "Your tracks" below.
 */
export function UploadPanel({ onPreviewPlay }: UploadPanelProps) {
  const catalog = useArtistCatalog();
  const options = useIngestOptions();
  const session = useUploadStore((state) => state.session);
  const retry = useUploadStore((state) => state.retry);
  const startOver = useUploadStore((state) => state.startOver);
  const { step, failed } = useStep(session);
  const intl = useIntl();
  useLeaveGuard(session.phase === 'uploading');

  // Each new step takes the focus (the button that led there is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus({ preventScroll: false });
  }, [step]);

  if (catalog.isPending) {
    return (
      <LoadingState
        label={intl.formatMessage({ id: 'ingest.loadingTracks', defaultMessage: 'Loading your tracks...' })}
      />
    );
  }
  if (catalog.isError) {
    return (
      <FormAlert className="text-base">
        <FormattedMessage
          id="ingest.errorWith"
          defaultMessage="Error: {message}"
          values={{ message: errorText(intl, catalog.error) }}
        />
      </FormAlert>
    );
  }

  const { data } = catalog;
  return (
    <div className="space-y-12">
      <section
        aria-labelledby="upload-title"
        className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6 lg:p-8"
      >
        <div className="border-b border-line pb-5">
          <h2
            id="upload-title"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold text-fg focus:outline-none"
          >
            <FormattedMessage id="ingest.title" defaultMessage="Upload a track or loop" />
          </h2>
          <p className="mt-1 max-w-prose text-fg-muted">
            <FormattedMessage
              id="ingest.intro"
              defaultMessage="We detect the tempo and loudness, draw the waveform and make the preview; you publish when you are happy with it."
            />
          </p>
          <UploadSteps current={step} failed={failed} className="mt-5" />
        </div>
        <div className="pt-6">
          {session.phase === 'editing' ? (
            <UploadForm
              catalog={data}
              options={options.data}
              optionsError={options.isError ? errorText(intl, options.error) : null}
            />
          ) : session.phase === 'uploading' ? (
            <UploadProgress
              fileName={session.fileName}
              loaded={session.loaded}
              total={session.total}
              onCancel={cancelUpload}
            />
          ) : (
            <UploadTracking
              uploadId={session.uploadId}
              onRetry={retry}
              onUploadAnother={startOver}
              onPreviewPlay={onPreviewPlay}
            />
          )}
        </div>
      </section>

      <ArtistTracks tracks={data.tracks} />
    </div>
  );
}
