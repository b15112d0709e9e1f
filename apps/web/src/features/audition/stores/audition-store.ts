import { defineMessages, type MessageDescriptor } from 'react-intl';
import { create } from 'zustand';
import type { TrackDto } from '@tarab/contracts';
import { activeIntl } from '@/lib/i18n/active-locale';
import { ltr } from '@/lib/i18n/bidi';
import { noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { AuditionEngine, type AuditionSource } from '../lib/audition-engine';
import { clampBpm, DEFAULT_PROJECT_BPM, MAX_LAYERS, semitonesToTonic } from '../lib/timing';

type LayerStatus = 'loading' | 'ready' | 'error';

export interface AuditionLayer {
  id: number;
  title: string;
  bpm: number;
  tonic: string | null;
  volume: number;
  muted: boolean;
  status: LayerStatus;
}

type AuditionState = {
  /** Project tempo, BPM (40–240). */
  bpm: number;
  /** Project tonic; null: every loop keeps its own key. */
  tonic: string | null;
  /** Up to MAX_LAYERS stacked loops, in the order they were added. */
  layers: AuditionLayer[];
  playing: boolean;
  /** Layers are being fitted to a new tempo or tonic. */
  preparing: boolean;
  /** The last thing that happened, for the live region. */
  message: string;
};

type AuditionActions = {
  /** Adds a loop to the project and plays the project (the row's Audition button). */
  add: (track: TrackDto) => Promise<void>;
  remove: (id: number) => void;
  /** The row's button: adds the loop, or takes it out if it is in. */
  toggleLoop: (track: TrackDto) => Promise<void>;
  setVolume: (id: number, volume: number) => void;
  toggleMute: (id: number) => void;
  setBpm: (bpm: number) => Promise<void>;
  setTonic: (tonic: string | null) => Promise<void>;
  play: () => Promise<void>;
  stop: () => void;
  togglePlay: () => Promise<void>;
};

export type AuditionStore = AuditionState & AuditionActions;

/** Whether a catalog item can be auditioned: a loop with a gapless audition file and a tempo. */
export const canAudition = (track: TrackDto): boolean =>
  track.kind === 'loop' && Boolean(track.audition_url) && (track.bpm ?? 0) > 0 && track.duration_seconds > 0;

const sourceOf = (track: TrackDto): AuditionSource => ({
  id: track.id,
  title: track.title,
  url: track.audition_url!,
  bpm: track.bpm!,
  durationS: track.duration_seconds,
  tonic: track.key,
});

let engine: AuditionEngine | null = null;
/** The page's one audition engine (made on first use; its AudioContext waits for a gesture). */
export function auditionEngine(): AuditionEngine {
  engine ??= new AuditionEngine({ bpm: DEFAULT_PROJECT_BPM, tonic: null });
  return engine;
}

/** A loop's title as the page writes it (its Arabic title on Arabic pages, when it has one). */
const titleOf = (track: TrackDto) => trackTitle(track, activeIntl().locale);

const gainOf = (layer: AuditionLayer) => (layer.muted ? 0 : layer.volume);

/** What the live region says (in the page's language: decision 045). */
const m = defineMessages({
  project: {
    id: 'audition.status.project',
    defaultMessage:
      '{count, plural, one {# loop} other {# loops}} at {bpm} BPM{tonic, select, none {, each in its own key} other { in {tonic}}}',
  },
  fitting: { id: 'audition.status.fitting', defaultMessage: 'Fitting loops to {bpm} BPM…' },
  fitFailed: { id: 'audition.status.fitFailed', defaultMessage: 'A loop could not be fitted to the project.' },
  ready: { id: 'audition.status.ready', defaultMessage: 'Ready: {project}.' },
  playingProject: { id: 'audition.status.playingProject', defaultMessage: 'Playing: {project}.' },
  full: {
    id: 'audition.status.full',
    defaultMessage: 'A project holds up to {max} loops: remove one to add {title}.',
  },
  preparing: { id: 'audition.status.preparing', defaultMessage: 'Preparing {title}…' },
  loadFailed: { id: 'audition.status.loadFailed', defaultMessage: '{title} could not be loaded.' },
  added: { id: 'audition.status.added', defaultMessage: 'Added {title}: {project}.' },
  removed: { id: 'audition.status.removed', defaultMessage: 'Removed {title} from the project.' },
  muted: { id: 'audition.status.muted', defaultMessage: '{title} muted.' },
  unmuted: { id: 'audition.status.unmuted', defaultMessage: '{title} unmuted.' },
  playing: { id: 'audition.status.playing', defaultMessage: 'Playing {project}.' },
  stopped: { id: 'audition.status.stopped', defaultMessage: 'Project stopped.' },
});

const say = (message: MessageDescriptor, values?: Record<string, string | number>): string =>
  activeIntl().formatMessage(message, values);

function describeProject(bpm: number, tonic: string | null, count: number): string {
  const locale = activeIntl().locale;
  return say(m.project, { count, bpm: ltr(locale, String(bpm)), tonic: tonic ? noteName(tonic, locale) : 'none' });
}

export const useAuditionStore = create<AuditionStore>()((set, get) => {
  const patchLayer = (id: number, patch: Partial<AuditionLayer>) =>
    set((state) => ({ layers: state.layers.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));

  /** Fits every layer to the project; a playing mix goes on at the new tempo/key from one time. */
  const refit = async () => {
    const { bpm, tonic, layers } = get();
    set({ preparing: layers.length > 0, message: layers.length ? say(m.fitting, { bpm }) : '' });
    try {
      await auditionEngine().setProject({ bpm, tonic });
    } catch {
      set({ message: say(m.fitFailed) });
    }
    const now = get();
    if (now.bpm !== bpm || now.tonic !== tonic) return;
    set({
      preparing: false,
      message: now.layers.length
        ? say(now.playing ? m.playingProject : m.ready, { project: describeProject(bpm, tonic, now.layers.length) })
        : '',
    });
  };

  return {
    bpm: DEFAULT_PROJECT_BPM,
    tonic: null,
    layers: [],
    playing: false,
    preparing: false,
    message: '',

    add: async (track) => {
      if (!canAudition(track) || get().layers.some((l) => l.id === track.id)) return;
      if (get().layers.length >= MAX_LAYERS) {
        set({ message: say(m.full, { max: MAX_LAYERS, title: titleOf(track) }) });
        return;
      }
      const layer: AuditionLayer = {
        id: track.id,
        title: titleOf(track),
        bpm: track.bpm!,
        tonic: track.key,
        volume: 0.8,
        muted: false,
        status: 'loading',
      };
      set((state) => ({ layers: [...state.layers, layer], message: say(m.preparing, { title: titleOf(track) }) }));
      const e = auditionEngine();
      try {
        // The click is the gesture that lets the context start: make it now, before any await
        // (a browser without Web Audio throws here: the loop is not added).
        e.context();
        await e.add(sourceOf(track), gainOf(layer));
      } catch {
        if (!get().layers.some((l) => l.id === track.id)) return;
        e.remove(track.id);
        set((state) => ({
          layers: state.layers.filter((l) => l.id !== track.id),
          message: say(m.loadFailed, { title: titleOf(track) }),
        }));
        return;
      }
      if (!get().layers.some((l) => l.id === track.id)) return;
      patchLayer(track.id, { status: 'ready' });
      if (!get().playing) await get().play();
      else {
        const { bpm, tonic, layers } = get();
        set({ message: say(m.added, { title: titleOf(track), project: describeProject(bpm, tonic, layers.length) }) });
      }
    },

    remove: (id) => {
      const layer = get().layers.find((l) => l.id === id);
      auditionEngine().remove(id);
      const layers = get().layers.filter((l) => l.id !== id);
      set({
        layers,
        playing: get().playing && layers.length > 0,
        message: layer ? say(m.removed, { title: layer.title }) : '',
      });
    },

    toggleLoop: async (track) => {
      if (get().layers.some((l) => l.id === track.id)) get().remove(track.id);
      else await get().add(track);
    },

    setVolume: (id, volume) => {
      const v = Math.min(1, Math.max(0, volume));
      patchLayer(id, { volume: v });
      const layer = get().layers.find((l) => l.id === id);
      if (layer) auditionEngine().setLevel(id, gainOf(layer));
    },

    toggleMute: (id) => {
      const layer = get().layers.find((l) => l.id === id);
      if (!layer) return;
      patchLayer(id, { muted: !layer.muted });
      auditionEngine().setLevel(id, layer.muted ? layer.volume : 0);
      set({ message: say(layer.muted ? m.unmuted : m.muted, { title: layer.title }) });
    },

    setBpm: async (bpm) => {
      const next = clampBpm(bpm);
      if (next === get().bpm) return;
      set({ bpm: next });
      await refit();
    },

    setTonic: async (tonic) => {
      if (tonic === get().tonic) return;
      set({ tonic });
      await refit();
    },

    play: async () => {
      const { layers, bpm, tonic } = get();
      if (layers.length === 0) return;
      set({ playing: true, message: say(m.playing, { project: describeProject(bpm, tonic, layers.length) }) });
      await auditionEngine().play();
    },

    stop: () => {
      if (!get().playing) return;
      auditionEngine().stop();
      set({ playing: false, message: say(m.stopped) });
    },

    togglePlay: async () => {
      if (get().playing) get().stop();
      else await get().play();
    },
  };
});

/** The transposition a layer gets in the current project, in semitones (for its label). */
export const layerShift = (layer: AuditionLayer, tonic: string | null) => semitonesToTonic(layer.tonic, tonic);
