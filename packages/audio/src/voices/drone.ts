/**
 * Drone: tonic and fifth (or octave) as warm reedy tones from a band-limited wavetable, each in a
 * slightly detuned pair for slow beating, breathing with a gentle swell. Rendered in stereo.
 * For loops every partial and every modulation completes a whole number of cycles per period,
 * so the drone itself is exactly periodic.
 */
export interface DroneVoice {
  freq: number;
  level: number;
}

export interface DroneSettings {
  voices: readonly DroneVoice[];
  /** Seconds of fade-in and fade-out (music tracks); ignored for periodic renders. */
  fadeInS: number;
  fadeOutS: number;
  /** If set, the drone is made exactly periodic with this many samples. */
  periodSamples?: number;
}

const TABLE_SIZE = 4096;
const TABLE = buildTable();

function buildTable(): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  let max = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    for (let k = 1; k <= 14; k++) {
      // Reedy, with a soft formant near the 3rd-5th partials.
      const formant = 1 + 0.8 * Math.exp(-(((k - 4) / 1.6) ** 2));
      v += (formant / k ** 1.45) * Math.sin((2 * Math.PI * k * i) / TABLE_SIZE + k * k * 0.3);
    }
    table[i] = v;
    max = Math.max(max, Math.abs(v));
  }
  for (let i = 0; i < TABLE_SIZE; i++) table[i] = (table[i] as number) / max;
  table[TABLE_SIZE] = table[0] as number;
  return table;
}

/** Frequency rounded so that a whole number of cycles fits in `periodSamples` (when given). */
function periodic(freq: number, sampleRate: number, periodSamples: number | undefined): number {
  if (periodSamples === undefined) return freq;
  const periodS = periodSamples / sampleRate;
  return Math.max(1, Math.round(freq * periodS)) / periodS;
}

function droneEnvelope(
  i: number,
  n: number,
  level: number,
  swellPhase: number,
  swellStep: number,
  fadeIn: number,
  fadeOut: number,
): number {
  let e = level * (0.86 + 0.14 * Math.sin(2 * Math.PI * (swellPhase + swellStep * i)));
  if (i < fadeIn) e *= i / fadeIn;
  if (i > n - fadeOut) e *= Math.max(0, (n - i) / fadeOut);
  return e;
}

export function renderDrone(
  settings: DroneSettings,
  left: Float32Array,
  right: Float32Array,
  start: number,
  length: number,
  gain: number,
  sampleRate: number,
): void {
  const n = Math.min(length, left.length - start, right.length - start);
  const period = settings.periodSamples;
  const swellHz = periodic(0.11, sampleRate, period);
  const fadeIn = period === undefined ? Math.round(settings.fadeInS * sampleRate) : 0;
  const fadeOut = period === undefined ? Math.round(settings.fadeOutS * sampleRate) : 0;
  settings.voices.forEach((voice, v) => {
    // Detune each side by about ±1.2 cents (made periodic for loops).
    const detune = voice.freq * 0.0007;
    const fl = periodic(voice.freq - detune, sampleRate, period);
    const fr = periodic(voice.freq + detune, sampleRate, period);
    const incL = (fl * TABLE_SIZE) / sampleRate;
    const incR = (fr * TABLE_SIZE) / sampleRate;
    let pl = (v * 977) % TABLE_SIZE;
    let pr = (v * 1543) % TABLE_SIZE;
    const swellStep = swellHz / sampleRate;
    const swellPhase = v * 0.3;
    const block = 64;
    const level = voice.level * gain;
    for (let b = 0; b < n; b += block) {
      const end = Math.min(n, b + block);
      let env = droneEnvelope(b, n, level, swellPhase, swellStep, fadeIn, fadeOut);
      const envStep = (droneEnvelope(end, n, level, swellPhase, swellStep, fadeIn, fadeOut) - env) / (end - b);
      for (let i = b; i < end; i++) {
        const kl = pl | 0;
        const kr = pr | 0;
        const tl = TABLE[kl] as number;
        const tr = TABLE[kr] as number;
        const o = start + i;
        left[o] = (left[o] as number) + (tl + ((TABLE[kl + 1] as number) - tl) * (pl - kl)) * env;
        right[o] = (right[o] as number) + (tr + ((TABLE[kr + 1] as number) - tr) * (pr - kr)) * env;
        env += envStep;
        pl += incL;
        if (pl >= TABLE_SIZE) pl -= TABLE_SIZE;
        pr += incR;
        if (pr >= TABLE_SIZE) pr -= TABLE_SIZE;
      }
    }
  });
}
