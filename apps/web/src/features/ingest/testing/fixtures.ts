import type { ArtistTrackDto, FilterOption, UploadDto } from '@tarab/contracts';
import { makeTrack } from '@/testing/make-track';
import type { ArtistCatalog } from '../api/get-artist-catalog';

/** Test data of the ingest feature (tracks, uploads, the artist's catalog, filter options). */

export function makeArtistTrack(overrides: Partial<ArtistTrackDto> = {}): ArtistTrackDto {
  return {
    ...makeTrack(501, {
      kind: 'loop',
      title: 'Hijaz Pulse',
      artist: { id: 3, name: 'Amal Artist' },
      duration: '0:08',
      duration_seconds: 8,
      created_at: '2026-03-01T10:00:00.000Z',
    }),
    price: 4.99,
    published: false,
    takedown: null,
    review: null,
    loudness_lufs: -14.2,
    metadata: {
      album_id: null,
      genre: [],
      mood: [],
      theme: [],
      instrument: [],
      region_id: null,
      scale_id: null,
    },
    ...overrides,
  };
}

export function makeUpload(overrides: Partial<UploadDto> = {}): UploadDto {
  return {
    id: 77,
    status: 'queued',
    filename: 'hijaz-pulse.wav',
    size: 705_644,
    title: 'Hijaz Pulse',
    kind: 'loop',
    error: null,
    error_code: null,
    error_params: null,
    analysis: null,
    track: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const processedAnalysis = {
  format: 'wav',
  sample_rate: 44_100,
  channels: 2,
  duration_seconds: 8,
  bpm: 96,
  loudness_lufs: -14.24,
};

export function makeCatalog(overrides: Partial<ArtistCatalog> = {}): ArtistCatalog {
  return {
    artist: { id: 3, name: 'Amal Artist' },
    albums: [
      { id: 31, title: 'Night Caravans' },
      { id: 32, title: 'Desert Bloom' },
    ],
    tracks: [],
    max_upload_mb: 250,
    formats: ['wav', 'mp3'],
    ...overrides,
  };
}

const option = (id: number, name: string): FilterOption => ({ id, name, image: '', color: '', count: 3 });

/** A `POST /api/filter` answer with a few options of each kind. */
export const filterResponse = {
  music: [],
  loop: [],
  total: { music: 0, loop: 0 },
  filters: {
    genres: [option(1, 'Arabic Pop'), option(2, 'Cinematic')],
    moods: [option(5, 'Dreamy'), option(6, 'Epic')],
    themes: [option(9, 'Travel')],
    instruments: [option(12, 'Oud'), option(13, 'Darbuka')],
    regions: [option(20, 'Levant'), option(21, 'Maghreb')],
    scale: [{ id: 40, name: 'Hijaz on D', key: 'D', key_type: 'maqam', count: 2 }],
    bpm: { min: 60, max: 140 },
    maqam_family: [],
    maqam: [],
    jins_lower: [],
    jins_upper: [],
    tonic: [],
    iqa: [],
    meter: [],
  },
};

/** A WAV-named file of `size` bytes (contents do not matter to the browser side). */
export function audioFile(name = 'hijaz-pulse.wav', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'audio/wav' });
}
