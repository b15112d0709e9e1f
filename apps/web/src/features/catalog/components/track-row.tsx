import { catalogName, noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { Fragment, memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrackDto } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { formatPrice } from '@/lib/format';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import type { RenderTrackActions } from '../types';
import { EqualizerGlyph, PauseGlyph, PlayGlyph } from './catalog-icons';
import { TuningMenu } from './tuning-menu';
import { artistNameIn } from '@/lib/i18n/artist-name';

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
 * The maqam and tonic ("Bayati on D") and the iqa' with its meter ("Maqsum (4/4)") of a row, each
 * present or not (Arabic pages: "بياتي على ري", "مقسوم (4/4)", the meter kept left to right).
 */
function musicalPartsOf(track: TrackDto, locale = 'en'): { scale: string | null; rhythm: string | null } {
  const ar = locale === 'ar';
  const maqam = track.maqam ? catalogName(track.maqam, locale) : null;
  const key = track.key ? noteName(track.key, locale) : null;
  const scale = maqam ? (key ? `${maqam} ${ar ? 'على' : 'on'} ${key}` : maqam) : null;
  const iqa = track.iqa ? catalogName(track.iqa, locale) : null;
  const meter = track.meter && ar ? `\u2066${track.meter}\u2069` : track.meter;
  const rhythm = iqa ? (meter ? `${iqa} (${meter})` : iqa) : null;
  return { scale, rhythm };
}

/**
 * "Bayati on D · Maqsum (4/4)": the maqam, tonic and iqa' of a row, or null when it has none
 * (Arabic pages: "بياتي على ري · مقسوم (4/4)", the meter kept left to right).
 */
export function musicalSummaryOf(track: TrackDto, locale = 'en'): string | null {
  const { scale, rhythm } = musicalPartsOf(track, locale);
  const parts = [scale, rhythm].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

type RowFact = { key: string; text: ReactNode; accent?: boolean; narrowOnly?: boolean };

/**
 * The facts line under the title (issue #32): the maqam and iqa' at every width, and below 768 px
 * (where they have no column) the price of a row without actions, the BPM and the duration. Below
 * 768 px it wraps between facts, never inside one, and never cuts one off; from 768 px it is one
 * line (the maqam and iqa', with an ellipsis). Each fact carries the separator before it.
 */
function RowFacts({ facts, musical }: { facts: RowFact[]; musical: boolean }) {
  return (
    <p
      data-testid="track-musical"
      className={cx(
        'col-span-2 col-start-2 row-start-2 self-start text-xs leading-5 text-fg-subtle',
        'md:col-span-1 md:truncate',
        !musical && 'md:hidden',
      )}
    >
      {musical ? (
        <span className="sr-only">
          <FormattedMessage id="track.maqamAndRhythm" defaultMessage="Maqam and rhythm:" />{' '}
        </span>
      ) : null}
      {facts.map((fact, index) => (
        <Fragment key={fact.key}>
          {index > 0 ? <span className={cx(fact.narrowOnly && 'md:hidden')}> </span> : null}
          <span
            data-fact={fact.key}
            className={cx('whitespace-nowrap', fact.accent && 'text-accent/90', fact.narrowOnly && 'md:hidden')}
          >
            {index > 0 ? (
              <span aria-hidden="true" className="text-fg-subtle">
                {'· '}
              </span>
            ) : null}
            {fact.text}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/**
 * One track: cover with play/pause, title (a link to the track's page), artist, maqam and iqa', tags,
 * BPM, duration and the actions slot (whose primary action carries the price; a row without actions
 * shows the price itself, to logged-in callers only).
 *
 * Narrow rows (issue #32): the title on one line (an ellipsis, never a break inside a word), then the
 * artist, then the facts line in full under the title and the actions; Latin names in Arabic rows are
 * isolated (`dir="auto"`) so they are cut at their own end. Below 640 px the actions slot shows one
 * primary button and a "More" menu (src/app/compose), and the row's tuning menu moves into it.
 */
export const TrackRow = memo(function TrackRow({ track, isCurrent, isPlaying, onPlay, renderActions }: TrackRowProps) {
  const reducedMotion = useReducedMotion();
  const intl = useIntl();
  const { locale } = intl;
  const title = trackTitle(track, locale);
  const tags = tagNamesOf(track, locale);
  const shownTags = tags.slice(0, MAX_TAGS);
  const playing = isCurrent && isPlaying;
  const cover = track.album?.image.url;
  // Only logged-in callers get a price from the server (spec §6); with actions, the primary action shows it.
  const price = track.price !== undefined && !renderActions ? formatPrice(Math.round(track.price * 100)) : null;
  const { scale, rhythm } = musicalPartsOf(track, locale);
  // BPM and durations read left to right inside Arabic text too (decision 046).
  const facts: (RowFact | null)[] = [
    scale ? { key: 'scale', text: scale, accent: true } : null,
    rhythm ? { key: 'rhythm', text: rhythm, accent: true } : null,
    price
      ? {
          key: 'price',
          narrowOnly: true,
          text: (
            <span className="font-semibold text-fg">
              <span className="sr-only">
                <FormattedMessage id="track.price" defaultMessage="Price" />{' '}
              </span>
              <bdi dir="ltr">{price}</bdi>
            </span>
          ),
        }
      : null,
    track.bpm ? { key: 'bpm', narrowOnly: true, text: <bdi dir="ltr">{track.bpm} BPM</bdi> } : null,
    { key: 'duration', narrowOnly: true, text: <bdi dir="ltr">{track.duration}</bdi> },
  ];

  return (
    <li
      data-track-id={track.id}
      data-current={isCurrent || undefined}
      data-playing={playing || undefined}
      aria-current={isCurrent ? 'true' : undefined}
      className={cx(
        'group relative grid grid-cols-[auto_minmax(0,1fr)_auto] grid-rows-[auto_auto] items-center gap-x-3 gap-y-0.5 rounded-xl px-2 py-2 transition-colors duration-150 sm:gap-x-4 sm:px-3',
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
        className="relative col-start-1 row-span-2 row-start-1 size-12 shrink-0 overflow-hidden rounded-lg bg-surface-raised ring-1 ring-white/10 sm:size-14"
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

      <div className="col-start-2 row-start-1 min-w-0 self-end">
        <p className="flex min-w-0">
          <Link
            to={paths.track.getHref(track.id)}
            dir="auto"
            data-testid="track-title"
            className={cx(
              // 24 px lines: each link a target of at least 24 × 24 px (WCAG 2.5.8, Lighthouse's target-size).
              'relative z-10 block min-w-0 truncate rounded-sm text-left leading-6 font-semibold underline-offset-4 hover:underline rtl:text-right',
              isCurrent ? 'text-accent' : 'text-fg',
            )}
          >
            {title}
          </Link>
        </p>
        <p className="flex min-w-0 text-sm text-fg-muted">
          <Link
            to={paths.artistDetail.getHref(track.artist.id)}
            dir="auto"
            className="relative z-10 block min-w-0 truncate rounded-sm text-left leading-6 hover:text-fg hover:underline rtl:text-right"
          >
            {artistNameIn(intl.locale, track.artist)}
          </Link>
        </p>
      </div>

      <ul
        aria-label={intl.formatMessage({ id: 'track.tags', defaultMessage: 'Tags' })}
        className="hidden min-w-0 flex-wrap gap-1.5 overflow-hidden lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:flex lg:max-h-14"
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

      <p className="hidden text-sm text-fg-muted tabular-nums md:col-start-3 md:row-span-2 md:row-start-1 md:block lg:col-start-4">
        {track.bpm ? <bdi dir="ltr">{track.bpm} BPM</bdi> : '—'}
      </p>
      <p className="hidden text-sm text-fg-muted tabular-nums md:col-start-4 md:row-span-2 md:row-start-1 md:block lg:col-start-5">
        <bdi dir="ltr">{track.duration}</bdi>
      </p>

      <div
        className="col-start-3 row-start-1 flex items-center justify-end gap-1 sm:gap-2 md:col-start-5 md:row-span-2 lg:col-start-6"
        data-testid="track-actions"
      >
        {price ? (
          <p className="hidden text-sm font-semibold text-fg tabular-nums md:block">
            <span className="sr-only">
              <FormattedMessage id="track.price" defaultMessage="Price" />{' '}
            </span>
            {price}
          </p>
        ) : null}
        {/* Phones: the tuning files are in the actions' More menu. */}
        <div className={renderActions ? 'max-sm:hidden' : undefined}>
          <TuningMenu track={track} />
        </div>
        {renderActions?.(track)}
      </div>

      <RowFacts facts={facts.filter((fact) => fact !== null)} musical={Boolean(scale || rhythm)} />
    </li>
  );
});
