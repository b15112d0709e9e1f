/** Autocorrelation and event counting on onset envelopes. */

/** Normalised autocorrelation (1 at lag 0) of a mean-removed series, at fractional lags. */
export interface Autocorrelation {
  at(lag: number): number;
}

/**
 * Autocorrelation of one period of a periodic series (the envelope of a loop): lags wrap around.
 * Integer lags are computed on demand and cached; fractional lags interpolate linearly.
 */
export function circularAutocorrelation(values: Float32Array): Autocorrelation {
  const n = values.length;
  const x = centred(values);
  let energy = 0;
  for (let i = 0; i < n; i++) energy += (x[i] as number) ** 2;
  const cache = new Map<number, number>();
  const integer = (lag: number): number => {
    const k = ((lag % n) + n) % n;
    let v = cache.get(k);
    if (v === undefined) {
      let sum = 0;
      for (let i = 0, j = k; i < n; i++, j = j + 1 === n ? 0 : j + 1) sum += (x[i] as number) * (x[j] as number);
      v = energy > 0 ? sum / energy : 0;
      cache.set(k, v);
    }
    return v;
  };
  return { at: (lag) => interpolate(integer, lag) };
}

/**
 * Autocorrelation of a finite series, each lag normalised by its overlap (so long lags are not
 * penalised), for lags up to `maxLag`.
 */
export function linearAutocorrelation(values: Float32Array, maxLag: number): Autocorrelation {
  const n = values.length;
  const x = centred(values);
  const top = Math.min(n - 1, Math.ceil(maxLag) + 1);
  const acf = new Float64Array(top + 1);
  for (let k = 0; k <= top; k++) {
    let sum = 0;
    for (let i = 0; i + k < n; i++) sum += (x[i] as number) * (x[i + k] as number);
    acf[k] = sum / (n - k);
  }
  const zero = acf[0] as number;
  for (let k = 0; k <= top; k++) acf[k] = zero > 0 ? (acf[k] as number) / zero : 0;
  return { at: (lag) => interpolate((k) => (k <= top ? (acf[k] as number) : 0), lag) };
}

function interpolate(integer: (lag: number) => number, lag: number): number {
  const i = Math.floor(lag);
  const f = lag - i;
  return f === 0 ? integer(i) : integer(i) * (1 - f) + integer(i + 1) * f;
}

function centred(values: Float32Array): Float64Array {
  let mean = 0;
  for (let i = 0; i < values.length; i++) mean += values[i] as number;
  mean /= values.length || 1;
  const x = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) x[i] = (values[i] as number) - mean;
  return x;
}

/**
 * Distinct events per second: local maxima (±50 ms) above median + 30 % of the way to the 99th
 * percentile, where a run of peaks closer than 95 ms (a tremolo, a flam) counts once.
 */
export function eventRate(values: Float32Array, frameRate: number, circular: boolean): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = Float32Array.from(values).sort();
  const median = sorted[Math.floor(n / 2)] as number;
  const p99 = sorted[Math.min(n - 1, Math.floor(n * 0.99))] as number;
  const threshold = median + 0.3 * (p99 - median);
  const half = Math.round(frameRate * 0.05);
  const mergeFrames = frameRate * 0.095;
  let count = 0;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v <= threshold) continue;
    let peak = true;
    for (let j = -half; j <= half && peak; j++) {
      if (j === 0) continue;
      const k = i + j;
      const w = circular ? (values[((k % n) + n) % n] as number) : k < 0 || k >= n ? -Infinity : (values[k] as number);
      if (w > v) peak = false;
    }
    if (!peak) continue;
    if (i - last >= mergeFrames) count++;
    last = i;
  }
  return count / (n / frameRate);
}
