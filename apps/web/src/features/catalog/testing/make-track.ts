import type { TrackDto } from '@tarab/contracts';

/** A complete track DTO for tests; override what the test is about. */
export function makeTrack(id: number, overrides: Partial<TrackDto> = {}): TrackDto {
  return {
    id,
    kind: 'music',
    title: `Track ${id}`,
    cr_public_id: `/media/previews/track-${id}.mp3`,
    waveform_data: `/media/peaks/track-${id}.json`,
    album: { id: 1, title: 'Album One', image: { url: '/media/images/albums/one.svg' } },
    artist: { id: 7, name: 'Layal Zahr' },
    genre: [{ id: 1, name: 'Classical Arabic' }],
    mood: [{ id: 2, name: 'Mystical' }],
    theme: [],
    instrument: [{ id: 3, name: 'Oud' }],
    region: { id: 4, name: 'Levant' },
    scale: { id: 5, name: 'Bayati on D', key: 'D', key_type: 'Bayati' },
    key: 'D',
    maqam: 'Bayati',
    iqa: null,
    meter: null,
    bpm: 96,
    duration: '3:00',
    duration_seconds: 180,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const makeTracks = (count: number, from = 1): TrackDto[] =>
  Array.from({ length: count }, (_, i) => makeTrack(from + i));
