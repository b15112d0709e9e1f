import type { ReactNode } from 'react';
import type { Api, RouteResult, TrackDto } from '@tarab/contracts';

/**
 * One page of tracks as the server sends it (GET /api/music, /api/loop, POST /api/music/filter);
 * `suggestion`: a keyword search found nothing, but this close search finds something.
 */
export type TrackPage = RouteResult<typeof Api.catalog.search>;

/**
 * What a track list needs to know about playback. The catalog feature does not know the
 * player: `src/app` binds this to the player store and passes it in.
 */
export type TrackPlayback = {
  currentTrackId: number | null;
  isPlaying: boolean;
  /** Play on the current track toggles pause/resume; on another track starts it, with `queue` as the list. */
  play: (track: TrackDto, queue: readonly TrackDto[]) => void;
};

/** The actions slot of a track row (favourite, playlist, buy/download), composed by `src/app`. */
export type RenderTrackActions = (track: TrackDto) => ReactNode;

/** What `src/app` hands to every track list. */
export type TrackListBindings = {
  playback?: TrackPlayback;
  renderActions?: RenderTrackActions;
};
