import { create } from 'zustand';
import type { TrackDto } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';

/** The one audio player of the app (spec §3 "Player state", §4 "Player"). */
export type PlayerState = {
  currentTrack: TrackDto | null;
  isPlaying: boolean;
  /** The list the current track was started from; next/previous move within it. */
  queue: readonly TrackDto[];
  /** 0…1 */
  progress: number;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 when unknown. */
  duration: number;
  /** 0…1 (default 1). */
  volume: number;
  /** Small screens: the full-screen player is open. */
  isExpanded: boolean;
  /** Counts the tracks picked from a list (small screens open the player on each). */
  selection: number;
  /** The last pick the dock has seen (it may mount after a pick: the player still opens for it). */
  seenSelection: number;
  /** A seek the audio element has still to apply (`id` makes two seeks to the same time distinct). */
  seekRequest: { time: number; id: number } | null;
};

type PlayerActions = {
  /** Makes `track` current and playing; `queue` (default: just the track) becomes the list. */
  setTrack: (track: TrackDto, queue?: readonly TrackDto[]) => void;
  /** A row's play button: toggles the current track, starts any other one. */
  playTrack: (track: TrackDto, queue: readonly TrackDto[]) => void;
  toggle: () => void;
  play: () => void;
  /** Pauses (spec: stop pauses). */
  stop: () => void;
  next: () => void;
  previous: () => void;
  /** The audio ended: the next track of the list, or stop at its end. */
  ended: () => void;
  /** Closing the (mobile) player: pause, back to the start, no current track. */
  close: () => void;
  seek: (seconds: number) => void;
  /** Seek by a number of seconds (keyboard ±5 s). */
  seekBy: (seconds: number) => void;
  setVolume: (volume: number) => void;
  /** The audio element reports where it is. */
  setTime: (currentTime: number, duration?: number) => void;
  setExpanded: (expanded: boolean) => void;
  /** The dock saw the latest pick; `expand`: open the full-screen player for it. */
  seeSelection: (expand: boolean) => void;
};

export type PlayerStore = PlayerState & PlayerActions;

export const initialPlayerState: PlayerState = {
  currentTrack: null,
  isPlaying: false,
  queue: [],
  progress: 0,
  currentTime: 0,
  duration: 0,
  volume: Limits.defaultVolume,
  isExpanded: false,
  selection: 0,
  seenSelection: 0,
  seekRequest: null,
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const finite = (value: number | undefined) => (value !== undefined && Number.isFinite(value) && value > 0 ? value : 0);

/** Fresh position state for a newly current track. */
const startOf = (track: TrackDto) => ({
  currentTrack: track,
  isPlaying: true,
  progress: 0,
  currentTime: 0,
  duration: finite(track.duration_seconds),
  seekRequest: null,
});

export const usePlayerStore = create<PlayerStore>()((set, get) => {
  /** Moves `step` places in the queue from the current track; nothing at either end. */
  const move = (step: 1 | -1): boolean => {
    const { currentTrack, queue } = get();
    if (!currentTrack) return false;
    const index = queue.findIndex((track) => track.id === currentTrack.id);
    const target = index === -1 ? undefined : queue[index + step];
    if (!target) return false;
    set(startOf(target));
    return true;
  };

  return {
    ...initialPlayerState,

    setTrack: (track, queue) =>
      set((state) => ({ ...startOf(track), queue: queue ? [...queue] : [track], selection: state.selection + 1 })),

    playTrack: (track, queue) => {
      if (get().currentTrack?.id === track.id) get().toggle();
      else get().setTrack(track, queue);
    },

    toggle: () => set((state) => (state.currentTrack ? { isPlaying: !state.isPlaying } : {})),
    play: () => set((state) => (state.currentTrack ? { isPlaying: true } : {})),
    stop: () => set({ isPlaying: false }),

    next: () => {
      move(1);
    },
    previous: () => {
      move(-1);
    },
    ended: () => {
      if (!move(1)) set({ isPlaying: false });
    },

    close: () =>
      set({
        isPlaying: false,
        currentTrack: null,
        progress: 0,
        currentTime: 0,
        duration: 0,
        isExpanded: false,
        seekRequest: null,
      }),

    seek: (seconds) =>
      set((state) => {
        if (!state.currentTrack) return {};
        const time = state.duration > 0 ? clamp(seconds, 0, state.duration) : Math.max(0, seconds);
        return {
          currentTime: time,
          progress: state.duration > 0 ? time / state.duration : 0,
          seekRequest: { time, id: (state.seekRequest?.id ?? 0) + 1 },
        };
      }),
    seekBy: (seconds) => get().seek(get().currentTime + seconds),

    setVolume: (volume) => set({ volume: Number.isFinite(volume) ? clamp(volume, 0, 1) : Limits.defaultVolume }),

    setTime: (currentTime, duration) =>
      set((state) => {
        const total = finite(duration) || state.duration;
        const time = Math.max(0, Number.isFinite(currentTime) ? currentTime : 0);
        return { currentTime: time, duration: total, progress: total > 0 ? clamp(time / total, 0, 1) : 0 };
      }),

    setExpanded: (expanded) => set((state) => ({ isExpanded: expanded && state.currentTrack !== null })),
    seeSelection: (expand) =>
      set((state) => ({
        seenSelection: state.selection,
        ...(expand && state.currentTrack !== null ? { isExpanded: true } : {}),
      })),
  };
});
