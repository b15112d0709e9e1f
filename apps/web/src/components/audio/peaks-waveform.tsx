import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';
import { formatDuration } from '@/lib/format';
import { usePeaks } from '../api/get-peaks';
import { resamplePeaks } from '../lib/peaks';

type PeaksWaveformProps = {
  /** URL of the peaks JSON. */
  url: string;
  /** 0…1 of the preview played. */
  progress: number;
  /** Seconds, for the slider's value. */
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  /** What the waveform is of, for its accessible name. */
  title: string;
  /** The most bars to draw (fewer on a narrow screen: about one per 5 px). */
  bars?: number;
  className?: string;
};

const BAR_WIDTH = 2;
const BAR_GAP = 1.2;
const SEEK_STEP_S = 1;
const PX_PER_BAR = 5;
const MIN_BARS = 48;

/** How many bars fit the element's width (all `max` until it is measured, or without ResizeObserver). */
function useBarCount(max: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(max);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setCount(Math.min(max, Math.max(MIN_BARS, Math.round(width / PX_PER_BAR))));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [max]);
  return { ref, count };
}

/**
 * The computed waveform, drawn from the peaks the server made (never decoded in the browser) in
 * the player's visual language: thin rounded bars, the played part in the accent colour. A
 * slider over the preview: click to seek, arrows ±1 s, Home/End.
 */
export function PeaksWaveform({
  url,
  progress,
  currentTime,
  duration,
  onSeek,
  title,
  bars: maxBars = 180,
  className,
}: PeaksWaveformProps) {
  const clipId = useId();
  // Right to left on Arabic pages, as the player's waveform (decision 046).
  const intl = useIntl();
  const rtl = intl.locale === 'ar';
  const { ref, count: bars } = useBarCount(maxBars);
  const peaks = usePeaks(url);
  const heights = useMemo(() => (peaks.data ? resamplePeaks(peaks.data, bars) : null), [peaks.data, bars]);

  const count = heights && heights.length > 0 ? heights.length : bars;
  const width = count * (BAR_WIDTH + BAR_GAP);
  const played = Math.min(1, Math.max(0, progress)) * width;

  const seekAt = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (duration <= 0 || rect.width <= 0) return;
    const offset = rtl ? rect.right - event.clientX : event.clientX - rect.left;
    onSeek(Math.min(1, Math.max(0, offset / rect.width)) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: currentTime + (rtl ? SEEK_STEP_S : -SEEK_STEP_S),
      ArrowDown: currentTime - SEEK_STEP_S,
      ArrowRight: currentTime + (rtl ? -SEEK_STEP_S : SEEK_STEP_S),
      ArrowUp: currentTime + SEEK_STEP_S,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.min(duration, Math.max(0, target)));
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
      aria-label={intl.formatMessage({ id: 'ingest.waveformOf', defaultMessage: 'Waveform of {title}' }, { title })}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={intl.formatMessage(
        { id: 'player.position', defaultMessage: '{current} of {total}' },
        { current: formatDuration(currentTime), total: formatDuration(duration || null) },
      )}
      aria-busy={peaks.isPending || undefined}
      data-testid="upload-waveform"
      data-state={heights ? 'ready' : peaks.isError ? 'error' : 'loading'}
      onClick={seekAt}
      onKeyDown={onKeyDown}
      className={cx('relative cursor-pointer rounded-md select-none', className)}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="block size-full rtl:-scale-x-100"
      >
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={played} height="100" />
          </clipPath>
        </defs>
        {heights && heights.length > 0 ? (
          <>
            <g className="fill-white/25">{heights.map(bar)}</g>
            <g className="fill-accent" clipPath={`url(#${clipId})`}>
              {heights.map(bar)}
            </g>
          </>
        ) : (
          <rect
            x="0"
            y="48"
            width={width}
            height="4"
            rx="2"
            className={cx('fill-white/15', peaks.isPending && 'animate-pulse')}
          />
        )}
      </svg>
    </div>
  );
}
