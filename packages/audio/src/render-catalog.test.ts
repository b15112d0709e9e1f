import { describe, expect, it } from 'vitest';
import { renderCatalog, renderTrack, type DemoTrackSpec, type RenderedTrack } from './index.js';
import { withoutTsxFlags } from './pool/tsx-flags.js';
import { shortLoop, shortMusic } from './testing/specs.js';

const SPECS: DemoTrackSpec[] = [
  shortMusic({ key: 'a', instruments: ['Oud', 'Riq'], iqa: 'Malfuf', bpm: 130, targetDurationS: 4 }),
  shortLoop({ key: 'b', instruments: ['Darbuka'], targetDurationS: 4 }),
  shortLoop({
    key: 'c',
    instruments: ['Ney', 'Drone'],
    maqam: 'Bayati',
    tonic: 'D',
    iqa: 'Ayyub',
    bpm: 100,
    targetDurationS: 4.8,
  }),
];

describe('renderCatalog', () => {
  it('renders on two worker threads, handing every result to onTrack one at a time, identical to in-process', async () => {
    const results = new Map<string, RenderedTrack>();
    let active = 0;
    await renderCatalog(SPECS, {
      workers: 2,
      onTrack: async (spec, rendered) => {
        active++;
        expect(active).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 20));
        results.set(spec.key, rendered);
        active--;
      },
    });
    expect([...results.keys()].sort()).toEqual(['a', 'b', 'c']);
    for (const spec of SPECS) {
      const fromWorker = results.get(spec.key) as RenderedTrack;
      expect(fromWorker.wav).toBeInstanceOf(Uint8Array);
      expect(fromWorker.peaks).toHaveLength(500);
      const inProcess = await renderTrack(spec);
      expect(Buffer.from(fromWorker.wav).equals(Buffer.from(inProcess.wav))).toBe(true);
      expect(Buffer.from(fromWorker.mp3).equals(Buffer.from(inProcess.mp3))).toBe(true);
    }
  });

  it('renders in-process with one worker', async () => {
    const keys: string[] = [];
    await renderCatalog(SPECS.slice(1, 2), { workers: 1, onTrack: (spec) => void keys.push(spec.key) });
    expect(keys).toEqual(['b']);
  });

  it('rejects when onTrack throws, and when a spec cannot be rendered', async () => {
    await expect(
      renderCatalog(SPECS, {
        workers: 2,
        onTrack: () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    await expect(
      renderCatalog([SPECS[0] as DemoTrackSpec, { ...(SPECS[1] as DemoTrackSpec), maqam: 'Nowhere' }], {
        workers: 2,
        onTrack: () => {},
      }),
    ).rejects.toThrow(/Unknown maqam Nowhere/);
  });

  it('strips inherited tsx loader flags but keeps other Node flags', () => {
    expect(
      withoutTsxFlags([
        '--require',
        '/work/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///work/node_modules/tsx/dist/loader.mjs',
        '--max-old-space-size=4096',
        '--import=tsx',
        '--conditions',
        'development',
      ]),
    ).toEqual(['--max-old-space-size=4096', '--conditions', 'development']);
  });
});
