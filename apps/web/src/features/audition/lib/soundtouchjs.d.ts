/** The part of soundtouchjs (0.3, untyped) that loop audition uses: the offline pipeline. */
declare module 'soundtouchjs' {
  export class SoundTouch {
    /** Speed without changing pitch (1 = as is, above 1 faster). */
    tempo: number;
    /** Pitch shift in semitones (fractions allowed). */
    pitchSemitones: number;
    clear(): void;
  }

  /** A source of interleaved stereo frames: fills `target` from `position`, answers the frames written. */
  export interface FrameSource {
    extract(target: Float32Array, numFrames: number, position: number): number;
  }

  export class SimpleFilter {
    constructor(source: FrameSource, pipe: SoundTouch, onEnd?: () => void);
    /** Fills `target` with up to `numFrames` interleaved stereo output frames; answers how many. */
    extract(target: Float32Array, numFrames: number): number;
  }
}
