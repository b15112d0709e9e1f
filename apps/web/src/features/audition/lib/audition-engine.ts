import { stretchLoop, type StretchOptions } from './stretch';
import type { StretchReply, StretchRequest } from './stretch.worker';
import { cycleOffset, loopBeats, semitonesToTonic, stretchTempo, targetFrames } from './timing';

/** What the engine needs to know of a loop (from its catalog DTO). */
export interface AuditionSource {
  id: number;
  title: string;
  /** The gapless audition WAV (decision 043). */
  url: string;
  bpm: number;
  durationS: number;
  tonic: string | null;
}

/** The project every layer is fitted to. `tonic` null: each loop keeps its own key. */
export interface ProjectSettings {
  bpm: number;
  tonic: string | null;
}

/** How one layer was made and scheduled, on the context clock (the debug hook reports it). */
export interface LayerReport {
  id: number;
  /** The loop's own tempo. */
  sourceBpm: number;
  frames: number;
  beats: number;
  tempo: number;
  semitones: number;
  /** Context time the layer's first cycle starts (null: not playing). */
  startAt: number | null;
  gain: number;
}

interface Layer {
  source: AuditionSource;
  buffer: AudioBuffer | null;
  beats: number;
  tempo: number;
  semitones: number;
  gain: GainNode;
  level: number;
  node: AudioBufferSourceNode | null;
  startAt: number | null;
}

/** Seconds between asking to play and the common start: room to schedule every layer on one time. */
const LOOKAHEAD_S = 0.03;
/** Time constant of volume and mute changes (no clicks). */
const GAIN_SMOOTHING_S = 0.008;
/** Stretched buffers kept: (loop, tempo, key) combinations. */
const RENDER_CACHE = 24;

/**
 * Loop audition (issue 18, decision 043): each loop's gapless WAV decoded once, stretched and
 * transposed once per (loop, project tempo, project tonic) into an AudioBuffer of exactly its beats
 * at the project tempo, and played as AudioBufferSourceNodes with `loop = true`, every layer started
 * on one context time: gapless and drift-free by construction.
 */
export class AuditionEngine {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private readonly decoded = new Map<string, Promise<AudioBuffer>>();
  private readonly rendered = new Map<string, Promise<AudioBuffer>>();
  private readonly layers = new Map<number, Layer>();
  private project: ProjectSettings;
  /** Context time all playing layers count their cycles from; null when stopped. */
  private origin: number | null = null;
  private worker: Worker | null = null;
  private workerFailed = false;
  private readonly pending = new Map<number, (reply: StretchReply) => void>();
  private nextRequest = 1;
  /** performance.now() of the last play request and when its sound reaches the output. */
  lastStart: { requestedAt: number; soundAt: number } | null = null;

  constructor(project: ProjectSettings) {
    this.project = project;
  }

  get playing(): boolean {
    return this.origin !== null;
  }

  /** The one AudioContext (made on first use: after a user gesture). */
  context(): AudioContext {
    if (!this.ctx) {
      this.ctx = new AudioContext({ latencyHint: 'interactive' });
      this.master = this.ctx.createGain();
      this.master.connect(this.ctx.destination);
    }
    return this.ctx;
  }

  /** Adds a loop (or refits it) and makes its buffer for the current project; resolves when ready. */
  async add(source: AuditionSource, level = 1): Promise<void> {
    const ctx = this.context();
    let layer = this.layers.get(source.id);
    if (!layer) {
      const gain = ctx.createGain();
      gain.gain.value = level;
      gain.connect(this.master!);
      layer = { source, buffer: null, beats: 0, tempo: 1, semitones: 0, gain, level, node: null, startAt: null };
      this.layers.set(source.id, layer);
    }
    await this.fit(layer);
    if (this.layers.get(source.id) !== layer) return;
    if (this.origin !== null && !layer.node)
      this.startLayer(layer, Math.max(this.origin, ctx.currentTime + LOOKAHEAD_S));
  }

