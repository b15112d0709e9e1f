import { useEffect } from 'react';
import { usePlayerStore } from '../stores/player-store';

type Handler = [MediaSessionAction, MediaSessionActionHandler];

/** The Media Session API: lock screen / media keys show the track and drive the player. */
export function useMediaSession(): void {
  const track = usePlayerStore((state) => state.currentTrack);
  const isPlaying = usePlayerStore((state) => state.isPlaying);

  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    const session = navigator.mediaSession;
    if (!track) {
      session.metadata = null;
      return;
    }
    const artwork = track.album?.image.url
      ? [{ src: new URL(track.album.image.url, window.location.href).href, sizes: '512x512', type: 'image/svg+xml' }]
      : [];
    session.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist.name,
      album: track.album?.title ?? '',
      artwork,
    });
  }, [track]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = track ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [track, isPlaying]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const store = () => usePlayerStore.getState();
    const handlers: Handler[] = [
      ['play', () => store().play()],
      ['pause', () => store().stop()],
      ['stop', () => store().stop()],
      ['nexttrack', () => store().next()],
      ['previoustrack', () => store().previous()],
      ['seekforward', (details) => store().seekBy(details.seekOffset ?? 5)],
      ['seekbackward', (details) => store().seekBy(-(details.seekOffset ?? 5))],
      ['seekto', (details) => details.seekTime !== undefined && store().seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // The browser does not support this action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, []);
}
