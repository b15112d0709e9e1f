import type { TrackDto } from '@tarab/contracts';
import { usePlayerStore } from '../stores/player-store';
import { Waveform } from './waveform';

/** The waveform bound to the player's position. */
export function PlayerWaveform({ track, bars, className }: { track: TrackDto; bars?: number; className?: string }) {
  const progress = usePlayerStore((state) => state.progress);
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const seek = usePlayerStore((state) => state.seek);
  return (
    <Waveform
      track={track}
      progress={progress}
      currentTime={currentTime}
      duration={duration}
      onSeek={seek}
      {...(bars ? { bars } : {})}
      {...(className ? { className } : {})}
    />
  );
}
