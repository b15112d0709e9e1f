import type { TrackDto } from '@tarab/contracts';
import { makeTrack as makeAnyTrack } from '@/testing/make-track';

/** A catalog track with an album, an artist and tags; override what the test is about. */
export function makeTrack(id: number, overrides: Partial<TrackDto> = {}): TrackDto {
  return makeAnyTrack(id, {
    album: { id: 1, title: 'Album One', image: { url: '/media/images/albums/one.svg' } },
    artist: { id: 7, name: 'Layal Zahr' },
    genre: [{ id: 1, name: 'Classical Arabic' }],
    mood: [{ id: 2, name: 'Mystical' }],
    instrument: [{ id: 3, name: 'Oud' }],
    region: { id: 4, name: 'Levant' },
    scale: { id: 5, name: 'Bayati on D', key: 'D', key_type: 'Bayati' },
    key: 'D',
    maqam: 'Bayati',
    ...overrides,
  });
}

export const makeTracks = (count: number, from = 1): TrackDto[] =>
  Array.from({ length: count }, (_, i) => makeTrack(from + i));
