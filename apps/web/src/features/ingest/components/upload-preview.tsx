import type { ArtistTrackDto, UploadDto } from '@tarab/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@/lib/toast';
import { ltr } from '@/lib/i18n/bidi';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { formatDuration } from '@/lib/format';
import { useSetTrackPublished } from '../api/publish-track';
import { formatAudioFormat, formatLoudness } from '@/lib/format-upload';
import { ingestErrorText, publishAnswerText } from '../lib/ingest-messages';
import { FormAlert } from '@/components/ui/field';
import { PreviewTimeline, usePreviewAudio } from '@/components/audio/preview-timeline';
import { StatusBadge, trackTone } from './status-badge';

type UploadPreviewProps = {
  upload: UploadDto;
  track: ArtistTrackDto;
  onUploadAnother: () => void;
  /** The preview starts playing (the app pauses its main player). */
  onPreviewPlay?: (() => void) | undefined;
};

const PlayGlyph = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-0.5 size-6 fill-current">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);
const PauseGlyph = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
    <rect x="6" y="5" width="4" height="14" rx="1.2" />
    <rect x="14" y="5" width="4" height="14" rx="1.2" />
  </svg>
);

function Stat({ label, value, small = false }: { label: string; value: string; small?: boolean }) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-canvas/40 px-4 py-3">
      <dt className="text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">{label}</dt>
      <dd className={cx('mt-1 font-semibold break-words text-fg tabular-nums', small ? 'text-base' : 'text-lg')}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Step 3: the processed upload — its computed waveform, duration, detected tempo and loudness,
 * a play/pause of the preview MP3, and Publish.
 */
export function UploadPreview({ upload, track, onUploadAnother, onPreviewPlay }: UploadPreviewProps) {
  const analysis = upload.analysis;
  // Leaving the preview stops it; playing it pauses the app's player (onPreviewPlay).
  const preview = usePreviewAudio(analysis?.duration_seconds ?? track.duration_seconds, onPreviewPlay);
  const { playing, toggle } = preview;
  const publish = useSetTrackPublished();
  const intl = useIntl();

  const onPublish = (next: boolean) =>
    publish.mutate(
      { trackId: track.id, publish: next },
      {
        onSuccess: (result) => toast.success(publishAnswerText(intl, result.data)),
      },
    );

  const bpm = analysis?.bpm ?? track.bpm;
  const storeHref = track.kind === 'loop' ? paths.loops.getHref() : paths.music.getHref();

  return (
    <article aria-labelledby="upload-preview-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
            {track.kind === 'loop' ? (
              <FormattedMessage id="ingest.readyLoop" defaultMessage="Loop · ready" />
            ) : (
              <FormattedMessage id="ingest.readyTrack" defaultMessage="Music track · ready" />
            )}
          </p>
          <h3 id="upload-preview-title" className="mt-1 text-2xl font-semibold break-words text-fg">
            {trackTitle(track, intl.locale)}
          </h3>
          <p className="truncate text-sm text-fg-muted" title={upload.filename}>
            {upload.filename}
          </p>
        </div>
        <StatusBadge tone={trackTone(track)} />
      </div>

      <div className="flex items-center gap-4 rounded-2xl border border-line bg-canvas/40 p-3 sm:p-4">
        <button
          type="button"
          onClick={toggle}
          aria-label={
            playing
              ? intl.formatMessage({ id: 'ingest.pausePreview', defaultMessage: 'Pause preview' })
              : intl.formatMessage({ id: 'ingest.playPreview', defaultMessage: 'Play preview' })
          }
          className="grid size-12 shrink-0 place-items-center rounded-full bg-accent text-on-accent shadow-glow transition-colors hover:bg-accent-hover"
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
        <PreviewTimeline preview={preview} track={track} preload="metadata" waveformClassName="h-16 sm:h-20" />
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label={intl.formatMessage({ id: 'player.duration', defaultMessage: 'Duration' })}
          value={ltr(intl.locale, formatDuration(analysis?.duration_seconds ?? track.duration_seconds))}
        />
        <Stat
          label={intl.formatMessage({ id: 'ingest.tempo', defaultMessage: 'Tempo' })}
          value={bpm ? ltr(intl.locale, `${bpm} BPM`) : '—'}
        />
        <Stat
          label={intl.formatMessage({ id: 'ingest.loudness', defaultMessage: 'Loudness' })}
          value={ltr(intl.locale, formatLoudness(analysis?.loudness_lufs ?? track.loudness_lufs))}
        />
        <Stat
          label={intl.formatMessage({ id: 'ingest.source', defaultMessage: 'Source' })}
          value={analysis ? ltr(intl.locale, formatAudioFormat(analysis)) : '—'}
          small
        />
      </dl>

      {publish.isError ? <FormAlert>{ingestErrorText(intl, publish.error)}</FormAlert> : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {track.published ? (
          <>
            <LinkButton to={storeHref} size="lg">
              {track.kind === 'loop' ? (
                <FormattedMessage id="ingest.seeInLoops" defaultMessage="See it in Loops" />
              ) : (
                <FormattedMessage id="ingest.seeInMusic" defaultMessage="See it in Music" />
              )}
            </LinkButton>
            <Button variant="secondary" size="lg" disabled={publish.isPending} onClick={() => onPublish(false)}>
              {publish.isPending ? (
                <FormattedMessage id="ingest.unpublishing" defaultMessage="Unpublishing…" />
              ) : (
                <FormattedMessage id="ingest.unpublish" defaultMessage="Unpublish" />
              )}
            </Button>
          </>
        ) : track.review?.state === 'pending' ? (
          // MODERATION=on: the request waits for an operator; withdrawing it is the artist's call.
          <>
            <p className="text-fg-muted">
              <FormattedMessage
                id="ingest.waitingReview"
                defaultMessage="Waiting for review: it goes live once Tarab approves it."
              />
            </p>
            <Button variant="secondary" size="lg" disabled={publish.isPending} onClick={() => onPublish(false)}>
              <FormattedMessage id="ingest.withdraw" defaultMessage="Withdraw" />
            </Button>
          </>
        ) : (
          <Button size="lg" disabled={publish.isPending} onClick={() => onPublish(true)}>
            {publish.isPending ? (
              <FormattedMessage id="ingest.publishing" defaultMessage="Publishing…" />
            ) : (
              <FormattedMessage id="ingest.publish" defaultMessage="Publish" />
            )}
          </Button>
        )}
        <Button variant="ghost" size="lg" onClick={onUploadAnother}>
          <FormattedMessage id="ingest.uploadAnother" defaultMessage="Upload another" />
        </Button>
      </div>
    </article>
  );
}
