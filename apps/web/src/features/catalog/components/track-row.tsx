import { ltr } from '@/lib/i18n/bidi';
import { catalogName, noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { memo } from 'react';
import { Link } from 'react-router';
import type { TrackDto } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { formatPrice } from '@/lib/format';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import type { RenderTrackActions } from '../types';
import { EqualizerGlyph, PauseGlyph, PlayGlyph } from './catalog-icons';
import { TuningMenu } from './tuning-menu';

type TrackRowProps = {
  track: TrackDto;
  /** This row's track is the player's current one. */
  isCurrent: boolean;
  /** …and it is playing. */
  isPlaying: boolean;
  onPlay?: (track: TrackDto) => void;
  renderActions?: RenderTrackActions | undefined;
};

const MAX_TAGS = 3;

/** Genre, mood and instrument names of a track, first ones first, in the page's language. */
function tagNamesOf(track: TrackDto, locale: string): string[] {
  return [...track.genre, ...track.mood, ...track.instrument].map((tag) => catalogName(tag.name, locale));
}

/**
 * "Bayati on D · Maqsum (4/4)": the maqam, tonic and iqa' of a row, or null when it has none
 * (Arabic pages: "بياتي على ري · مقسوم (4/4)", the meter kept left to right).
 */
export function musicalSummaryOf(track: TrackDto, locale = 'en'): string | null {
  const ar = locale === 'ar';
  const maqam = track.maqam ? catalogName(track.maqam, locale) : null;
  const key = track.key ? noteName(track.key, locale) : null;
  const scale = maqam ? (key ? `${maqam} ${ar ? 'على' : 'on'} ${key}` : maqam) : null;
  const iqa = track.iqa ? catalogName(track.iqa, locale) : null;
  const meter = track.meter && ar ? `\u2066${track.meter}\u2069` : track.meter;
  const rhythm = iqa ? (meter ? `${iqa} (${meter})` : iqa) : null;
  const parts = [scale, rhythm].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** One track: cover with play/pause, title, artist, tags, BPM, duration, price (logged in) and actions. */
export const TrackRow = memo(function TrackRow({ track, isCurrent, isPlaying, onPlay, renderActions }: TrackRowProps) {
  const reducedMotion = useReducedMotion();
  const intl = useIntl();
  const { locale } = intl;
  const title = trackTitle(track, locale);
  const tags = tagNamesOf(track, locale);
  const shownTags = tags.slice(0, MAX_TAGS);
  const playing = isCurrent && isPlaying;
  const cover = track.album?.image.url;
  // BPM and durations read left to right inside Arabic text too (decision 046).
  const bpm = track.bpm ? ltr(locale, `${track.bpm} BPM`) : null;
  const meta = [bpm, ltr(locale, track.duration)].filter(Boolean).join(' · ');
  // Only logged-in callers get a price from the server (spec §6).
  const price = track.price !== undefined ? formatPrice(Math.round(track.price * 100)) : null;
  const musical = musicalSummaryOf(track, locale);

  return (
    <li
      data-track-id={track.id}
      data-current={isCurrent || undefined}
      data-playing={playing || undefined}
      aria-current={isCurrent ? 'true' : undefined}
      className={cx(
        'group relative grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3 rounded-xl px-2 py-2 transition-colors duration-150 sm:gap-4 sm:px-3',
        'md:grid-cols-[auto_minmax(0,1fr)_4.75rem_3.25rem_auto] lg:grid-cols-[auto_minmax(0,1.15fr)_minmax(0,1fr)_4.75rem_3.25rem_auto]',
        'hover:bg-white/[0.05] focus-within:bg-white/[0.05]',
        isCurrent && 'bg-accent/[0.08] ring-1 ring-accent/30 ring-inset hover:bg-accent/[0.12]',
      )}
    >
      <button
        type="button"
        onClick={() => onPlay?.(track)}
        aria-label={
          playing
            ? intl.formatMessage({ id: 'player.pauseTrack', defaultMessage: 'Pause {title}' }, { title })
            : intl.formatMessage({ id: 'player.playTrack', defaultMessage: 'Play {title}' }, { title })
        }
        className="relative size-12 shrink-0 overflow-hidden rounded-lg bg-surface-raised ring-1 ring-white/10 sm:size-14"
      >
        {cover ? (
          <img
            src={cover}
            alt=""
            loading="lazy"
            decoding="async"
            width={56}
            height={56}
            className="size-full object-cover"
          />
        ) : null}
        <span
          aria-hidden="true"
          className={cx(
            'absolute inset-0 grid place-items-center bg-ink-950/55 text-fg transition-opacity duration-150',
            isCurrent ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100',
          )}
        >
          {playing ? (
            <>
              <EqualizerGlyph className="size-6 text-accent group-hover:hidden" animated={!reducedMotion} />
              <PauseGlyph className="hidden size-6 group-hover:block" />
            </>
          ) : (
            <PlayGlyph className="size-6" />
          )}
        </span>
      </button>

      <div className="min-w-0">
        <p
          className={cx(
            'line-clamp-2 leading-snug font-semibold break-words md:line-clamp-1',
            isCurrent ? 'text-accent' : 'text-fg',
          )}
        >
          {title}
        </p>
        <p className="truncate text-sm text-fg-muted">
          <Link
            to={paths.artistDetail.getHref(track.artist.id)}
            className="relative z-10 rounded-sm hover:text-fg hover:underline"
          >
            {track.artist.name}
          </Link>
        </p>
        {musical ? (
          <p className="truncate text-xs text-accent/90" data-testid="track-musical">
            <span className="sr-only">
              <FormattedMessage id="track.maqamAndRhythm" defaultMessage="Maqam and rhythm:" />{' '}
            </span>
            {musical}
          </p>
        ) : null}
        {/* Small screens: the facts that have no column of their own. */}
        <p className="mt-0.5 truncate text-xs text-fg-subtle md:hidden">
          {price ? (
            <>
              <span className="font-semibold text-fg">
                <span className="sr-only">
                  <FormattedMessage id="track.price" defaultMessage="Price" />{' '}
                </span>
                {price}
              </span>
              {' · '}
            </>
          ) : null}
          {[shownTags[0], meta].filter(Boolean).join(' · ')}
        </p>
      </div>

      <ul
        aria-label={intl.formatMessage({ id: 'track.tags', defaultMessage: 'Tags' })}
        className="hidden min-w-0 flex-wrap gap-1.5 overflow-hidden lg:flex lg:max-h-14"
      >
        {shownTags.map((name) => (
          <li
            key={name}
            className="truncate rounded-full border border-line bg-ink-900/70 px-2.5 py-0.5 text-xs text-fg-muted"
          >
            {name}
          </li>
        ))}
      </ul>

      <p className="hidden text-sm text-fg-muted tabular-nums md:block">
        {track.bpm ? <bdi dir="ltr">{track.bpm} BPM</bdi> : '—'}
      </p>
      <p className="hidden text-sm text-fg-muted tabular-nums md:block">
        <bdi dir="ltr">{track.duration}</bdi>
      </p>

      <div className="flex items-center justify-end gap-1.5 sm:gap-2">
        {price ? (
          <p className="hidden text-sm font-semibold text-fg tabular-nums md:block">
            <span className="sr-only">
              <FormattedMessage id="track.price" defaultMessage="Price" />{' '}
            </span>
            {price}
          </p>
        ) : null}
        <TuningMenu track={track} />
        {renderActions?.(track)}
      </div>
    </li>
  );
});