  remove(id: number): void {
    const layer = this.layers.get(id);
    if (!layer) return;
    this.stopLayer(layer);
    layer.gain.disconnect();
    this.layers.delete(id);
    if (this.layers.size === 0) this.origin = null;
  }

  /** Volume 0…1; muted layers sound at 0 whatever their volume. */
  setLevel(id: number, level: number): void {
    const layer = this.layers.get(id);
    if (!layer || !this.ctx) return;
    layer.level = level;
    layer.gain.gain.cancelScheduledValues(this.ctx.currentTime);
    layer.gain.gain.setTargetAtTime(level, this.ctx.currentTime, GAIN_SMOOTHING_S);
  }

  /** Fits every layer to a new tempo or tonic; a playing mix restarts on its new buffers at one time. */
  async setProject(project: ProjectSettings): Promise<void> {
    this.project = project;
    const layers = [...this.layers.values()];
    await Promise.all(layers.map((layer) => this.fit(layer)));
    if (this.project !== project || this.origin === null) return;
    const ctx = this.context();
    const at = ctx.currentTime + LOOKAHEAD_S;
    this.origin = at;
    for (const layer of this.layers.values()) {
      this.stopLayer(layer, at);
      this.startLayer(layer, at);
    }
  }

  /** Starts every ready layer on one context time. */
  async play(requestedAt = performance.now()): Promise<void> {
    const ctx = this.context();
    if (ctx.state !== 'running') await ctx.resume();
    const at = ctx.currentTime + LOOKAHEAD_S;
    this.origin = at;
    for (const layer of this.layers.values()) {
      this.stopLayer(layer);
      if (layer.buffer) this.startLayer(layer, at);
    }
    const latency = (ctx.outputLatency || ctx.baseLatency || 0) + (at - ctx.currentTime);
    this.lastStart = { requestedAt, soundAt: performance.now() + latency * 1000 };
  }

  stop(): void {
    this.origin = null;
    for (const layer of this.layers.values()) this.stopLayer(layer);
  }

  /** Whether this loop's buffer at the current project is already made (a cached start). */
  isReady(id: number): boolean {
    return this.layers.get(id)?.buffer != null;
  }

  report(): { sampleRate: number; origin: number | null; currentTime: number; layers: LayerReport[] } {
    return {
      sampleRate: this.ctx?.sampleRate ?? 0,
      origin: this.origin,
      currentTime: this.ctx?.currentTime ?? 0,
      layers: [...this.layers.values()].map((layer) => ({
        id: layer.source.id,
        sourceBpm: layer.source.bpm,
        frames: layer.buffer?.length ?? 0,
        beats: layer.beats,
        tempo: layer.tempo,
        semitones: layer.semitones,
        startAt: layer.startAt,
        gain: layer.level,
      })),
    };
  }

  /** The layer's stretched buffer (tests and the bench analyse it). */
  buffer(id: number): AudioBuffer | null {
    return this.layers.get(id)?.buffer ?? null;
  }

  /**
   * The mix as it sounds, rendered offline: every layer's buffer looped from one start, at its
   * volume (0 when muted). `seconds` of audio at the context's rate.
   */
  async renderMix(seconds: number): Promise<AudioBuffer> {
    const rate = this.context().sampleRate;
    const offline = new OfflineAudioContext(2, Math.round(seconds * rate), rate);
    for (const layer of this.layers.values()) {
      if (!layer.buffer) continue;
      const gain = offline.createGain();
      gain.gain.value = layer.level;
      gain.connect(offline.destination);
      const node = offline.createBufferSource();
      node.buffer = layer.buffer;
      node.loop = true;
      node.connect(gain);
      node.start(0);
    }
    return offline.startRendering();
  }

