/**
 * Waveform overview: the maximum absolute sample in each of `count` equal buckets,
 * normalised so that the loudest bucket is 1, rounded to 3 decimals.
 */
export function computePeaks(samples: Float32Array, count = 500): number[] {
  const n = samples.length;
  const raw = new Float64Array(count);
  for (let b = 0; b < count; b++) {
    let start = Math.floor((b * n) / count);
    let end = Math.floor(((b + 1) * n) / count);
    if (end <= start) {
      // Fewer samples than buckets: each bucket looks at its nearest sample.
      start = Math.min(start, n - 1);
      end = start + 1;
    }
    let max = 0;
    for (let i = Math.max(0, start); i < end; i++) {
      const v = Math.abs(samples[i] as number);
      if (v > max) max = v;
    }
    raw[b] = max;
  }
  let loudest = 0;
  for (let b = 0; b < count; b++) if ((raw[b] as number) > loudest) loudest = raw[b] as number;
  const out = new Array<number>(count);
  for (let b = 0; b < count; b++) out[b] = loudest > 0 ? Math.round(((raw[b] as number) / loudest) * 1000) / 1000 : 0;
  return out;
}

/** Mono view of a multichannel signal (channel average), for peaks and analysis. */
export function mixToMono(channels: Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const out = new Float32Array(first.length);
  const second = channels[1];
  if (channels.length === 2 && second) {
    for (let i = 0; i < out.length; i++) out[i] = ((first[i] as number) + (second[i] as number)) * 0.5;
    return out;
  }
  const k = 1 / channels.length;
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (ch[i] as number) * k;
  return out;
}
