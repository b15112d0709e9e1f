import { errorText } from '@/lib/i18n/error-text';
import { Limits } from '@tarab/contracts/limits';
import { Api } from '@tarab/contracts';
import type { DownloadDto } from '@tarab/contracts';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { DownloadIcon, MusicNoteIcon } from '@/components/ui/icons';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { ltr } from '@/lib/i18n/bidi';
import { api } from '@/lib/api-client';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { useDownloads } from '../api/get-downloads';
import { LicensedDownloadLink } from './licensed-download-link';
import { artistNameIn } from '@/lib/i18n/artist-name';

/** The licence certificate (PDF) of a licensed track: the session cookie authorises it (same origin). */
const certificateUrl = (trackId: number) => api.url(Api.licenses.certificate, { params: { id: trackId } });

/**
 * Spec §3 "Waveform": downloads get 100 random bars between 0.05 and 0.95. Seeded by the
 * track id so a row keeps its shape across renders.
 */
export function downloadBars(seed: number, count: number = Limits.downloadWaveformBars): number[] {
  let state = (seed * 2654435761) >>> 0 || 1;
  const bars: number[] = [];
  for (let i = 0; i < count; i++) {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bars.push(0.05 + (state / 0xffffffff) * 0.9);
  }
  return bars;
}

function MiniWaveform({ seed }: { seed: number }) {
  const bars = useMemo(() => downloadBars(seed), [seed]);
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${bars.length * 3} 32`} preserveAspectRatio="none" className="h-8 w-full">
      {bars.map((height, i) => (
        <rect
          key={i}
          x={i * 3}
          y={(1 - height) * 16}
          width={2}
          height={height * 32}
          rx={1}
          className="fill-fg-subtle/50"
        />
      ))}
    </svg>
  );
}

type DownloadsListProps = {
  /** The play toggle of a row, `list` its queue (the player feature is composed in by the page). */
  renderPlay?: (track: DownloadDto, list: readonly DownloadDto[]) => ReactNode;
};

type DownloadRowProps = {
  item: DownloadDto;
  list: readonly DownloadDto[];
  renderPlay?: DownloadsListProps['renderPlay'];
};

function DownloadRow({ item, list, renderPlay }: DownloadRowProps) {
  const bpm = item.bpm ?? Limits.downloadDefaultBpm;
  const duration = item.duration || Limits.downloadDefaultDuration;
  const intl = useIntl();
  const title = trackTitle(item, intl.locale);
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-2xl border border-line bg-surface p-4 shadow-card md:grid-cols-[auto_minmax(0,1.4fr)_minmax(0,1fr)_auto] md:gap-x-6">
      <div className="relative grid size-14 shrink-0 place-items-center overflow-hidden rounded-xl bg-surface-raised">
        {item.album?.image.url ? (
          <img src={item.album.image.url} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
        ) : (
          <MusicNoteIcon className="size-6 text-fg-subtle" />
        )}
        {renderPlay ? <div className="absolute inset-0 grid place-items-center">{renderPlay(item, list)}</div> : null}
      </div>

      <div className="min-w-0">
        <p className="truncate font-semibold text-fg">{title}</p>
        <p className="truncate text-sm text-fg-muted">{artistNameIn(intl.locale, item.artist)}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-fg-subtle">
          <bdi dir="ltr">{bpm} BPM</bdi>
          <bdi dir="ltr">{duration}</bdi>
        </p>
      </div>

      <div className="col-span-2 min-w-0 md:col-span-1">
        <MiniWaveform seed={item.id} />
        <p className="mt-1 truncate text-xs text-fg-subtle">
          <FormattedMessage
            id="downloads.licenseKey"
            defaultMessage="License key <key>{licenseKey}</key>"
            values={{
              licenseKey: item.license_key,
              key: (chunks) => (
                <bdi dir="ltr" className="font-mono text-fg-muted select-all">
                  {chunks}
                </bdi>
              ),
            }}
          />
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs">
          <a
            href={certificateUrl(item.id)}
            download
            aria-label={intl.formatMessage(
              { id: 'downloads.certificateOf', defaultMessage: 'Licence certificate of {title} (PDF)' },
              { title },
            )}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            <FormattedMessage id="downloads.certificate" defaultMessage="Certificate (PDF)" />
          </a>
          <Link
            to={paths.verify.getHref(item.license_key)}
            className="text-fg-muted underline-offset-4 hover:text-fg hover:underline"
          >
            <FormattedMessage id="downloads.verifyPage" defaultMessage="Verify page" />
          </Link>
        </p>
      </div>

      <div className="col-span-2 flex flex-wrap gap-2 md:col-span-1 md:flex-col md:items-stretch">
        {item.formats.map(({ format, label }) => (
          <LicensedDownloadLink
            key={format}
            trackId={item.id}
            format={format}
            title={label}
            // MP3 is the spec's download; the WAV is named apart so "Download {title}" stays one link.
            aria-label={
              format === 'mp3'
                ? intl.formatMessage({ id: 'purchase.downloadTrack', defaultMessage: 'Download {title}' }, { title })
                : intl.formatMessage(
                    { id: 'downloads.losslessOf', defaultMessage: 'Lossless {format} of {title}' },
                    { format: ltr(intl.locale, label), title },
                  )
            }
            className={buttonStyles({
              variant: format === 'mp3' ? 'secondary' : 'ghost',
              size: 'sm',
              className: 'justify-start',
            })}
          >
            <DownloadIcon className="size-4" />
            <span>{format.toUpperCase()}</span>
            <bdi dir="ltr" className="text-xs font-normal text-fg-subtle">
              {label.split(' · ').slice(1).join(' · ')}
            </bdi>
          </LicensedDownloadLink>
        ))}
      </div>
    </li>
  );
}

/** The Saved page's Downloads tab (spec §2): the user's licensed tracks. */
export function DownloadsList({ renderPlay }: DownloadsListProps = {}) {
  const downloads = useDownloads();
  const intl = useIntl();

  if (downloads.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'tracks.loadingMore', defaultMessage: 'Loading...' })} />;
  if (downloads.isError) {
    return (
      <p role="alert" className="rounded-xl border border-pomegranate-400/40 bg-pomegranate-700/25 px-4 py-3 text-fg">
        {errorText(intl, downloads.error)}
      </p>
    );
  }
  const items = downloads.data.data;
  if (items.length === 0) {
    return (
      <p className="py-12 text-center text-fg-muted">
        <FormattedMessage id="downloads.empty" defaultMessage="You haven't liked any artists yet." />
      </p>
    );
  }
  return (
    <ul aria-label={intl.formatMessage({ id: 'nav.downloads', defaultMessage: 'Downloads' })} className="space-y-3">
      {items.map((item) => (
        <DownloadRow key={item.id} item={item} list={items} {...(renderPlay ? { renderPlay } : {})} />
      ))}
    </ul>
  );
}
