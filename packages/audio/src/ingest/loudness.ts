/**
 * Integrated loudness per ITU-R BS.1770-4 (EBU R 128 uses the same measure).
 *
 * K-weighting is a high shelf (+4 dB above ~1.7 kHz, the head's effect) followed by the RLB
 * high-pass (~38 Hz). The recommendation lists the coefficients at 48 kHz only; here they are
 * derived for any rate from the analog prototypes by the bilinear transform with pre-warping
 * (as libebur128 does), which reproduces the published 48 kHz values.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function preFilter(sampleRate: number): Biquad {
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / q + k * k;
  return {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
}

function rlbFilter(sampleRate: number): Biquad {
  const f0 = 38.13547087602444;
  const q = 0.5003270373238773;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const a0 = 1 + k / q + k * k;
  return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
}

/**
 * Channel weights G_i: 1.0 for left, right and centre; the LFE of a 5.1/7.1 layout (4th channel
 * in WAVE order) does not count; surround channels (5th onwards, or 4th and 5th of a 5.0) 1.41.
 */
export function channelWeights(count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    if (i < 3) return 1;
    if (count >= 6 && i === 3) return 0;
    return 1.41;
  });
}

const BLOCK_S = 0.4;
const STEP_S = 0.1; // 75 % overlap
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;

/**
 * Integrated loudness in LUFS (400 ms blocks every 100 ms, absolute gate −70 LUFS, relative gate
 * −10 LU), or null when no block passes the absolute gate (silence) or the audio is under 400 ms.
 */
export function measureLoudness(channels: Float32Array[], sampleRate: number): number | null {
  // The whole signal as one chunk of the streaming meter: one K-weighting loop for both.
  const meter = new LoudnessMeter(channels.length, sampleRate, channels[0]?.length ?? 0);
  meter.write(channels);
  return meter.finish();
}

/** The gated integrated loudness of `steps` 100 ms step powers (weighted Σ y² of `step` frames each). */
function gatedLoudness(stepPower: Float64Array, steps: number, step: number): number | null {
  const stepsPerBlock = Math.round(BLOCK_S / STEP_S);
  const blocks: number[] = [];
  for (let s = 0; s + stepsPerBlock <= steps; s++) {
    let sum = 0;
    for (let k = 0; k < stepsPerBlock; k++) sum += stepPower[s + k] as number;
    blocks.push(sum / (stepsPerBlock * step));
  }
  const loudness = (power: number): number => -0.691 + 10 * Math.log10(power);
  const absolute = blocks.filter((p) => p > 0 && loudness(p) > ABSOLUTE_GATE_LUFS);
  if (absolute.length === 0) return null;
  const relativeGate = loudness(mean(absolute)) + RELATIVE_GATE_LU;
  const gated = absolute.filter((p) => loudness(p) > relativeGate);
  return loudness(mean(gated.length > 0 ? gated : absolute));
}

/**
 * `measureLoudness` fed in chunks (the same result, to the bit): K-weighting filter states and the
 * running step sums are carried over from one chunk to the next; memory is one value per 100 ms,
 * allocated once for `maxFrames`.
 */
export class LoudnessMeter {
  private readonly step: number;
  private readonly blockLength: number;
  private readonly weights: number[];
  private readonly pre: Biquad;
  private readonly rlb: Biquad;
  /** Per channel: x1 x2 y1 y2 z1 z2, running sum, frames into the current step. */
  private readonly state: Float64Array[];
  private readonly stepPower: Float64Array;
  private steps = 0;
  private frames = 0;

  constructor(channelCount: number, sampleRate: number, maxFrames: number) {
    this.step = Math.round(STEP_S * sampleRate);
    this.blockLength = Math.round(BLOCK_S * sampleRate);
    this.weights = channelWeights(channelCount);
    this.pre = preFilter(sampleRate);
    this.rlb = rlbFilter(sampleRate);
    this.state = Array.from({ length: channelCount }, () => new Float64Array(8));
    this.stepPower = new Float64Array(Math.ceil(maxFrames / this.step) + 1);
  }

  /** Bytes this meter holds. */
  get bytes(): number {
    return this.stepPower.byteLength;
  }

  write(chunk: Float32Array[]): void {
    const length = chunk[0]?.length ?? 0;
    let completed = 0;
    chunk.forEach((x, c) => {
      const weight = this.weights[c] as number;
      if (weight === 0) return;
      completed = this.channel(x, c, weight);
    });
    if (this.weights.every((w) => w === 0)) completed = Math.floor((this.frames + length) / this.step) - this.steps;
    this.steps = Math.min(this.stepPower.length, this.steps + completed);
    this.frames += length;
  }

  finish(): number | null {
    if (this.frames < this.blockLength || this.state.length === 0) return null;
    return gatedLoudness(this.stepPower, this.steps, this.step);
  }

  /** Filters one channel's chunk; returns the steps it completed. */
  private channel(x: Float32Array, c: number, weight: number): number {
    const { pre, rlb, step, stepPower } = this;
    const st = this.state[c] as Float64Array;
    let x1 = st[0] as number;
    let x2 = st[1] as number;
    let y1 = st[2] as number;
    let y2 = st[3] as number;
    let z1 = st[4] as number;
    let z2 = st[5] as number;
    let sum = st[6] as number;
    let into = st[7] as number;
    let s = this.steps;
    let completed = 0;
    for (let i = 0; i < x.length; i++) {
      const v = x[i] as number;
      const y = pre.b0 * v + pre.b1 * x1 + pre.b2 * x2 - pre.a1 * y1 - pre.a2 * y2;
      x2 = x1;
      x1 = v;
      const z = rlb.b0 * y + rlb.b1 * y1 + rlb.b2 * y2 - rlb.a1 * z1 - rlb.a2 * z2;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
      if (++into === step) {
        if (s < stepPower.length) stepPower[s] = (stepPower[s] as number) + weight * sum;
        s++;
        completed++;
        sum = 0;
        into = 0;
      }
    }
    st.set([x1, x2, y1, y2, z1, z2, sum, into]);
    return completed;
  }
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
