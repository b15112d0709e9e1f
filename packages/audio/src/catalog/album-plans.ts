/**
 * The albums of the demo store and the character of the music on each: which genres, moods and
 * themes it draws from, which ensembles play it, in which maqamat and rhythm cycles, and the
 * titles of its pieces (all invented).
 */
import type { CoverLayout } from '../art/cover-art.js';

export interface AlbumPlan {
  key: string;
  title: string;
  artistKey: string;
  releasedAt: string;
  paletteIndex: number;
  /** The cover's composition (art/cover-art.ts); set per album so the shelf varies. */
  layout: CoverLayout;
  region: string;
  genres: readonly string[];
  moods: readonly string[];
  themes: readonly string[];
  ensembles: readonly (readonly string[])[];
  /** [maqam, tonic] pairs. */
  scales: readonly (readonly [string, string])[];
  iqaat: readonly string[];
  titles: readonly string[];
}

export const MUSIC_ALBUMS: readonly AlbumPlan[] = [
  {
    key: 'lanterns-of-the-old-city',
    title: 'Lanterns of the Old City',
    artistKey: 'nour-al-layl',
    releasedAt: '2023-10-12',
    paletteIndex: 0,
    layout: 'arch',
    region: 'Egypt',
    genres: ['Classical Arabic'],
    moods: ['Romantic', 'Melancholic', 'Mystical'],
    themes: ['Night', 'Documentary', 'Ramadan'],
    ensembles: [
      ['Oud', 'Qanun', 'Riq', 'Drone'],
      ['Oud', 'Ney', 'Riq'],
      ['Qanun', 'Ney', 'Darbuka', 'Drone'],
      ['Oud', 'Qanun', 'Ney', 'Riq'],
    ],
    scales: [
      ['Rast', 'C'],
      ['Bayati', 'D'],
      ['Sikah', 'E half-flat'],
      ['Huzam', 'E half-flat'],
      ['Nahawand', 'C'],
    ],
    iqaat: ['Wahda', 'Maqsum', 'Ayyub'],
    titles: [
      'Lantern Light on Old Stones',
      'A Letter Never Sent',
      "The Coppersmith's Evening",
      'Moonrise Over the Citadel',
      'Whispers in the Courtyard',
    ],
  },
  {
    key: 'raqs-al-qamar',
    title: 'Raqs al-Qamar',
    artistKey: 'qasr-rhythm',
    releasedAt: '2024-05-03',
    paletteIndex: 1,
    layout: 'medallion',
    region: 'Egypt',
    genres: ['Belly Dance', 'Arabic Pop'],
    moods: ['Energetic', 'Joyful', 'Romantic'],
    themes: ['Wedding', 'Bazaar', 'Night'],
    ensembles: [
      ['Qanun', 'Darbuka', 'Riq'],
      ['Oud', 'Darbuka', 'Riq'],
      ['Qanun', 'Oud', 'Darbuka'],
      ['Ney', 'Darbuka', 'Riq', 'Drone'],
    ],
    scales: [
      ['Hijaz', 'D'],
      ['Nahawand', 'C'],
      ['Kurd', 'D'],
      ['Hijazkar', 'C'],
      ['Saba', 'D'],
    ],
    iqaat: ['Baladi', 'Maqsum', 'Saidi', 'Malfuf'],
    titles: [
      'Silver Coins and Saffron',
      'Seven Veils of Twilight',
      'Zaffa Under the Stars',
      'Henna Night Shimmy',
      'Crescent Over the Corniche',
    ],
  },
  {
    key: 'breath-of-the-dunes',
    title: 'Breath of the Dunes',
    artistKey: 'rimal-collective',
    releasedAt: '2022-11-18',
    paletteIndex: 5,
    layout: 'rising',
    region: 'Gulf',
    genres: ['Ambient', 'Cinematic Oriental'],
    moods: ['Meditative', 'Mystical', 'Tense'],
    themes: ['Desert', 'Night', 'Travel'],
    ensembles: [
      ['Ney', 'Drone'],
      ['Ney', 'Drone', 'Frame Drum'],
      ['Oud', 'Drone', 'Frame Drum'],
      ['Qanun', 'Ney', 'Drone'],
    ],
    scales: [
      ['Saba', 'D'],
      ['Bayati', 'A'],
      ['Kurd', 'A'],
      ['Hijaz', 'G'],
      ['Sikah', 'E half-flat'],
    ],
    iqaat: ['Wahda', 'Ayyub'],
    titles: [
      'Where the Wind Writes',
      'Empty Quarter at Dawn',
      'Mirage Cartography',
      'The Salt Road Sleeps',
      'Starlight on Sand',
    ],
  },
  {
    key: 'whirling-light',
    title: 'Whirling Light',
    artistKey: 'kervan-ensemble',
    releasedAt: '2021-12-17',
    paletteIndex: 4,
    layout: 'medallion',
    region: 'Anatolia',
    genres: ['Sufi', 'Turkish Classical'],
    moods: ['Mystical', 'Meditative', 'Melancholic'],
    themes: ['Ramadan', 'Travel', 'Night'],
    ensembles: [
      ['Ney', 'Frame Drum', 'Drone'],
      ['Ney', 'Qanun', 'Frame Drum'],
      ['Qanun', 'Oud', 'Frame Drum'],
      ['Ney', 'Oud', 'Drone'],
    ],
    scales: [
      ['Huzam', 'E half-flat'],
      ['Hijaz', 'A'],
      ['Saba', 'D'],
      ['Nikriz', 'G'],
      ['Kurd', 'D'],
    ],
    iqaat: ['Ayyub', 'Wahda'],
    titles: [
      'The Turning of the Sky',
      'Reed Lament',
      'Caravanserai at Midnight',
      'Lamp of the Dervish',
      'Threshold of Dawn',
    ],
  },
  {
    key: 'gardens-of-qurtuba',
    title: 'Gardens of Qurtuba',
    artistKey: 'idris-tafsut',
    releasedAt: '2024-02-09',
    paletteIndex: 2,
    layout: 'arch',
    region: 'Maghreb',
    genres: ['Andalusian', 'Classical Arabic'],
    moods: ['Romantic', 'Joyful', 'Melancholic'],
    themes: ['Travel', 'Night', 'Wedding'],
    ensembles: [
      ['Oud', 'Riq'],
      ['Oud', 'Frame Drum', 'Drone'],
      ['Oud', 'Qanun', 'Riq'],
      ['Oud', 'Ney', 'Frame Drum'],
    ],
    scales: [
      ['Jiharkah', 'F'],
      ['Rast', 'G'],
      ['Nahawand', 'G'],
      ['Ajam', 'Bb'],
      ['Hijaz', 'D'],
    ],
    iqaat: ['Malfuf', 'Maqsum', 'Wahda'],
    titles: [
      'Orange Blossom Fountain',
      'Ivory Arches',
      'Letters from the Medina',
      'Nightingale of the Patio',
      'Zellige Afternoon',
    ],
  },
  {
    key: 'cedar-strings',
    title: 'Cedar Strings',
    artistKey: 'layal-zahr',
    releasedAt: '2025-03-21',
    paletteIndex: 3,
    layout: 'medallion',
    region: 'Levant',
    genres: ['Classical Arabic', 'Arabic Pop'],
    moods: ['Romantic', 'Joyful', 'Melancholic'],
    themes: ['Wedding', 'Travel', 'Documentary'],
    ensembles: [
      ['Qanun', 'Darbuka', 'Drone'],
      ['Qanun', 'Riq'],
      ['Qanun', 'Oud', 'Darbuka'],
      ['Qanun', 'Ney', 'Riq', 'Drone'],
    ],
    scales: [
      ['Bayati', 'D'],
      ['Rast', 'C'],
      ['Ajam', 'C'],
      ['Nahawand', 'D'],
      ['Kurd', 'D'],
    ],
    iqaat: ['Maqsum', 'Malfuf', 'Wahda', "Sama'i Thaqil"],
    titles: [
      'Mountain Village Morning',
      'Jasmine on the Balcony',
      'Olive Harvest Song',
      'Harbour Rain',
      'The Cedar Remembers',
    ],
  },
  {
    key: 'caravan-chronicles',
    title: 'Caravan Chronicles',
    artistKey: 'rimal-collective',
    releasedAt: '2025-01-24',
    paletteIndex: 7,
    layout: 'rising',
    region: 'Gulf',
    genres: ['Cinematic Oriental'],
    moods: ['Epic', 'Tense', 'Mystical'],
    themes: ['Adventure', 'Desert', 'Documentary'],
    ensembles: [
      ['Oud', 'Darbuka', 'Frame Drum', 'Drone'],
      ['Ney', 'Frame Drum', 'Darbuka', 'Drone'],
      ['Qanun', 'Oud', 'Frame Drum', 'Drone'],
      ['Oud', 'Ney', 'Darbuka', 'Drone'],
    ],
    scales: [
      ['Hijaz', 'D'],
      ['Kurd', 'D'],
      ['Nikriz', 'C'],
      ['Saba', 'A'],
      ['Hijazkar', 'D'],
    ],
    iqaat: ['Saidi', 'Maqsum', 'Ayyub', 'Malfuf'],
    titles: [
      'Sandstorm Pursuit',
      'Ruins of the Copper City',
      "The Falcon's Errand",
      'Oasis at the Edge of the Map',
      'Night March of the Caravan',
    ],
  },
  {
    key: 'nights-of-nishapur',
    title: 'Nights of Nishapur',
    artistKey: 'golshan-trio',
    releasedAt: '2023-03-20',
    paletteIndex: 6,
    layout: 'medallion',
    region: 'Persia',
    genres: ['Sufi', 'Ambient'],
    moods: ['Romantic', 'Melancholic', 'Meditative'],
    themes: ['Night', 'Ramadan', 'Travel'],
    ensembles: [
      ['Ney', 'Oud', 'Frame Drum'],
      ['Qanun', 'Ney', 'Frame Drum'],
      ['Oud', 'Frame Drum', 'Drone'],
      ['Ney', 'Qanun', 'Oud', 'Frame Drum'],
    ],
    scales: [
      ['Bayati', 'D'],
      ['Sikah', 'E half-flat'],
      ['Rast', 'G'],
      ['Nahawand', 'G'],
      ['Hijaz', 'A'],
    ],
    iqaat: ['Wahda', 'Ayyub', 'Maqsum'],
    titles: ['The Rose and the Nightingale', 'Turquoise Domes', 'A Cup of Moonlight', "Poet's Garden After Rain"],
  },
  {
    key: 'salt-and-pearl',
    title: 'Salt and Pearl',
    artistKey: 'bahr-ensemble',
    releasedAt: '2024-09-06',
    paletteIndex: 6,
    layout: 'arch',
    region: 'Gulf',
    genres: ['Khaleeji', 'Arabic Pop'],
    moods: ['Joyful', 'Energetic', 'Romantic'],
    themes: ['Wedding', 'Bazaar', 'Travel'],
    ensembles: [
      ['Oud', 'Darbuka', 'Riq'],
      ['Oud', 'Qanun', 'Darbuka'],
      ['Oud', 'Darbuka', 'Frame Drum'],
      ['Qanun', 'Darbuka', 'Riq'],
    ],
    scales: [
      ['Bayati', 'D'],
      ['Rast', 'C'],
      ['Sikah', 'E half-flat'],
      ['Hijaz', 'A'],
      ['Kurd', 'A'],
    ],
    iqaat: ['Malfuf', 'Saidi', 'Maqsum', 'Ayyub'],
    titles: [
      'Pearl Divers Return',
      'Dhow Sails at Noon',
      'Frankincense Market',
      'Palm Shade Promenade',
      'Harbour Lights',
    ],
  },
  {
    key: 'rhythms-of-the-souk',
    title: 'Rhythms of the Souk',
    artistKey: 'qasr-rhythm',
    releasedAt: '2022-06-10',
    paletteIndex: 3,
    layout: 'rising',
    region: 'Egypt',
    genres: ['Belly Dance', 'Cinematic Oriental'],
    moods: ['Energetic', 'Tense', 'Joyful'],
    themes: ['Bazaar', 'Adventure'],
    ensembles: [
      ['Darbuka', 'Riq', 'Drone'],
      ['Darbuka', 'Frame Drum', 'Riq', 'Qanun'],
      ['Darbuka', 'Riq', 'Oud'],
      ['Darbuka', 'Frame Drum', 'Ney'],
    ],
    scales: [
      ['Hijaz', 'D'],
      ['Saba', 'D'],
      ['Kurd', 'A'],
      ['Hijazkar', 'C'],
    ],
    iqaat: ['Saidi', 'Maqsum', 'Baladi', 'Karsilama'],
    titles: ['Souk Chase', 'Drum Circle at the Spice Gate', "Coppersmiths' Alley", 'Brass Tray Rhythm'],
  },
];

