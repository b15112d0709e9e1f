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
