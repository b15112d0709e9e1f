import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { usePeaks } from '@/hooks/use-peaks';
import { resamplePeaks } from '@/lib/peaks';
import { WaveformSlider } from './waveform-slider';

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
 * The computed waveform of a processed upload (the upload preview, the operator's review queue),
 * drawn from the peaks the server made: a slider over the preview, arrows ±1 s.
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
  const intl = useIntl();
  const { ref, count: bars } = useBarCount(maxBars);
  const peaks = usePeaks(url);
  const heights = useMemo(() => (peaks.data ? resamplePeaks(peaks.data, bars) : null), [peaks.data, bars]);

  return (
    <WaveformSlider
      ref={ref}
      heights={heights}
      bars={bars}
      pending={peaks.isPending}
      progress={progress}
      currentTime={currentTime}
      duration={duration}
      onSeek={onSeek}
      seekStep={SEEK_STEP_S}
      label={intl.formatMessage({ id: 'ingest.waveformOf', defaultMessage: 'Waveform of {title}' }, { title })}
      aria-busy={peaks.isPending || undefined}
      data-testid="upload-waveform"
      data-state={heights ? 'ready' : peaks.isError ? 'error' : 'loading'}
      className={className}
    />
  );
}
