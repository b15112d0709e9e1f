import { useId, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';
import { formatDuration } from '@/lib/format';

const BAR_WIDTH = 2;
const BAR_GAP = 1.2;

type WaveformSliderProps = {
  /** Bar heights within 0…1; `null` or none: a flat line in their place (still loading, or failed). */
  heights: readonly number[] | null;
  /** How many bars the flat line stands for. */
  bars: number;
  /** The flat line pulses (the peaks are on their way). */
  pending: boolean;
  /** 0…1 of the audio played. */
  progress: number;
  /** Seconds, for the slider's value. */
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  /** Seconds an arrow key moves. */
  seekStep: number;
  /** The slider's accessible name. */
  label: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  'data-testid': string;
  'data-state'?: string;
  'aria-busy'?: true | undefined;
};

/**
 * A waveform drawn from precomputed peaks (never decoded in the browser) in the player's visual
 * language: thin rounded bars, the played part in the accent colour. A slider: click to seek, arrows
 * ±`seekStep` s, Home/End. Right to left on Arabic pages (decision 046): time runs from the right
 * edge, and the left arrow goes forward, as a range input does there.
 */
export function WaveformSlider({
  heights,
  bars,
  pending,
  progress,
  currentTime,
  duration,
  onSeek,
  seekStep,
  label,
  className,
  ref,
  ...data
}: WaveformSliderProps) {
  const clipId = useId();
  const intl = useIntl();
  const rtl = intl.locale === 'ar';
  const drawn = heights && heights.length > 0 ? heights : null;

  const count = drawn ? drawn.length : bars;
  const width = count * (BAR_WIDTH + BAR_GAP);
  const played = Math.min(1, Math.max(0, progress)) * width;

  // Within the audio (from 0 up while its length is unknown).
  const seekTo = (seconds: number) => onSeek(Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds));

  const seekAt = (event: MouseEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const offset = rtl ? rect.right - event.clientX : event.clientX - rect.left;
    seekTo(Math.min(1, Math.max(0, offset / rect.width)) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const back = currentTime - seekStep;
    const forward = currentTime + seekStep;
    const moves: Record<string, number> = {
      ArrowLeft: rtl ? forward : back,
      ArrowDown: back,
      ArrowRight: rtl ? back : forward,
      ArrowUp: forward,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seekTo(target);
  };

  const bar = (height: number, i: number) => {
    const h = Math.max(3, height * 96);
    return <rect key={i} x={i * (BAR_WIDTH + BAR_GAP)} y={50 - h / 2} width={BAR_WIDTH} height={h} rx={1} />;
  };

  return (
    <div
      ref={ref}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={intl.formatMessage(
        { id: 'player.position', defaultMessage: '{current} of {total}' },
        { current: formatDuration(currentTime), total: formatDuration(duration || null) },
      )}
      {...data}
      onClick={seekAt}
      onKeyDown={onKeyDown}
      className={cx('relative cursor-pointer rounded-md select-none', className)}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        // Mirrored on Arabic pages: the track starts at the right.
        className="block size-full rtl:-scale-x-100"
      >
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={played} height="100" />
          </clipPath>
        </defs>
        {drawn ? (
          <>
            <g className="fill-white/25">{drawn.map(bar)}</g>
            <g className="fill-accent" clipPath={`url(#${clipId})`}>
              {drawn.map(bar)}
            </g>
          </>
        ) : (
          <rect
            x="0"
            y="48"
            width={width}
            height="4"
            rx="2"
            className={cx('fill-white/15', pending && 'animate-pulse')}
          />
        )}
      </svg>
    </div>
  );
}
