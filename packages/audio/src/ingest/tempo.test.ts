import { describe, expect, it } from 'vitest';
import { buildDemoCatalog } from '../catalog/build-catalog.js';
import { encodeWav } from '../codecs/wav.js';
import { SAMPLE_RATE } from '../render/audio-format.js';
import { renderTrackAudio } from '../render/render-track.js';
import { sine } from '../testing/audio-fixtures.js';
import type { DemoTrackSpec } from '../types.js';
import { decodeAudio } from './decode.js';
import { resample } from './resample.js';
import { estimateBpm } from './tempo.js';

const catalog = buildDemoCatalog();
const loops = catalog.tracks.filter((t) => t.kind === 'loop');

/** The rendered audio as an artist would upload it: a 16-bit WAV (renderTrack's original), decoded. */
async function uploaded(spec: DemoTrackSpec): Promise<Float32Array[]> {
  return (await decodeAudio(encodeWav(renderTrackAudio(spec), SAMPLE_RATE))).channels;
}

const label = (spec: DemoTrackSpec): string =>
  `${spec.key}: ${spec.instruments.join(' & ')}, ${spec.iqa}, ${spec.bpm} BPM`;

/** Kick on beats 1 and 3, snare on 2 and 4, hi-hat on every eighth (a drum machine, not the demo voices). */
function drumMachine(bpm: number, beats: number, sampleRate: number): Float32Array {
  const beatS = 60 / bpm;
  const out = new Float32Array(Math.round(beats * beatS * sampleRate));
  let seed = 3;
  const noise = (): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 31 - 1;
  };
  const hit = (at: number, level: number, kind: 'kick' | 'snare' | 'hat'): void => {
    const start = Math.round(at * sampleRate);
    const length = Math.round((kind === 'kick' ? 0.25 : kind === 'snare' ? 0.15 : 0.04) * sampleRate);
    for (let i = 0; i < length && start + i < out.length; i++) {
      const t = i / sampleRate;
      const env = Math.exp(-t * (kind === 'kick' ? 18 : kind === 'snare' ? 30 : 120));
      const v = kind === 'kick' ? Math.sin(2 * Math.PI * (50 + 60 * Math.exp(-t * 40)) * t) : noise();
      out[start + i] = (out[start + i] as number) + level * env * v;
    }
  };
  for (let eighth = 0; eighth < beats * 2; eighth++) {
    const at = (eighth * beatS) / 2;
    hit(at, 0.15, 'hat');
    if (eighth % 4 === 0) hit(at, 0.6, 'kick');
    if (eighth % 4 === 2) hit(at, 0.4, 'snare');
  }
  return out;
}

describe('estimateBpm: every loop of the demo catalog', () => {
  it('has 44 loops, each with its tempo in the spec', () => {
    expect(loops).toHaveLength(44);
  });

  for (const spec of loops) {
    it(`${label(spec)} → within ±1 BPM`, async () => {
      const bpm = estimateBpm(await uploaded(spec), SAMPLE_RATE, { loop: true });
      expect(bpm).not.toBeNull();
      expect(Math.abs(Math.round(bpm as number) - spec.bpm)).toBeLessThanOrEqual(1);
    });
  }
});

describe('estimateBpm: music of the demo catalog', () => {
  // Four meters: maqsum (4/4), wahda (slow 4/4), sama'i thaqil (10/8) and karsilama (9/8). Every piece
  // is measured, so a change that helps some and hurts others shows: at least 43 of the 48 within
  // ±1 BPM (the rate when this was written, see the report of issue #10), and a miss is only ever the
  // right pulse counted at another level of the meter (×2, ×1/2, ×3/4, ×4/3, ×3/2 or ×2/3).
  const music = catalog.tracks.filter((t) => t.kind !== 'loop');
  const RELATED = [2, 1 / 2, 3 / 4, 4 / 3, 3 / 2, 2 / 3];

  it('has 48 pieces', () => {
    expect(music).toHaveLength(48);
  });

  it('finds the tempo of at least 43 of the 48 pieces within ±1 BPM; the others at a related pulse', async () => {
    const misses: string[] = [];
    const unrelated: string[] = [];
    for (const spec of music) {
      const bpm = estimateBpm(await uploaded(spec), SAMPLE_RATE);
      if (bpm !== null && Math.abs(Math.round(bpm) - spec.bpm) <= 1) continue;
      const found = `${label(spec)} → ${bpm === null ? 'none' : bpm.toFixed(1)}`;
      misses.push(found);
      if (bpm === null || !RELATED.some((ratio) => Math.abs(bpm - spec.bpm * ratio) <= 1.5)) unrelated.push(found);
    }
    console.log(`tempo of the demo music: ${music.length - misses.length}/${music.length} within ±1 BPM`, misses);
    expect(unrelated).toEqual([]);
    expect(music.length - misses.length).toBeGreaterThanOrEqual(43);
  }, 180_000);
});

describe('estimateBpm: other signals', () => {
  it('finds the tempo of a drum machine, as a piece and as a loop, at 44.1 and 48 kHz', () => {
    const piece = drumMachine(100, 40, 44100);
    expect(estimateBpm([piece], 44100)).toBeCloseTo(100, 0);
    const loop = drumMachine(93, 16, 48000);
    expect(estimateBpm([loop], 48000, { loop: true })).toBeCloseTo(93, 3);
  });

  it('gives the same tempo for a demo loop resampled to 48 kHz', async () => {
    const spec = loops.find((l) => l.key === 'loop-13') as DemoTrackSpec;
    const at48 = resample(await uploaded(spec), SAMPLE_RATE, 48000);
    expect(Math.round(estimateBpm(at48, 48000, { loop: true }) as number)).toBe(spec.bpm);
  });

  it('returns null without a pulse: silence, a steady tone, noise, under 2 s', () => {
    expect(estimateBpm(sine(440, 10, 44100, 0), 44100)).toBeNull();
    expect(estimateBpm(sine(440, 10, 44100, 0.5), 44100)).toBeNull();
    expect(estimateBpm(sine(440, 10, 44100, 0.5), 44100, { loop: true })).toBeNull();
    let seed = 11;
    const noise = Float32Array.from({ length: 44100 * 10 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed / 2 ** 32 - 0.5) * 0.3;
    });
    expect(estimateBpm([noise], 44100)).toBeNull();
    expect(estimateBpm([drumMachine(100, 3, 44100)], 44100)).toBeNull();
  });
});