/** Albums that collect loops (one artist each): every loop belongs to one, so every loop has art. */
export const LOOP_ALBUMS: readonly {
  key: string;
  title: string;
  /** Arabic title (the music albums' are in arabic-titles.ts). */
  titleAr?: string;
  artistKey: string;
  releasedAt: string;
  paletteIndex: number;
  layout: CoverLayout;
}[] = [
  {
    key: 'qasr-darbuka-kit',
    title: 'Qasr Darbuka Kit, Vol. 1',
    artistKey: 'qasr-rhythm',
    releasedAt: '2025-06-13',
    paletteIndex: 7,
    layout: 'field',
  },
  {
    key: 'maqam-phrase-library',
    title: 'Maqam Phrase Library',
    artistKey: 'layal-zahr',
    releasedAt: '2025-08-01',
    paletteIndex: 2,
    layout: 'field',
  },
  {
    key: 'sema-circle-loops',
    title: 'Sema Circle Loops',
    titleAr: 'حلقات دائرة السماع',
    artistKey: 'kervan-ensemble',
    releasedAt: '2023-06-02',
    paletteIndex: 3,
    layout: 'field',
  },
  {
    key: 'daf-and-riq-sessions',
    title: 'Daf and Riq Sessions',
    titleAr: 'جلسات الدف والرق',
    artistKey: 'golshan-trio',
    releasedAt: '2022-09-16',
    paletteIndex: 4,
    layout: 'field',
  },
  {
    key: 'fez-courtyard-loops',
    title: 'Fez Courtyard Loops',
    titleAr: 'حلقات من فناء فاسي',
    artistKey: 'idris-tafsut',
    releasedAt: '2023-09-08',
    paletteIndex: 5,
    layout: 'field',
  },
  {
    key: 'dune-drones',
    title: 'Dune Drones',
    titleAr: 'درون الكثبان',
    artistKey: 'rimal-collective',
    releasedAt: '2022-04-22',
    paletteIndex: 0,
    layout: 'field',
  },
  {
    key: 'harbour-grooves',
    title: 'Harbour Grooves',
    titleAr: 'إيقاعات الميناء',
    artistKey: 'bahr-ensemble',
    releasedAt: '2023-12-01',
    paletteIndex: 1,
    layout: 'field',
  },
];

/**
 * The instruments in each artist's portrait (art/artist-art.ts): the soloist's own, or the two or
 * three that make the group's sound.
 */
export const ARTIST_INSTRUMENTS: Readonly<Record<string, readonly string[]>> = {
  'nour-al-layl': ['Oud', 'Qanun', 'Ney'],
  'qasr-rhythm': ['Darbuka', 'Riq'],
  'rimal-collective': ['Ney', 'Frame Drum'],
  'kervan-ensemble': ['Frame Drum', 'Ney'],
  'idris-tafsut': ['Oud'],
  'layal-zahr': ['Qanun'],
  'golshan-trio': ['Ney', 'Frame Drum', 'Oud'],
  'bahr-ensemble': ['Oud', 'Darbuka'],
};
