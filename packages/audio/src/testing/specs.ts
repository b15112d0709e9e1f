import { getIqa } from '../theory/iqa.js';
import type { DemoTrackSpec } from '../types.js';

const BASE: DemoTrackSpec = {
  key: 'test',
  kind: 'music',
  title: 'Test Piece',
  artistKey: 'test-artist',
  albumKey: null,
  genres: ['Classical Arabic'],
  moods: ['Romantic'],
  themes: ['Night'],
  instruments: ['Oud', 'Darbuka'],
  region: 'Egypt',
  maqam: 'Rast',
  tonic: 'C',
  iqa: 'Maqsum',
  meter: '4/4',
  bpm: 110,
  priceCents: 599,
  scale: { key: 'C', keyType: 'Rast' },
  seed: 1234,
  targetDurationS: 4,
};

/** A short music spec for tests (a couple of bars plus the tail). */
export function shortMusic(overrides: Partial<DemoTrackSpec> = {}): DemoTrackSpec {
  return withDerived({ ...BASE, ...overrides });
}

/** A loop spec for tests. */
export function shortLoop(overrides: Partial<DemoTrackSpec> = {}): DemoTrackSpec {
  return withDerived({ ...BASE, kind: 'loop', key: 'test-loop', title: 'Test Loop', ...overrides });
}

function withDerived(spec: DemoTrackSpec): DemoTrackSpec {
  return { ...spec, meter: getIqa(spec.iqa).meter, scale: { key: spec.tonic, keyType: spec.maqam } };
}
