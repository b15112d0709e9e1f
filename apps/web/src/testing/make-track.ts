import { TrackDto } from '@tarab/contracts';

/**
 * The one TrackDto factory of the web tests: a complete track, checked against the contract's
 * schema (a fixture cannot drift from what the server sends). Pass what the test is about; the
 * features' helpers (catalog, library, commerce, ingest) add their own names and tags on top.
 */
export function makeTrack(id: number, overrides: Partial<TrackDto> = {}): TrackDto {
  return TrackDto.parse({
    id,
    kind: 'music',
    title: `Track ${id}`,
    cr_public_id: `/media/previews/${id}.mp3`,
    waveform_data: `/media/peaks/${id}.json`,
    album: null,
    artist: { id: 1, name: 'Artist' },
    genre: [],
    mood: [],
    theme: [],
    instrument: [],
    region: null,
    scale: null,
    key: null,
    maqam: null,
    iqa: null,
    meter: null,
    bpm: 96,
    duration: '3:00',
    duration_seconds: 180,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  } satisfies TrackDto);
}
