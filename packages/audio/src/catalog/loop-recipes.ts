/**
 * The loops of the demo store: one or two voices each, on an iqa', with the maqam and tonic that
 * key them (drums are tuned to the tonic too).
 */
export interface LoopRecipe {
  instruments: readonly string[];
  iqa: string;
  artistKey: string;
  /** Every loop is in a loop album, whose cover is its art. */
  albumKey: string;
  maqam: string;
  tonic: string;
  genres: readonly string[];
  moods: readonly string[];
  themes: readonly string[];
  region: string;
}

type Row = [string, string, string, string, string, string, string, string, string, string];

const KIT = 'qasr-darbuka-kit';
const PHRASES = 'maqam-phrase-library';
const SEMA = 'sema-circle-loops';
const DAF = 'daf-and-riq-sessions';
const FEZ = 'fez-courtyard-loops';
const DUNES = 'dune-drones';
const HARBOUR = 'harbour-grooves';

// instruments (+), iqa, artist, album, maqam, tonic, genres (,), moods (,), themes (,), region
const ROWS: readonly Row[] = [
  ['Darbuka', 'Maqsum', 'qasr-rhythm', KIT, 'Hijaz', 'D', 'Belly Dance,Arabic Pop', 'Energetic', 'Bazaar', 'Egypt'],
  ['Darbuka', 'Baladi', 'qasr-rhythm', KIT, 'Bayati', 'D', 'Belly Dance', 'Joyful', 'Wedding', 'Egypt'],
  ['Darbuka', 'Saidi', 'qasr-rhythm', KIT, 'Saba', 'D', 'Belly Dance', 'Energetic', 'Adventure', 'Egypt'],
  ['Darbuka', 'Malfuf', 'qasr-rhythm', KIT, 'Rast', 'C', 'Arabic Pop', 'Energetic', 'Wedding', 'Egypt'],
  ['Darbuka', 'Ayyub', 'qasr-rhythm', KIT, 'Kurd', 'D', 'Sufi', 'Tense', 'Night', 'Egypt'],
  ['Darbuka', 'Wahda', 'qasr-rhythm', KIT, 'Nahawand', 'C', 'Classical Arabic', 'Romantic', 'Night', 'Egypt'],
  ['Darbuka', 'Karsilama', 'qasr-rhythm', KIT, 'Hijaz', 'A', 'Turkish Classical', 'Joyful', 'Wedding', 'Anatolia'],
  ['Darbuka', "Sama'i Thaqil", 'qasr-rhythm', KIT, 'Rast', 'C', 'Classical Arabic', 'Epic', 'Documentary', 'Levant'],
  ['Riq', 'Maqsum', 'qasr-rhythm', KIT, 'Hijaz', 'D', 'Classical Arabic', 'Joyful', 'Bazaar', 'Egypt'],
  ['Riq', 'Malfuf', 'qasr-rhythm', KIT, 'Bayati', 'D', 'Arabic Pop', 'Energetic', 'Wedding', 'Egypt'],
  ['Riq', "Sama'i Thaqil", 'qasr-rhythm', KIT, 'Bayati', 'D', 'Classical Arabic', 'Joyful', 'Night', 'Levant'],
  ['Riq', 'Baladi', 'qasr-rhythm', KIT, 'Nahawand', 'C', 'Belly Dance', 'Joyful', 'Bazaar', 'Egypt'],
  [
    'Darbuka+Riq',
    'Maqsum',
    'qasr-rhythm',
    KIT,
    'Hijaz',
    'D',
    'Belly Dance,Arabic Pop',
    'Energetic',
    'Wedding',
    'Egypt',
  ],
  ['Darbuka+Riq', 'Saidi', 'qasr-rhythm', KIT, 'Saba', 'D', 'Belly Dance', 'Energetic', 'Bazaar', 'Egypt'],
  ['Darbuka+Riq', 'Baladi', 'qasr-rhythm', KIT, 'Kurd', 'D', 'Belly Dance', 'Joyful', 'Wedding', 'Egypt'],
  ['Darbuka+Riq', 'Malfuf', 'qasr-rhythm', KIT, 'Rast', 'C', 'Khaleeji', 'Energetic', 'Bazaar', 'Gulf'],
  ['Frame Drum', 'Ayyub', 'kervan-ensemble', SEMA, 'Huzam', 'E half-flat', 'Sufi', 'Mystical', 'Ramadan', 'Anatolia'],
  ['Frame Drum', 'Wahda', 'golshan-trio', DAF, 'Bayati', 'D', 'Sufi,Ambient', 'Meditative', 'Night', 'Persia'],
  [
    'Frame Drum',
    'Karsilama',
    'kervan-ensemble',
    SEMA,
    'Nikriz',
    'G',
    'Turkish Classical',
    'Joyful',
    'Travel',
    'Anatolia',
  ],
  ['Frame Drum', 'Malfuf', 'idris-tafsut', FEZ, 'Jiharkah', 'F', 'Andalusian', 'Joyful', 'Wedding', 'Maghreb'],
  ['Frame Drum+Riq', 'Maqsum', 'golshan-trio', DAF, 'Sikah', 'E half-flat', 'Sufi', 'Energetic', 'Travel', 'Persia'],
  [
    'Frame Drum+Riq',
    "Sama'i Thaqil",
    'kervan-ensemble',
    SEMA,
    'Hijaz',
    'A',
    'Turkish Classical',
    'Epic',
    'Documentary',
    'Anatolia',
  ],
  ['Oud', 'Maqsum', 'idris-tafsut', FEZ, 'Hijaz', 'D', 'Classical Arabic', 'Melancholic', 'Travel', 'Maghreb'],
  ['Oud', 'Wahda', 'idris-tafsut', FEZ, 'Rast', 'C', 'Classical Arabic', 'Romantic', 'Night', 'Maghreb'],
  ['Oud', 'Malfuf', 'idris-tafsut', FEZ, 'Nahawand', 'G', 'Andalusian', 'Joyful', 'Travel', 'Maghreb'],
  ['Oud', 'Maqsum', 'idris-tafsut', FEZ, 'Jiharkah', 'F', 'Andalusian', 'Romantic', 'Wedding', 'Maghreb'],
  ['Oud', 'Ayyub', 'idris-tafsut', FEZ, 'Bayati', 'D', 'Classical Arabic', 'Mystical', 'Desert', 'Maghreb'],
  ['Qanun', 'Maqsum', 'layal-zahr', PHRASES, 'Bayati', 'D', 'Classical Arabic', 'Joyful', 'Documentary', 'Levant'],
  ['Qanun', "Sama'i Thaqil", 'layal-zahr', PHRASES, 'Rast', 'C', 'Classical Arabic', 'Joyful', 'Night', 'Levant'],
  ['Qanun', 'Malfuf', 'layal-zahr', PHRASES, 'Ajam', 'Bb', 'Arabic Pop', 'Joyful', 'Wedding', 'Levant'],
  ['Qanun', 'Saidi', 'layal-zahr', PHRASES, 'Kurd', 'D', 'Arabic Pop', 'Energetic', 'Bazaar', 'Levant'],
  [
    'Qanun',
    'Wahda',
    'layal-zahr',
    PHRASES,
    'Sikah',
    'E half-flat',
    'Classical Arabic',
    'Melancholic',
    'Ramadan',
    'Levant',
  ],
  ['Ney+Drone', 'Wahda', 'rimal-collective', DUNES, 'Saba', 'D', 'Ambient', 'Melancholic', 'Desert', 'Gulf'],
  [
    'Ney+Drone',
    'Ayyub',
    'rimal-collective',
    DUNES,
    'Hijaz',
    'G',
    'Ambient,Cinematic Oriental',
    'Mystical',
    'Desert',
    'Gulf',
  ],
  ['Ney+Drone', 'Wahda', 'rimal-collective', DUNES, 'Bayati', 'A', 'Sufi', 'Meditative', 'Ramadan', 'Gulf'],
  ['Ney+Drone', 'Ayyub', 'kervan-ensemble', SEMA, 'Huzam', 'E half-flat', 'Sufi', 'Mystical', 'Night', 'Anatolia'],
  ['Oud+Darbuka', 'Malfuf', 'bahr-ensemble', HARBOUR, 'Bayati', 'D', 'Khaleeji', 'Joyful', 'Wedding', 'Gulf'],
  [
    'Oud+Darbuka',
    'Maqsum',
    'bahr-ensemble',
    HARBOUR,
    'Hijaz',
    'A',
    'Khaleeji,Arabic Pop',
    'Energetic',
    'Bazaar',
    'Gulf',
  ],
  ['Oud+Darbuka', 'Saidi', 'bahr-ensemble', HARBOUR, 'Rast', 'C', 'Arabic Pop', 'Joyful', 'Travel', 'Gulf'],
  ['Oud+Darbuka', 'Baladi', 'bahr-ensemble', HARBOUR, 'Kurd', 'A', 'Belly Dance', 'Tense', 'Adventure', 'Gulf'],
  ['Qanun+Riq', 'Maqsum', 'layal-zahr', PHRASES, 'Nahawand', 'C', 'Classical Arabic', 'Romantic', 'Wedding', 'Levant'],
  ['Qanun+Riq', 'Baladi', 'layal-zahr', PHRASES, 'Hijazkar', 'C', 'Belly Dance', 'Energetic', 'Bazaar', 'Levant'],
  [
    'Ney+Frame Drum',
    'Karsilama',
    'kervan-ensemble',
    SEMA,
    'Nikriz',
    'G',
    'Turkish Classical',
    'Tense',
    'Adventure',
    'Anatolia',
  ],
  [
    'Drone+Frame Drum',
    'Wahda',
    'rimal-collective',
    DUNES,
    'Sikah',
    'E half-flat',
    'Ambient,Cinematic Oriental',
    'Epic',
    'Documentary',
    'Gulf',
  ],
];

export const LOOP_RECIPES: readonly LoopRecipe[] = ROWS.map(
  ([inst, iqa, artistKey, albumKey, maqam, tonic, genres, moods, themes, region]) => ({
    instruments: inst.split('+'),
    iqa,
    artistKey,
    albumKey,
    maqam,
    tonic,
    genres: genres.split(','),
    moods: moods.split(','),
    themes: themes.split(','),
    region,
  }),
);
