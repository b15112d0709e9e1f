import type { ArtistTrackDto } from '@tarab/contracts';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '@/lib/format';
import { PeaksWaveform } from './peaks-waveform';

/**
 * A track's preview MP3 played on its own (the upload preview, the operator's review queue), outside
 * the app's player: play/pause, seek, the time; the audio stops when the component goes.
 */
export function usePreviewAudio(initialDuration: number, onPlay?: () => void) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(initialDuration);

  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      onPlay?.();
      Promise.resolve(element.play()).catch(() => setPlaying(false));
    } else {
      element.pause();
    }
  };

  const seek = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = seconds;
    setTime(seconds);
  };

  return { audio, playing, setPlaying, time, setTime, duration, setDuration, toggle, seek };
}

export type PreviewAudio = ReturnType<typeof usePreviewAudio>;

/** The preview's computed waveform (seekable), its elapsed and total time, and the audio element. */
export function PreviewTimeline({
  preview,
  track,
  preload,
  waveformClassName,
}: {
  preview: PreviewAudio;
  track: ArtistTrackDto;
  preload: 'none' | 'metadata';
  waveformClassName: string;
}) {
  const { audio, time, duration, setPlaying, setTime, setDuration, seek } = preview;
  return (
    <>
      <div className="min-w-0 flex-1">
        <PeaksWaveform
          url={track.waveform_data}
          title={track.title}
          progress={duration > 0 ? time / duration : 0}
          currentTime={time}
          duration={duration}
          onSeek={seek}
          className={waveformClassName}
        />
        <p className="mt-1 flex justify-between text-xs text-fg-subtle tabular-nums">
          <span>{formatDuration(time)}</span>
          <span>{formatDuration(duration)}</span>
        </p>
      </div>
      <audio
        ref={audio}
        src={track.cr_public_id}
        preload={preload}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setTime(0);
        }}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds) && seconds > 0) setDuration(seconds);
        }}
      />
    </>
  );
}
