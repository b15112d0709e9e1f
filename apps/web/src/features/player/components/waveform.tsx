import { useEffect, useId, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import { cx } from '@/lib/class-names';
import { formatDuration } from '@/lib/format';
import { usePeaks } from '../api/get-peaks';
import { randomPeaks, resamplePeaks } from '../lib/peaks';

type WaveformProps = {
  track: TrackDto;
  progress: number;
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  /** How many bars to draw (the 500 peaks are reduced to this). */
  bars?: number;
  className?: string;
};

const SEEK_STEP_S = 5;
const BAR_WIDTH = 2;
const BAR_GAP = 1.2;

/**
 * The track's waveform from its precomputed peaks (never decoded in the browser), the played
 * part coloured. A slider: click to seek, arrows ±5 s, Home/End. A load failure is only logged,
 * and a track without peaks shows 100 random bars. Right to left on Arabic pages (decision 046):
 * time runs from the right edge, and the left arrow goes forward, as a range input does there.
 */
export function Waveform({ track, progress, currentTime, duration, onSeek, bars = 160, className }: WaveformProps) {
  const clipId = useId();
  const intl = useIntl();
  const rtl = intl.locale === 'ar';
  const peaks = usePeaks(track.waveform_data || null);

  useEffect(() => {
    if (peaks.error) console.error('Waveform load failed', track.waveform_data, peaks.error);
  }, [peaks.error, track.waveform_data]);

  const heights = useMemo(() => {
    if (peaks.isPending && track.waveform_data) return null;
    const data = peaks.data && peaks.data.length > 0 ? peaks.data : randomPeaks(track.id);
    return resamplePeaks(data, bars);
  }, [peaks.isPending, peaks.data, track.id, track.waveform_data, bars]);

  const count = heights?.length ?? bars;
  const width = count * (BAR_WIDTH + BAR_GAP);
  const played = Math.min(1, Math.max(0, progress)) * width;

  const seekAt = (event: MouseEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const offset = rtl ? rect.right - event.clientX : event.clientX - rect.left;
    const fraction = Math.min(1, Math.max(0, offset / rect.width));
    onSeek(fraction * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const back = currentTime - SEEK_STEP_S;
    const forward = currentTime + SEEK_STEP_S;
    const moves: Record<string, number> = {
      ArrowLeft: rtl ? forward : back,
      ArrowDown: back,
      ArrowRight: rtl ? back : forward,
      ArrowUp: currentTime + SEEK_STEP_S,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(target);
  };

  const bar = (height: number, i: number) => {
    const h = Math.max(3, height * 96);
    return <rect key={i} x={i * (BAR_WIDTH + BAR_GAP)} y={50 - h / 2} width={BAR_WIDTH} height={h} rx={1} />;
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={intl.formatMessage({ id: 'player.seek', defaultMessage: 'Seek' })}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={intl.formatMessage(
        { id: 'player.position', defaultMessage: '{current} of {total}' },
        { current: formatDuration(currentTime), total: formatDuration(duration || null) },
      )}
      data-testid="waveform"
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
        {heights ? (
          <>
            <g className="fill-white/25">{heights.map(bar)}</g>
            <g className="fill-accent" clipPath={`url(#${clipId})`}>
              {heights.map(bar)}
            </g>
          </>
        ) : (
          <rect x="0" y="48" width={width} height="4" rx="2" className="animate-pulse fill-white/15" />
        )}
      </svg>
    </div>
  );
}
