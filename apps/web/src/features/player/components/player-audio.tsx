import { useEffect, useRef } from 'react';
import { usePlayerStore } from '../stores/player-store';

/** Logs a failed play(); a play cut short by the next track is not a failure (spec §4: only logged). */
function onPlayError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error('Audio play failed', error);
  // Blocked by the browser (no user gesture): show the truth, a paused player.
  if (error instanceof DOMException && error.name === 'NotAllowedError') usePlayerStore.getState().stop();
}

/**
 * The app's one `<audio>` element, driven by the player store: it plays the current track's
 * preview (`cr_public_id`, an MP3 streamed with Range requests) and reports time back.
 */
export function PlayerAudio() {
  const ref = useRef<HTMLAudioElement>(null);
  const src = usePlayerStore((state) => state.currentTrack?.cr_public_id ?? null);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const volume = usePlayerStore((state) => state.volume);
  const seekRequest = usePlayerStore((state) => state.seekRequest);

  // A new track: load its preview. No track (closed): stop, back to the start, let go of the file.
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    if (!src) {
      if (!audio.paused) audio.pause();
      if (audio.hasAttribute('src')) {
        audio.removeAttribute('src');
        audio.load();
      }
      return;
    }
    if (audio.getAttribute('src') !== src) audio.src = src;
  }, [src]);

  useEffect(() => {
    const audio = ref.current;
    if (!audio || !src) return;
    if (isPlaying) {
      try {
        void audio.play()?.catch(onPlayError);
      } catch (error) {
        onPlayError(error);
      }
    } else if (!audio.paused) {
      audio.pause();
    }
  }, [isPlaying, src]);

  useEffect(() => {
    if (ref.current) ref.current.volume = volume;
  }, [volume]);

  useEffect(() => {
    const audio = ref.current;
    if (!audio || !seekRequest) return;
    audio.currentTime = seekRequest.time;
  }, [seekRequest]);

  const report = () => {
    const audio = ref.current;
    if (audio && audio.hasAttribute('src')) usePlayerStore.getState().setTime(audio.currentTime, audio.duration);
  };

  return (
    <audio
      ref={ref}
      preload="metadata"
      data-testid="player-audio"
      className="hidden"
      onTimeUpdate={report}
      onDurationChange={report}
      onLoadedMetadata={report}
      onEnded={() => usePlayerStore.getState().ended()}
      onPause={(event) => {
        // Paused by the browser or the system (not by us, not at the end): follow it.
        const audio = event.currentTarget;
        const state = usePlayerStore.getState();
        if (state.isPlaying && !audio.ended && audio.getAttribute('src') === state.currentTrack?.cr_public_id) {
          state.stop();
        }
      }}
      onPlay={(event) => {
        const state = usePlayerStore.getState();
        if (!state.isPlaying && event.currentTarget.getAttribute('src') === state.currentTrack?.cr_public_id)
          state.play();
      }}
      onError={(event) => {
        const audio = event.currentTarget;
        if (!audio.hasAttribute('src')) return;
        console.error('Audio failed to load', audio.getAttribute('src'), audio.error);
        usePlayerStore.getState().stop();
      }}
    />
  );
}