  private async fit(layer: Layer): Promise<void> {
    const ctx = this.context();
    const { bpm, tonic } = this.project;
    const semitones = semitonesToTonic(layer.source.tonic, tonic);
    const key = `${layer.source.url}|${bpm}|${semitones}|${ctx.sampleRate}`;
    let made = this.rendered.get(key);
    if (!made) {
      made = this.make(layer.source, bpm, semitones);
      this.rendered.set(key, made);
      made.catch(() => this.rendered.delete(key));
      if (this.rendered.size > RENDER_CACHE) this.rendered.delete(this.rendered.keys().next().value!);
    }
    const buffer = await made;
    if (this.project.bpm !== bpm || semitonesToTonic(layer.source.tonic, this.project.tonic) !== semitones) return;
    layer.buffer = buffer;
    layer.beats = loopBeats(layer.source.durationS, layer.source.bpm);
    layer.tempo = bpm / layer.source.bpm;
    layer.semitones = semitones;
  }

  private async make(source: AuditionSource, bpm: number, semitones: number): Promise<AudioBuffer> {
    const ctx = this.context();
    const decoded = await this.decode(source.url);
    const beats = loopBeats(source.durationS, source.bpm);
    const frames = targetFrames(beats, bpm, ctx.sampleRate);
    const channels = [decoded.getChannelData(0), decoded.getChannelData(decoded.numberOfChannels > 1 ? 1 : 0)];
    const out = await this.stretch(channels, { tempo: stretchTempo(decoded.length, frames), semitones, frames });
    const buffer = ctx.createBuffer(2, frames, ctx.sampleRate);
    buffer.copyToChannel(out[0], 0);
    buffer.copyToChannel(out[1], 1);
    return buffer;
  }

  private decode(url: string): Promise<AudioBuffer> {
    let decoded = this.decoded.get(url);
    if (!decoded) {
      decoded = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`Audition file ${url}: ${response.status}`);
        return this.context().decodeAudioData(await response.arrayBuffer());
      });
      this.decoded.set(url, decoded);
      decoded.catch(() => this.decoded.delete(url));
    }
    return decoded;
  }

  /** The SoundTouch pass on a worker (on this thread where workers are missing). */
  private stretch(
    channels: Float32Array[],
    options: StretchOptions,
  ): Promise<[Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>]> {
    const worker = this.stretchWorker();
    if (!worker) return Promise.resolve(stretchLoop(channels, options));
    const id = this.nextRequest++;
    const copies = channels.map((c) => c.slice());
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply.channels)));
      worker.postMessage(
        { id, channels: copies, ...options } satisfies StretchRequest,
        copies.map((c) => c.buffer),
      );
    });
  }

  private stretchWorker(): Worker | null {
    if (this.worker || this.workerFailed) return this.worker;
    if (typeof Worker === 'undefined') return null;
    try {
      this.worker = new Worker(new URL('./stretch.worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<StretchReply>) => {
        this.pending.get(event.data.id)?.(event.data);
        this.pending.delete(event.data.id);
      };
    } catch {
      this.workerFailed = true;
    }
    return this.worker;
  }

  private startLayer(layer: Layer, at: number): void {
    const ctx = this.context();
    if (!layer.buffer) return;
    const node = ctx.createBufferSource();
    node.buffer = layer.buffer;
    node.loop = true;
    node.connect(layer.gain);
    // A layer joining a running mix starts where its cycle is on the shared grid.
    const offset = this.origin === null ? 0 : cycleOffset(at, this.origin, layer.buffer.length, ctx.sampleRate);
    node.start(at, offset);
    layer.node = node;
    layer.startAt = at - offset;
  }

  private stopLayer(layer: Layer, at?: number): void {
    if (!layer.node) return;
    try {
      layer.node.stop(at);
    } catch {
      // Never started: nothing to stop.
    }
    const node = layer.node;
    node.onended = () => node.disconnect();
    layer.node = null;
    layer.startAt = null;
  }
}
