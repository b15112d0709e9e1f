/** The invented artists of the demo store (no real people). The first one owns the demo artist account. */
export interface ArtistEntry {
  key: string;
  name: string;
  bio: string;
  region: string;
  paletteIndex: number;
}

export const ARTIST_LIST: readonly ArtistEntry[] = [
  {
    key: 'nour-al-layl',
    name: 'Nour al-Layl Ensemble',
    region: 'Egypt',
    paletteIndex: 0,
    bio: 'A Cairo takht of oud, qanun, ney and riq that writes new pieces in the old salon style. Their music unfolds slowly, like a conversation that runs long past midnight.',
  },
  {
    key: 'qasr-rhythm',
    name: 'Qasr Rhythm Section',
    region: 'Egypt',
    paletteIndex: 7,
    bio: 'Percussionists from the Alexandria wedding circuit who took their zaffa grooves into the studio. Darbuka, riq and frame drum, tight as a heartbeat.',
  },
  {
    key: 'rimal-collective',
    name: 'Rimal Collective',
    region: 'Gulf',
    paletteIndex: 5,
    bio: 'An ambient project born on night drives through the dunes. Drones, breathy ney and slow frame drums, made for wide horizons and documentary scores.',
  },
  {
    key: 'kervan-ensemble',
    name: 'Kervan Ensemble',
    region: 'Anatolia',
    paletteIndex: 1,
    bio: 'Named after the caravans that crossed Anatolia. Ney, kanun and bendir in the Sufi and Ottoman court traditions, played with a traveller’s ear.',
  },
  {
    key: 'idris-tafsut',
    name: 'Idris Tafsut',
    region: 'Maghreb',
    paletteIndex: 2,
    bio: 'An oud player from the Maghreb. His pieces move between Fez, Tlemcen and the Andalusian gardens that their songs still remember.',
  },
  {
    key: 'layal-zahr',
    name: 'Layal Zahr',
    region: 'Levant',
    paletteIndex: 3,
    bio: 'A qanun soloist from the mountains of the Levant, known for crystalline tremolos and melodies that sound as if they had always been there.',
  },
  {
    key: 'golshan-trio',
    name: 'Golshan Trio',
    region: 'Persia',
    paletteIndex: 4,
    bio: 'Ney, oud and daf in the spirit of Persian classical music. Slow-burning pieces named after the rose gardens of old Khorasan.',
  },
  {
    key: 'bahr-ensemble',
    name: 'Bahr Ensemble',
    region: 'Gulf',
    paletteIndex: 6,
    bio: 'Khaleeji grooves from the coast. Oud, hand drums and qanun carry the songs of pearl divers and harbour weddings into bright modern arrangements.',
  },
];
