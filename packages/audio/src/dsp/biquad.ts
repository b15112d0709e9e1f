/** RBJ-cookbook biquad filters, processed in place on mono buffers. */
export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function normalise(b0: number, b1: number, b2: number, a0: number, a1: number, a2: number): BiquadCoefficients {
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

export function peaking(sampleRate: number, freq: number, q: number, gainDb: number): BiquadCoefficients {
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * freq) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise(1 + alpha * a, -2 * cos, 1 - alpha * a, 1 + alpha / a, -2 * cos, 1 - alpha / a);
}

export function lowpass(sampleRate: number, freq: number, q = Math.SQRT1_2): BiquadCoefficients {
  const w = (2 * Math.PI * freq) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise((1 - cos) / 2, 1 - cos, (1 - cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
}

export function highpass(sampleRate: number, freq: number, q = Math.SQRT1_2): BiquadCoefficients {
  const w = (2 * Math.PI * freq) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return normalise((1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
}

export function highShelf(sampleRate: number, freq: number, gainDb: number): BiquadCoefficients {
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * freq) / sampleRate;
  const cos = Math.cos(w);
  const alpha = (Math.sin(w) / 2) * Math.SQRT2;
  const sq = 2 * Math.sqrt(a) * alpha;
  return normalise(
    a * (a + 1 + (a - 1) * cos + sq),
    -2 * a * (a - 1 + (a + 1) * cos),
    a * (a + 1 + (a - 1) * cos - sq),
    a + 1 - (a - 1) * cos + sq,
    2 * (a - 1 - (a + 1) * cos),
    a + 1 - (a - 1) * cos - sq,
  );
}

/** Filters `data[start, end)` in place (direct form I, state starting at rest). */
function applyBiquad(data: Float32Array, c: BiquadCoefficients, start = 0, end = data.length): void {
  const { b0, b1, b2, a1, a2 } = c;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = start; i < end; i++) {
    const x = data[i] as number;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    data[i] = y;
  }
}

/** Applies several filters in series over the same range. */
export function applyChain(
  data: Float32Array,
  chain: readonly BiquadCoefficients[],
  start = 0,
  end = data.length,
): void {
  for (const c of chain) applyBiquad(data, c, start, end);
}
