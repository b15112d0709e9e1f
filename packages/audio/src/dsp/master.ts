/** Final stage: DC removal, loop folding, loudness and a soft ceiling. */

/** One-pole DC blocker (high-pass around `cutoffHz`), in place. */
export function removeDc(data: Float32Array, sampleRate: number, cutoffHz = 18): void {
  const r = Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i < data.length; i++) {
    const x = data[i] as number;
    const y = x - x1 + r * y1;
    x1 = x;
    y1 = y;
    data[i] = y;
  }
}

/**
 * Folds everything past `period` back onto the start (sum over k of x[t + k·period]). For a linear
 * render of one cycle's events, this is exactly the steady state of the cycle played forever, so the
 * reverb and decays of the end ring on into the start and the loop point is seamless.
 */
export function foldLoop(data: Float32Array, period: number): Float32Array {
  const out = data.slice(0, period);
  for (let i = period; i < data.length; i++) {
    const j = i % period;
    out[j] = (out[j] as number) + (data[i] as number);
  }
  return out;
}

export interface LevelSettings {
  /** Target RMS in dBFS (before the ceiling). */
  targetRmsDb: number;
  /** Absolute peak ceiling in dBFS. */
  ceilingDb: number;
  /** Most gain reduction the soft ceiling may apply to peaks, in dB. */
  maxLimitingDb: number;
}

const DEFAULT_LEVELS: LevelSettings = { targetRmsDb: -17, ceilingDb: -1.3, maxLimitingDb: 3 };

/**
 * Sets the level of a stereo mix: gain towards a target RMS (limited so that peaks would need at most
 * `maxLimitingDb` of reduction), then a memoryless soft knee that never exceeds the ceiling.
 */
export function applyLevels(channels: Float32Array[], settings: LevelSettings = DEFAULT_LEVELS): void {
  let peak = 0;
  let sumSquares = 0;
  let count = 0;
  for (const ch of channels) {
    for (let i = 0; i < ch.length; i++) {
      const v = ch[i] as number;
      const a = v < 0 ? -v : v;
      if (a > peak) peak = a;
      sumSquares += v * v;
    }
    count += ch.length;
  }
  if (peak === 0 || count === 0) return;
  const rms = Math.sqrt(sumSquares / count);
  const ceiling = 10 ** (settings.ceilingDb / 20);
  const rmsGain = 10 ** (settings.targetRmsDb / 20) / Math.max(rms, 1e-9);
  const peakGain = (ceiling / peak) * 10 ** (settings.maxLimitingDb / 20);
  const gain = Math.min(rmsGain, peakGain);
  const knee = ceiling * 0.72;
  const span = ceiling - knee;
  for (const ch of channels) {
    for (let i = 0; i < ch.length; i++) {
      const v = (ch[i] as number) * gain;
      const a = v < 0 ? -v : v;
      if (a <= knee) {
        ch[i] = v;
      } else {
        const shaped = knee + span * Math.tanh((a - knee) / span);
        ch[i] = v < 0 ? -shaped : shaped;
      }
    }
  }
}

/** Linear fade-out over the last `seconds` of each channel. */
export function fadeOut(channels: Float32Array[], sampleRate: number, seconds: number): void {
  for (const ch of channels) {
    const n = Math.min(ch.length, Math.round(seconds * sampleRate));
    const start = ch.length - n;
    for (let i = 0; i < n; i++) {
      const g = 1 - i / n;
      ch[start + i] = (ch[start + i] as number) * g * g;
    }
  }
}
