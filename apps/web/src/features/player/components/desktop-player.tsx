import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { trackTitle } from '@/lib/i18n/catalog-names';
import type { TrackDto } from '@tarab/contracts';
import { paths } from '@/config/paths';
import type { RenderFavourite } from '../types';
import { PlayerControls } from './player-controls';
import { PlayerTime } from './player-time';
import { PlayerWaveform } from './player-waveform';
import { TrackCover } from './track-cover';
import { VolumeControl } from './volume-control';
import { artistNameIn } from '@/lib/i18n/artist-name';

/**
 * The bottom bar on screens from 768 px (spec §2 "Audio player"): cover, title, artist,
 * previous, play/pause, next, waveform, favourite, volume and duration.
 */
export function DesktopPlayer({ track, renderFavourite }: { track: TrackDto; renderFavourite?: RenderFavourite }) {
  const intl = useIntl();
  return (
    <section
      aria-label={intl.formatMessage({ id: 'player.label', defaultMessage: 'Audio player' })}
      className="border-t border-line bg-ink-900/95 shadow-[0_-16px_40px_-20px_rgb(0_0_0/0.9)] backdrop-blur-xl supports-[backdrop-filter]:bg-ink-900/85"
    >
      <div className="mx-auto flex h-20 w-full max-w-page items-center gap-3 px-4 lg:gap-5 lg:px-8">
        <div className="flex w-40 min-w-0 shrink-0 items-center gap-3 lg:w-64">
          <TrackCover track={track} className="size-12 rounded-lg" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-fg" data-testid="player-title">
              {trackTitle(track, intl.locale)}
            </p>
            <Link
              to={paths.artistDetail.getHref(track.artist.id)}
              className="block truncate text-xs text-fg-muted hover:text-fg hover:underline"
            >
              {artistNameIn(intl.locale, track.artist)}
            </Link>
          </div>
        </div>

        <PlayerControls />

        <div className="flex min-w-0 flex-1 items-center gap-2 lg:gap-3">
          <PlayerTime part="current" className="w-9 text-end" />
          <PlayerWaveform track={track} className="h-10 min-w-0 flex-1" />
          <PlayerTime part="duration" className="w-9" />
        </div>

        {renderFavourite ? <div className="flex shrink-0 items-center">{renderFavourite(track, 'icon')}</div> : null}
        <VolumeControl className="w-36 shrink-0 lg:w-48" />
      </div>
    </section>
  );
}
