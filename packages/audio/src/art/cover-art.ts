import { hashString } from '../random.js';
import { patternDef, rosette, type PatternKind } from './geometric-pattern.js';
import { lighten, PALETTES } from './palette.js';
import { escapeXml, num, svgDocument, wrapText } from './svg-kit.js';

const W = 600;
const PATTERNS: readonly PatternKind[] = ['khatam', 'hex-stars', 'lattice'];

/**
 * An album cover: jewel-toned gradient, a geometric tile pattern, a gold rosette framed by an
 * arch, a medallion or a rising "sun" over dunes, and the title typeset in a serif with the artist
 * in spaced small capitals. Deterministic from the album key; self-contained; a few KB.
 */
export function albumCover(input: { key: string; title: string; artist: string; paletteIndex?: number }): string {
  const h = hashString(input.key);
  const p = PALETTES[(input.paletteIndex ?? h) % PALETTES.length] ?? PALETTES[0];
  if (!p) throw new Error('no palettes');
  const layout = (h >>> 3) % 3;
  const pattern = PATTERNS[(h >>> 5) % PATTERNS.length] ?? 'khatam';
  const points = [8, 12, 16][(h >>> 7) % 3] as number;
  const goldHi = lighten(p.ornament, 0.45);
  const id = `c${h.toString(36)}`;

  const defs =
    '<defs>' +
    `<linearGradient id="${id}bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${p.deep}"/><stop offset="1" stop-color="${p.deeper}"/></linearGradient>` +
    `<radialGradient id="${id}glow" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.5"/><stop offset="0.6" stop-color="${p.glow}" stop-opacity="0.08"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${goldHi}"/><stop offset="0.5" stop-color="${p.ornament}"/><stop offset="1" stop-color="${goldHi}"/></linearGradient>` +
    `<linearGradient id="${id}shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.deeper}" stop-opacity="0"/><stop offset="1" stop-color="${p.deeper}" stop-opacity="0.92"/></linearGradient>` +
    patternDef(`${id}tile`, pattern, [44, 52, 60][(h >>> 9) % 3] as number, p.ornament, 1.1) +
    '</defs>';

  let art = `<rect width="${W}" height="${W}" fill="url(#${id}bg)"/><rect width="${W}" height="${W}" fill="url(#${id}tile)" opacity="0.16"/>`;
  if (layout === 0) {
    // Pointed arch (mihrab) with the rosette inside.
    const arch = 'M150 404V226Q150 124 300 62Q450 124 450 226V404Z';
    art +=
      `<rect width="${W}" height="${W}" fill="url(#${id}glow)"/>` +
      `<path d="${arch}" fill="${p.deeper}" opacity="0.5"/>` +
      `<path d="${arch}" fill="none" stroke="url(#${id}gold)" stroke-width="3"/>` +
      `<path d="M134 404V222Q134 112 300 44Q466 112 466 222V404" fill="none" stroke="url(#${id}gold)" stroke-width="1.2" opacity="0.7"/>` +
      rosette(300, 248, 108, points, `url(#${id}gold)`, p.deep, 0);
  } else if (layout === 1) {
    // Medallion ringed with small stars.
    let ring = '';
    for (let i = 0; i < 16; i++) {
      const a = (2 * Math.PI * i) / 16;
      ring += `<circle cx="${num(300 + 214 * Math.cos(a))}" cy="${num(262 + 214 * Math.sin(a))}" r="${i % 2 === 0 ? 5 : 2.5}"/>`;
    }
    art +=
      `<rect width="${W}" height="${W}" fill="url(#${id}glow)"/>` +
      `<circle cx="300" cy="262" r="196" fill="${p.deeper}" opacity="0.45"/>` +
      `<circle cx="300" cy="262" r="196" fill="none" stroke="url(#${id}gold)" stroke-width="3"/>` +
      `<circle cx="300" cy="262" r="184" fill="none" stroke="url(#${id}gold)" stroke-width="1" opacity="0.7"/>` +
      `<g fill="${p.ornament}" opacity="0.9">${ring}</g>` +
      rosette(300, 262, 140, points, `url(#${id}gold)`, p.deep, Math.PI / points);
  } else {
    // A rosette rising like a sun over layered dunes.
    art +=
      `<rect width="${W}" height="${W}" fill="url(#${id}glow)"/>` +
      rosette(300, 300, 150, points, `url(#${id}gold)`, p.deep, 0) +
      `<path d="M0 356Q150 316 300 346T600 330V600H0Z" fill="${p.deep}" opacity="0.92"/>` +
      `<path d="M0 356Q150 316 300 346T600 330" fill="none" stroke="url(#${id}gold)" stroke-width="2"/>` +
      `<path d="M0 410Q170 372 330 404T600 392V600H0Z" fill="${p.deeper}" opacity="0.9"/>` +
      `<path d="M0 410Q170 372 330 404T600 392" fill="none" stroke="${p.ornament}" stroke-width="1.2" opacity="0.6"/>`;
  }
  art +=
    `<rect y="400" width="${W}" height="200" fill="url(#${id}shade)"/>` +
    `<rect x="16" y="16" width="568" height="568" fill="none" stroke="url(#${id}gold)" stroke-width="2"/>` +
    `<rect x="24" y="24" width="552" height="552" fill="none" stroke="${p.ornament}" stroke-width="0.8" opacity="0.6"/>` +
    corners(p.ornament);
  return svgDocument(
    W,
    W,
    defs + art + coverText(input.title, input.artist, p.ink, p.ornament),
    `${input.title} — ${input.artist}`,
  );
}

function corners(color: string): string {
  const d = [
    [16, 16],
    [584, 16],
    [16, 584],
    [584, 584],
  ]
    .map(
      ([x, y]) =>
        `M${x} ${(y as number) - 9}L${(x as number) + 9} ${y}L${x} ${(y as number) + 9}L${(x as number) - 9} ${y}Z`,
    )
    .join('');
  return `<path d="${d}" fill="${color}"/>`;
}

function coverText(title: string, artist: string, ink: string, ornament: string): string {
  const lines = wrapText(title, 17, 3);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = longest <= 11 ? 50 : longest <= 15 ? 42 : 36;
  const lead = Math.round(size * 1.12);
  const artistY = 556;
  const dividerY = artistY - 26;
  const lastTitleY = dividerY - 20;
  const tspans = lines
    .map((line, i) => `<tspan x="300" y="${lastTitleY - (lines.length - 1 - i) * lead}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<text text-anchor="middle" font-family="serif" font-size="${size}" fill="${ink}" letter-spacing="0.5">${tspans}</text>` +
    `<path d="M236 ${dividerY}H286M314 ${dividerY}H364" stroke="${ornament}" stroke-width="1.2"/>` +
    `<path d="M300 ${dividerY - 6}L306 ${dividerY}L300 ${dividerY + 6}L294 ${dividerY}Z" fill="${ornament}"/>` +
    `<text x="300" y="${artistY}" text-anchor="middle" font-family="sans-serif" font-size="15" letter-spacing="4" fill="${ink}" opacity="0.88">${escapeXml(artist.toUpperCase())}</text>`
  );
}
