import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import { WaveformSlider } from '@/components/audio/waveform-slider';
import { usePeaks } from '@/hooks/use-peaks';
import { randomPeaks, resamplePeaks } from '@/lib/peaks';

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

/**
 * The track's waveform from its precomputed peaks, the played part coloured: a slider, arrows ±5 s.
 * A load failure is only logged, and a track without peaks shows 100 random bars.
 */
export function Waveform({ track, progress, currentTime, duration, onSeek, bars = 160, className }: WaveformProps) {
  const intl = useIntl();
  const peaks = usePeaks(track.waveform_data || null);

  useEffect(() => {
    if (peaks.error) console.error('Waveform load failed', track.waveform_data, peaks.error);
  }, [peaks.error, track.waveform_data]);

  const heights = useMemo(() => {
    if (peaks.isPending && track.waveform_data) return null;
    const data = peaks.data && peaks.data.length > 0 ? peaks.data : randomPeaks(track.id);
    return resamplePeaks(data, bars);
  }, [peaks.isPending, peaks.data, track.id, track.waveform_data, bars]);

  return (
    <WaveformSlider
      heights={heights}
      bars={bars}
      pending
      progress={progress}
      currentTime={currentTime}
      duration={duration}
      onSeek={onSeek}
      seekStep={SEEK_STEP_S}
      label={intl.formatMessage({ id: 'player.seek', defaultMessage: 'Seek' })}
      data-testid="waveform"
      className={className}
    />
  );
}
