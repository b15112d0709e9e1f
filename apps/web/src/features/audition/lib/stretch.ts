import { SimpleFilter, SoundTouch, type FrameSource } from 'soundtouchjs';

export interface StretchOptions {
  /** SoundTouch tempo: above 1 plays faster (see `stretchTempo`). */
  tempo: number;
  /** Transposition in semitones, the shortest way to the project's tonic (0: as recorded). */
  semitones: number;
  /** Exact length of the result, in frames (see `targetFrames`). */
  frames: number;
  /** Length of the crossfade that closes the seam (default 256 frames, ~5 ms). */
  crossfadeFrames?: number;
}

const CHUNK = 4096;
const DEFAULT_CROSSFADE = 256;

/**
 * Time-stretches (and transposes) one cycle of a loop with SoundTouch (soundtouchjs), into exactly
 * `frames` frames that loop without a gap (decision 043).
 *
 * The source is fed to SoundTouch as an endless repetition of the loop, so the stretcher never sees
 * an edge. The first output cycle (the stretcher's run-in) is dropped; the second is the result, its
 * first `crossfadeFrames` blended with what follows its end, so the last frame of the result runs
 * on into the first as the stretched stream itself does. Stereo in and out (mono is doubled).
 */
export function stretchLoop(
  channels: readonly Float32Array[],
  options: StretchOptions,
): [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>] {
  const left = channels[0];
  if (!left || left.length === 0) throw new Error('stretchLoop: no audio');
  const right = channels[1] ?? left;
  const { tempo, semitones, frames } = options;
  if (!Number.isInteger(frames) || frames <= 0) throw new Error(`stretchLoop: bad frame count ${frames}`);
  const length = left.length;

  // Nothing to stretch (a sample or two of rounding between rates is not worth a stretcher's pass).
  if (semitones === 0 && Math.abs(length - frames) <= 2) return [fit(left, frames), fit(right, frames)];

  const soundTouch = new SoundTouch();
  soundTouch.tempo = tempo;
  soundTouch.pitchSemitones = semitones;
  const source: FrameSource = {
    extract(target, numFrames, position) {
      for (let i = 0, at = position % length; i < numFrames; i++, at++) {
        if (at === length) at = 0;
        target[i * 2] = left[at] as number;
        target[i * 2 + 1] = right[at] as number;
      }
      return numFrames;
    },
  };
  const filter = new SimpleFilter(source, soundTouch);
  const fade = Math.min(options.crossfadeFrames ?? DEFAULT_CROSSFADE, Math.floor(frames / 2));

  // Output frames [frames, 2 × frames + fade): the second cycle and the start of the third.
  const wanted = 2 * frames + fade;
  const outL = new Float32Array(frames + fade);
  const outR = new Float32Array(frames + fade);
  const chunk = new Float32Array(CHUNK * 2);
  let produced = 0;
  while (produced < wanted) {
    const got = filter.extract(chunk, Math.min(CHUNK, wanted - produced));
    if (got === 0) throw new Error('stretchLoop: the stretcher gave no output');
    for (let i = 0; i < got; i++) {
      const at = produced + i - frames;
      if (at < 0) continue;
      outL[at] = chunk[i * 2] as number;
      outR[at] = chunk[i * 2 + 1] as number;
    }
    produced += got;
  }

  // Close the seam: the head fades in over what the stream carried on with after the tail.
  const resultL = outL.slice(0, frames);
  const resultR = outR.slice(0, frames);
  for (let i = 0; i < fade; i++) {
    const w = (i + 0.5) / fade;
    resultL[i] = (outL[i] as number) * w + (outL[frames + i] as number) * (1 - w);
    resultR[i] = (outR[i] as number) * w + (outR[frames + i] as number) * (1 - w);
  }
  return [resultL, resultR];
}

function fit(channel: Float32Array, frames: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(frames);
  out.set(channel.subarray(0, frames));
  return out;
}
