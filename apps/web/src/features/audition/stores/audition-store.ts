import { create } from 'zustand';
import type { TrackDto } from '@tarab/contracts';
import { AuditionEngine, type AuditionSource } from '../lib/audition-engine';
import { clampBpm, DEFAULT_PROJECT_BPM, MAX_LAYERS, semitonesToTonic } from '../lib/timing';

export type LayerStatus = 'loading' | 'ready' | 'error';

export interface AuditionLayer {
  id: number;
  title: string;
  bpm: number;
  tonic: string | null;
  volume: number;
  muted: boolean;
  status: LayerStatus;
}

export type AuditionState = {
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

export type AuditionActions = {
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

const gainOf = (layer: AuditionLayer) => (layer.muted ? 0 : layer.volume);

function describeProject(bpm: number, tonic: string | null, count: number): string {
  const loops = `${count} ${count === 1 ? 'loop' : 'loops'}`;
  return `${loops} at ${bpm} BPM${tonic ? ` in ${tonic}` : ', each in its own key'}`;
}

export const useAuditionStore = create<AuditionStore>()((set, get) => {
  const patchLayer = (id: number, patch: Partial<AuditionLayer>) =>
    set((state) => ({ layers: state.layers.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));

  /** Fits every layer to the project; a playing mix goes on at the new tempo/key from one time. */
  const refit = async () => {
    const { bpm, tonic, layers } = get();
    set({ preparing: layers.length > 0, message: layers.length ? `Fitting loops to ${bpm} BPM…` : '' });
    try {
      await auditionEngine().setProject({ bpm, tonic });
    } catch {
      set({ message: 'A loop could not be fitted to the project.' });
    }
    const now = get();
    if (now.bpm !== bpm || now.tonic !== tonic) return;
    set({
      preparing: false,
      message: now.layers.length
        ? `${now.playing ? 'Playing' : 'Ready'}: ${describeProject(bpm, tonic, now.layers.length)}.`
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
        set({ message: `A project holds up to ${MAX_LAYERS} loops: remove one to add ${track.title}.` });
        return;
      }
      const layer: AuditionLayer = {
        id: track.id,
        title: track.title,
        bpm: track.bpm!,
        tonic: track.key,
        volume: 0.8,
        muted: false,
        status: 'loading',
      };
      set((state) => ({ layers: [...state.layers, layer], message: `Preparing ${track.title}…` }));
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
          message: `${track.title} could not be loaded.`,
        }));
        return;
      }
      if (!get().layers.some((l) => l.id === track.id)) return;
      patchLayer(track.id, { status: 'ready' });
      if (!get().playing) await get().play();
      else {
        const { bpm, tonic, layers } = get();
        set({ message: `Added ${track.title}: ${describeProject(bpm, tonic, layers.length)}.` });
      }
    },

    remove: (id) => {
      const layer = get().layers.find((l) => l.id === id);
      auditionEngine().remove(id);
      const layers = get().layers.filter((l) => l.id !== id);
      set({
        layers,
        playing: get().playing && layers.length > 0,
        message: layer ? `Removed ${layer.title} from the project.` : '',
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
      set({ message: `${layer.title} ${layer.muted ? 'unmuted' : 'muted'}.` });
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
      set({ playing: true, message: `Playing ${describeProject(bpm, tonic, layers.length)}.` });
      await auditionEngine().play();
    },

    stop: () => {
      if (!get().playing) return;
      auditionEngine().stop();
      set({ playing: false, message: 'Project stopped.' });
    },

    togglePlay: async () => {
      if (get().playing) get().stop();
      else await get().play();
    },
  };
});

/** The transposition a layer gets in the current project, in semitones (for its label). */
export const layerShift = (layer: AuditionLayer, tonic: string | null) => semitonesToTonic(layer.tonic, tonic);
