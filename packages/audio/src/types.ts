/** Public shapes of the demo catalog and of rendered tracks (the server's seeder depends on these). */
export type TagKind = 'genre' | 'mood' | 'theme' | 'instrument' | 'region';

export interface DemoTag {
  kind: TagKind;
  name: string;
  /** #rrggbb */
  color: string;
  /** SVG document text. */
  image: string;
}

export interface DemoScale {
  /** e.g. "Hijaz on D" */
  name: string;
  /** The tonic, e.g. "D" or "E half-flat". */
  key: string;
  /** The maqam, e.g. "Hijaz". */
  keyType: string;
}

export interface DemoArtist {
  key: string;
  name: string;
  /** The name and bio in Arabic (decision 061). */
  nameAr: string;
  bio: string;
  bioAr: string;
  /** SVG document text. */
  image: string;
}

export interface DemoAlbum {
  key: string;
  title: string;
  /** Its Arabic title (catalog/arabic-titles.ts). */
  titleAr?: string;
  artistKey: string;
  /** SVG cover. */
  image: string;
  /** YYYY-MM-DD */
  releasedAt: string;
}

export interface DemoTrackSpec {
  key: string;
  kind: 'music' | 'loop';
  title: string;
  /** Its Arabic title (music: catalog/arabic-titles.ts; loops: named by the seed from the lexicon). */
  titleAr?: string;
  artistKey: string;
  albumKey: string | null;
  genres: string[];
  moods: string[];
  themes: string[];
  instruments: string[];
  region: string;
  maqam: string;
  tonic: string;
  /** Rhythm cycle name, e.g. "Maqsum". */
  iqa: string;
  /** e.g. "4/4", "10/8" */
  meter: string;
  bpm: number;
  priceCents: number;
  scale: { key: string; keyType: string };
  seed: number;
  targetDurationS: number;
}

export interface DemoCatalog {
  tags: DemoTag[];
  scales: DemoScale[];
  artists: DemoArtist[];
  albums: DemoAlbum[];
  tracks: DemoTrackSpec[];
}

export interface RenderedTrack {
  /** Full-quality original: 24-bit PCM WAV, 44.1 kHz stereo. */
  wav: Uint8Array;
  /** Preview: whole length, 128 kbps CBR MP3 with a gapless (LAME Info) header. */
  mp3: Uint8Array;
  /** Loops only: the gapless audition file, 16-bit WAV of exactly loopSampleCount samples (decision 043). */
  audition?: Uint8Array;
  /** 500 values in [0, 1]. */
  peaks: number[];
  /** Measured from the rendered samples. */
  durationS: number;
  /** The tempo actually rendered. */
  bpm: number;
}
