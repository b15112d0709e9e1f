/**
 * Fundamental frequency of a steady tone by the YIN-style difference function, searched near an
 * expected frequency and refined by parabolic interpolation (sub-sample lag, well under a cent).
 */
export function estimatePitch(
  samples: Float32Array,
  sampleRate: number,
  expectedHz: number,
  start: number,
  length: number,
): number {
  const expectedLag = sampleRate / expectedHz;
  const minLag = Math.floor(expectedLag * 0.9);
  const maxLag = Math.ceil(expectedLag * 1.1);
  const diff = (lag: number): number => {
    let sum = 0;
    for (let i = start; i < start + length; i++) {
      const d = (samples[i] as number) - (samples[i + lag] as number);
      sum += d * d;
    }
    return sum;
  };
  let bestLag = minLag;
  let best = Infinity;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const d = diff(lag);
    if (d < best) {
      best = d;
      bestLag = lag;
    }
  }
  const a = diff(bestLag - 1);
  const b = best;
  const c = diff(bestLag + 1);
  const offset = (a - c) / (2 * (a - 2 * b + c));
  return sampleRate / (bestLag + (Number.isFinite(offset) ? offset : 0));
}

export function cents(measured: number, expected: number): number {
  return 1200 * Math.log2(measured / expected);
}

/** Pearson correlation of two equal-length series. */
export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] as number;
    mb += b[i] as number;
  }
  ma /= n;
  mb /= n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return num / Math.sqrt(da * db);
}
