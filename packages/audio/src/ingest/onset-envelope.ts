import { fft } from './fft.js';

/** Onset strength of a mono signal, one value per hop, at two log compressions. */
export interface OnsetEnvelope {
  /** Strongly compressed (log(1 + 1000·|X|)): soft strokes count almost as much as loud ones. */
  detail: Float32Array;
  /** Mildly compressed (log(1 + 30·|X|)): loud strokes dominate, so it follows the rhythm's skeleton. */
  accent: Float32Array;
  /** Values per second. */
  frameRate: number;
}

/** Highest frequency that contributes to the flux. */
const MAX_HZ = 11_000;
const DETAIL_COMPRESSION = 1000;
const ACCENT_COMPRESSION = 30;
const FRAME_RATE = 100;

/**
 * Spectral flux (the summed rise of log-compressed magnitudes from one ~23 ms Hann frame to the
 * next) on 10 ms hops. With `circular`, the signal is treated as one period of a loop: exactly
 * round(duration × 100) frames, spread evenly over the period, wrapping around the end, and the
 * first frame is compared with the last, so the envelope is itself exactly periodic.
 */
export function onsetEnvelope(mono: Float32Array, sampleRate: number, circular = false): OnsetEnvelope {
  const n = mono.length;
  const size = Math.min(2 ** Math.round(Math.log2(sampleRate * 0.023)), 2 ** Math.floor(Math.log2(Math.max(2, n))));
  const frames = circular
    ? Math.max(1, Math.round((n / sampleRate) * FRAME_RATE))
    : Math.max(0, Math.floor((n - size) / Math.round(sampleRate / FRAME_RATE)) + 1);
  const hop = circular ? n / frames : Math.round(sampleRate / FRAME_RATE);
  const start = (f: number): number => (circular ? Math.round(f * hop) - size / 2 : f * hop);
  const bins = Math.min(size / 2, Math.ceil((MAX_HZ / sampleRate) * size));

  const window = new Float64Array(size);
  let windowSum = 0;
  for (let i = 0; i < size; i++) {
    window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    windowSum += window[i] as number;
  }
  const scale = 1 / windowSum; // |X|·2/Σw for a full-scale sine = 1, and the half from unpacking two frames
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const mag = [new Float64Array(bins), new Float64Array(bins)];
  const detail = new Float32Array(frames);
  const accent = new Float32Array(frames);
  let prevDetail = new Float64Array(bins);
  let prevAccent = new Float64Array(bins);
  let curDetail = new Float64Array(bins);
  let curAccent = new Float64Array(bins);

  /** Windowed frame starting at sample s into `out` (zero beyond the end, wrapping if circular). */
  const load = (s: number, out: Float64Array): void => {
    if (s >= 0 && s + size <= n) {
      for (let i = 0; i < size; i++) out[i] = (mono[s + i] as number) * (window[i] as number);
    } else if (circular) {
      for (let i = 0, j = ((s % n) + n) % n; i < size; i++, j = j + 1 === n ? 0 : j + 1)
        out[i] = (mono[j] as number) * (window[i] as number);
    } else {
      for (let i = 0; i < size; i++) {
        const j = s + i;
        out[i] = j >= 0 && j < n ? (mono[j] as number) * (window[i] as number) : 0;
      }
    }
  };
  /** Magnitudes of frames a and b (b may be -1: none) through one complex FFT. */
  const spectra = (a: number, b: number): void => {
    load(start(a), re);
    if (b >= 0) load(start(b), im);
    else im.fill(0);
    fft(re, im);
    const ma = mag[0] as Float64Array;
    const mb = mag[1] as Float64Array;
    for (let k = 0; k < bins; k++) {
      const m = k === 0 ? 0 : size - k;
      const zr = re[k] as number;
      const zi = im[k] as number;
      const wr = re[m] as number;
      const wi = im[m] as number;
      // X = (Z[k] + conj Z[N-k]) / 2, Y = (Z[k] - conj Z[N-k]) / 2i.
      const xr = zr + wr;
      const xi = zi - wi;
      const yr = zi + wi;
      const yi = zr - wr;
      ma[k] = Math.sqrt(xr * xr + xi * xi) * scale;
      mb[k] = Math.sqrt(yr * yr + yi * yi) * scale;
    }
  };
  const compress = (m: Float64Array): void => {
    for (let k = 0; k < bins; k++) {
      const v = m[k] as number;
      curDetail[k] = Math.log(1 + DETAIL_COMPRESSION * v);
      curAccent[k] = Math.log(1 + ACCENT_COMPRESSION * v);
    }
  };
  const emit = (f: number, hasPrevious: boolean): void => {
    let d = 0;
    let a = 0;
    if (hasPrevious) {
      for (let k = 0; k < bins; k++) {
        const rd = (curDetail[k] as number) - (prevDetail[k] as number);
        if (rd > 0) d += rd;
        const ra = (curAccent[k] as number) - (prevAccent[k] as number);
        if (ra > 0) a += ra;
      }
    }
    detail[f] = d;
    accent[f] = a;
    [prevDetail, curDetail] = [curDetail, prevDetail];
    [prevAccent, curAccent] = [curAccent, prevAccent];
  };

  if (frames === 0) return { detail, accent, frameRate: sampleRate / hop };
  let hasPrevious = false;
  if (circular) {
    // The frame before the first is the last one.
    spectra(frames - 1, -1);
    compress(mag[0] as Float64Array);
    [prevDetail, curDetail] = [curDetail, prevDetail];
    [prevAccent, curAccent] = [curAccent, prevAccent];
    hasPrevious = true;
  }
  for (let f = 0; f < frames; f += 2) {
    const second = f + 1 < frames;
    spectra(f, second ? f + 1 : -1);
    compress(mag[0] as Float64Array);
    emit(f, hasPrevious);
    hasPrevious = true;
    if (!second) break;
    compress(mag[1] as Float64Array);
    emit(f + 1, true);
  }
  return { detail, accent, frameRate: circular ? frames / (n / sampleRate) : sampleRate / hop };
}

/**
 * Whether an envelope shows onsets at all: its 99th percentile reaches 1 (a steady tone's flux
 * stays near 0.3 even at full scale; music 40 dB down still peaks above 1).
 */
export function hasOnsets(detail: Float32Array): boolean {
  if (detail.length === 0) return false;
  const sorted = Float32Array.from(detail).sort();
  return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number) >= 1;
}
