/**
 * Sample-rate conversion by windowed-sinc interpolation (Kaiser window, β = 8: about −80 dB of
 * stop-band rejection). The kernel's cut-off sits at 95 % of the lower Nyquist frequency, so
 * downsampling does not alias; kernels are tabulated for 512 fractional positions and
 * interpolated linearly between them.
 */

const ZERO_CROSSINGS = 10;
const PHASES = 512;
const KAISER_BETA = 8;
const CUTOFF = 0.95;

export function resample(channels: Float32Array[], from: number, to: number): Float32Array[] {
  if (from === to) return channels.map((c) => c.slice());
  const kernel = makeKernel(from, to);
  return channels.map((c) => resampleChannel(c, from, to, kernel));
}

interface Kernel {
  /** Taps per side, in input samples. */
  half: number;
  /** (PHASES + 1) rows of 2·half taps: row p is the kernel at offsets k - p/PHASES. */
  table: Float32Array;
}

function makeKernel(from: number, to: number): Kernel {
  // Cut-off in cycles per input sample.
  const fc = 0.5 * Math.min(1, to / from) * CUTOFF;
  const half = Math.ceil(ZERO_CROSSINGS / (2 * fc));
  const width = 2 * half;
  const table = new Float32Array((PHASES + 1) * width);
  const i0 = besselI0(KAISER_BETA);
  for (let p = 0; p <= PHASES; p++) {
    const frac = p / PHASES;
    for (let j = 0; j < width; j++) {
      const t = j - half + 1 - frac; // offset of tap j from the output position
      const r = t / half;
      const window = Math.abs(r) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / i0;
      const x = 2 * fc * t;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      table[p * width + j] = 2 * fc * sinc * window;
    }
  }
  return { half, table };
}

function resampleChannel(x: Float32Array, from: number, to: number, kernel: Kernel): Float32Array {
  const { half, table } = kernel;
  const width = 2 * half;
  const n = x.length;
  const outLength = Math.round((n * to) / from);
  const out = new Float32Array(outLength);
  const step = from / to;
  for (let m = 0; m < outLength; m++) {
    const t = m * step;
    const base = Math.floor(t);
    const phase = (t - base) * PHASES;
    const p = Math.floor(phase);
    const w = phase - p;
    const rowA = p * width;
    const rowB = rowA + width;
    const first = base - half + 1;
    let sum = 0;
    const lo = Math.max(0, -first);
    const hi = Math.min(width, n - first);
    for (let j = lo; j < hi; j++) {
      const a = table[rowA + j] as number;
      const h = a + w * ((table[rowB + j] as number) - a);
      sum += (x[first + j] as number) * h;
    }
    out[m] = sum;
  }
  return out;
}

/** Modified Bessel function of the first kind, order 0 (power series). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

/**
 * The same conversion as `resample`, fed in chunks: the output is identical to resampling the whole
 * signal at once (the same kernel, the same positions, silence past the end), but only the last
 * few kernel widths of input are kept.
 */
export class StreamResampler {
  private readonly kernel: Kernel;
  private readonly step: number;
  /** Input kept per channel, starting at absolute input frame `base`. */
  private buffers: Float32Array[];
  private base = 0;
  private held = 0;
  /** Input frames received so far. */
  private received = 0;
  /** Output frames produced so far. */
  private produced = 0;

  constructor(
    channelCount: number,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.kernel = makeKernel(from, to);
    this.step = from / to;
    this.buffers = Array.from({ length: channelCount }, () => new Float32Array(4 * this.kernel.half + 1024));
  }

  /** Resamples a chunk; returns the output frames that are complete (their whole kernel has arrived). */
  push(chunk: Float32Array[]): Float32Array[] {
    this.append(chunk);
    // Output m needs input up to floor(m·step) + half.
    const ready = Math.max(this.produced, Math.floor((this.received - this.kernel.half) / this.step));
    return this.emit(ready, this.received);
  }

  /** The rest of the output: round(total input × to / from) frames in all. */
  finish(): Float32Array[] {
    return this.emit(Math.round((this.received * this.to) / this.from), this.received);
  }

  private append(chunk: Float32Array[]): void {
    const length = chunk[0]?.length ?? 0;
    const capacity = this.buffers[0]?.length ?? 0;
    if (this.held + length > capacity) {
      const size = Math.max(capacity * 2, this.held + length);
      this.buffers = this.buffers.map((b) => {
        const grown = new Float32Array(size);
        grown.set(b.subarray(0, this.held));
        return grown;
      });
    }
    this.buffers.forEach((b, c) => b.set(chunk[c] as Float32Array, this.held));
    this.held += length;
    this.received += length;
  }

  private emit(until: number, n: number): Float32Array[] {
    const count = Math.max(0, until - this.produced);
    const { half, table } = this.kernel;
    const width = 2 * half;
    const out = this.buffers.map(() => new Float32Array(count));
    for (let k = 0; k < count; k++) {
      const m = this.produced + k;
      const t = m * this.step;
      const baseIndex = Math.floor(t);
      const phase = (t - baseIndex) * PHASES;
      const p = Math.floor(phase);
      const w = phase - p;
      const rowA = p * width;
      const rowB = rowA + width;
      const first = baseIndex - half + 1;
      const lo = Math.max(0, -first);
      const hi = Math.min(width, n - first);
      for (let c = 0; c < out.length; c++) {
        const x = this.buffers[c] as Float32Array;
        const offset = first - this.base;
        let sum = 0;
        for (let j = lo; j < hi; j++) {
          const a = table[rowA + j] as number;
          const h = a + w * ((table[rowB + j] as number) - a);
          sum += (x[offset + j] as number) * h;
        }
        (out[c] as Float32Array)[k] = sum;
      }
    }
    this.produced += count;
    // Keep only what the next outputs can still reach: from floor(produced·step) - half + 1.
    const keepFrom = Math.max(this.base, Math.floor(this.produced * this.step) - half + 1);
    const drop = Math.min(this.held, keepFrom - this.base);
    if (drop > 0) {
      for (const b of this.buffers) b.copyWithin(0, drop, this.held);
      this.held -= drop;
      this.base += drop;
    }
    return out;
  }
}
