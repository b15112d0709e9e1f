/** Simple line drawings of the instruments, centred on (0, 0), about 150 units tall. */
export const INSTRUMENT_GLYPHS: Record<string, string> = {
  // Pear-shaped bowl with rose and bridge, short fretless neck, pegbox bent back sharply.
  Oud:
    '<path d="M0 -8C30 -8 62 18 62 50C62 78 34 92 0 92C-34 92-62 78-62 50C-62 18-30 -8 0 -8Z"/>' +
    '<path d="M-9 -4L-7 -58H7L9 -4M-7 -58L-26 -82L-16 -88L7 -58"/><circle cx="0" cy="36" r="13"/>' +
    '<path d="M-16 70H16M-4 -56V70M4 -56V70M-18 -76L-22 -70M-12 -80L-16 -74"/>',
  // Trapezoid with many strings and a bridge.
  Qanun:
    '<path d="M-70 -40H70L70 40H-70L-70 -40Z"/><path d="M-70 -40L-40 40M-60 -28H62M-56 -14H64M-52 0H66M-48 14H67M-44 28H68M30 -40V40"/>',
  // A long reed with finger holes and the brass mouthpiece.
  Ney: '<path d="M-8 -80H8V80H-8Z"/><path d="M-12 -80H12M-12 -72H12"/><circle cx="0" cy="-10" r="3"/><circle cx="0" cy="8" r="3"/><circle cx="0" cy="26" r="3"/><circle cx="0" cy="44" r="3"/><circle cx="0" cy="62" r="3"/>',
  // Goblet drum.
  Darbuka:
    '<path d="M-48 -60H48C48 -20 18 -6 16 16C14 40 30 52 30 70H-30C-30 52-14 40-16 16C-18 -6-48 -20-48 -60Z"/><path d="M-48 -60C-30 -50 30 -50 48 -60M-38 -40L38 -40"/>',
  // Tambourine with paired jingles.
  Riq:
    '<circle r="66"/><circle r="52"/>' +
    [0, 1, 2, 3, 4]
      .map((i) => {
        const a = (i * 2 * Math.PI) / 5;
        const x = Math.round(59 * Math.cos(a));
        const y = Math.round(59 * Math.sin(a));
        return `<circle cx="${x}" cy="${y}" r="7"/>`;
      })
      .join(''),
  // Large frame drum with inner rings.
  'Frame Drum': '<circle r="74"/><circle r="64"/><circle r="22" stroke-dasharray="4 6"/><path d="M-74 0H-64M64 0H74"/>',
  // Two sustained waves: tonic and fifth.
  Drone:
    '<path d="M-80 -18C-60 -48-40 -48-20 -18S20 12 40 -18 80 -48 80 -48"/><path d="M-80 22C-66 2-52 2-40 22S-14 42 0 22 26 2 40 22 66 42 80 22"/>',
};

/**
 * Filled silhouettes of the instruments for artist portraits, centred on (0, 0), about 240 units
 * tall: `body` is filled with the ornament colour, `detail` stroked in the ground's colour on top
 * (rose, strings, holes, jingles).
 */
export const INSTRUMENT_SILHOUETTES: Record<string, { body: string; detail: string }> = {
  Oud: {
    body:
      'M0 -18C44 -18 80 20 80 66C80 106 46 126 0 126C-46 126-80 106-80 66C-80 20-44 -18 0 -18Z' +
      'M-10 -10L-8 -98H8L10 -10Z' +
      'M-8 -96L-26 -126L-12 -132L8 -96Z',
    detail:
      'M-5 -96V104M0 -96V104M5 -96V104' +
      'M-16 104H16' +
      'M14 40A14 14 0 1 1-14 40A14 14 0 1 1 14 40Z' +
      'M-24 -116L-14 -112M-20 -124L-10 -120',
  },
  Qanun: {
    body: 'M-96 -56L92 -56L92 56L-44 56Z',
    detail:
      'M-84 -44H82M-78 -30H82M-72 -16H82M-66 -2H82M-60 12H82M-54 26H82M-48 40H82' +
      'M60 -56V56M-10 -56V56' +
      'M20 -30A8 8 0 1 1 20 -29.9Z',
  },
  Ney: {
    body: 'M-7 -124H7V120H-7Z M-10 -124H10V-112H-10Z',
    detail: 'M0 -30V-30.1M0 -2V-2.1M0 26V26.1M0 54V54.1M0 82V82.1' + 'M-7 -90H7M-7 96H7',
  },
  Darbuka: {
    body: 'M-58 -92H58C58 -40 20 -20 18 8C16 40 40 60 40 96H-40C-40 60-16 40-18 8C-20 -20-58 -40-58 -92Z',
    detail: 'M-58 -92C-34 -80 34 -80 58 -92M-44 -62C-20 -52 20 -52 44 -62M-30 78H30M-18 8H18',
  },
  Riq: {
    body: 'M0 -84A84 84 0 1 1 0 84A84 84 0 1 1 0 -84ZM0 -64A64 64 0 1 0 0 64A64 64 0 1 0 0 -64Z',
    detail: [0, 1, 2, 3, 4]
      .map((i) => {
        const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
        const x = Math.round(74 * Math.cos(a));
        const y = Math.round(74 * Math.sin(a));
        return `M${x - 6} ${y}A6 6 0 1 1 ${x + 6} ${y}A6 6 0 1 1 ${x - 6} ${y}Z`;
      })
      .join(''),
  },
  'Frame Drum': {
    body: 'M0 -104A104 104 0 1 1 0 104A104 104 0 1 1 0 -104ZM0 -90A90 90 0 1 0 0 90A90 90 0 1 0 0 -90Z',
    detail: 'M0 -97A97 97 0 1 1 0 97A97 97 0 1 1 0 -97Z',
  },
  Drone: {
    body: '',
    detail:
      'M-110 -24C-80 -64-50 -64-20 -24S40 16 70 -24 110 -64 110 -64' +
      'M-110 26C-90 0-70 0-50 26S-10 52 10 26 50 0 70 26 110 52 110 52',
  },
};
