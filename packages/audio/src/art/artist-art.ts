import { hashString } from '../random.js';
import { patternDef, type PatternKind } from './geometric-pattern.js';
import { INSTRUMENT_SILHOUETTES } from './instrument-glyphs.js';
import { darken, lighten, mix, PALETTES } from './palette.js';
import { num, regularPoints, starPolygonPath, svgDocument } from './svg-kit.js';

const W = 400;
const C = W / 2;
const PATTERNS: readonly PatternKind[] = ['khatam', 'girih', 'rosettes', 'lattice'];

/** How one, two or three instruments stand in the arch: [dx, dy, rotation°, scale]. */
const POSES: Record<number, readonly (readonly [number, number, number, number])[]> = {
  1: [[0, -4, -18, 1.02]],
  2: [
    [-38, 4, -22, 0.88],
    [44, 12, 18, 0.8],
  ],
  3: [
    [-54, 14, -30, 0.72],
    [56, 18, 28, 0.72],
    [0, -6, 0, 0.8],
  ],
};

/**
 * An artist picture: an illustration, not a monogram. The artist's instruments drawn as
 * silhouettes in an arch on a tiled ground, framed to read well when cropped to a circle; palette,
 * tiling, arch and pose all follow the artist's key, so each artist is told apart at a glance.
 * No letters (decision 060).
 */
export function artistPortrait(input: { key: string; instruments: readonly string[]; paletteIndex?: number }): string {
  const h = hashString(`artist:${input.key}`);
  const p = PALETTES[(input.paletteIndex ?? h) % PALETTES.length] ?? PALETTES[0];
  if (!p) throw new Error('no palettes');
  const id = `a${h.toString(36)}`;
  const goldHi = lighten(p.ornament, 0.4);
  const instruments = input.instruments.filter((i) => INSTRUMENT_SILHOUETTES[i]).slice(0, 3);
  const poses = POSES[Math.max(1, instruments.length)] ?? POSES[1]!;
  const pointed = h % 2 === 0;
  const arch = pointed
    ? 'M96 352V196C96 130 146 84 200 56C254 84 304 130 304 196V352Z'
    : 'M96 352V184A104 104 0 0 1 304 184V352Z';
  const defs =
    '<defs>' +
    `<radialGradient id="${id}bg" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="${lighten(p.deep, 0.08)}"/><stop offset="0.7" stop-color="${p.deep}"/><stop offset="1" stop-color="${p.deeper}"/></radialGradient>` +
    `<linearGradient id="${id}gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${goldHi}"/><stop offset="0.55" stop-color="${p.ornament}"/><stop offset="1" stop-color="${darken(p.ornament, 0.3)}"/></linearGradient>` +
    `<radialGradient id="${id}halo" cx="0.5" cy="0.55" r="0.5"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    patternDef(
      `${id}tile`,
      PATTERNS[(h >>> 3) % PATTERNS.length] ?? 'khatam',
      [40, 48][(h >>> 5) % 2] as number,
      p.ornament,
      1,
    ) +
    `<clipPath id="${id}arch"><path d="${arch}"/></clipPath>` +
    '</defs>';
  let ring = '';
  for (const [x, y] of regularPoints(C, C, 182, 16)) ring += starPolygonPath(x, y, 6, 8, 3);
  let figures = '';
  instruments.forEach((name, i) => {
    const art = INSTRUMENT_SILHOUETTES[name];
    const [dx, dy, rot, scale] = poses[i] ?? [0, 0, 0, 1];
    if (!art) return;
    const membrane =
      name === 'Frame Drum' || name === 'Riq'
        ? `<circle r="${name === 'Riq' ? 64 : 90}" fill="${mix(p.glow, p.deep, 0.45)}" opacity="0.8"/>`
        : '';
    figures +=
      `<g transform="translate(${num(C + dx)} ${num(210 + dy)}) rotate(${rot}) scale(${num(scale * 0.9)})">` +
      membrane +
      (art.body ? `<path d="${art.body}" fill="url(#${id}gold)" fill-rule="evenodd"/>` : '') +
      `<path d="${art.detail}" fill="none" stroke="${art.body ? p.deeper : p.ornament}" stroke-width="${art.body ? 2.2 : 7}" stroke-linecap="round"/>` +
      '</g>';
  });
  const body =
    `<rect width="${W}" height="${W}" fill="url(#${id}bg)"/>` +
    `<rect width="${W}" height="${W}" fill="url(#${id}tile)" opacity="0.2"/>` +
    `<g fill="none" stroke="url(#${id}gold)"><circle cx="${C}" cy="${C}" r="168" stroke-width="2"/><circle cx="${C}" cy="${C}" r="196" stroke-width="1" opacity="0.6"/></g>` +
    `<g fill="none" stroke="${p.ornament}" stroke-width="1.4" opacity="0.85"><path d="${ring}"/></g>` +
    `<path d="${arch}" fill="${p.deeper}" opacity="0.82"/>` +
    `<g clip-path="url(#${id}arch)"><rect width="${W}" height="${W}" fill="url(#${id}halo)"/>` +
    `<rect width="${W}" height="${W}" fill="url(#${id}tile)" opacity="0.12"/>${figures}</g>` +
    `<path d="${arch}" fill="none" stroke="url(#${id}gold)" stroke-width="3"/>` +
    `<path d="M80 352H320M88 364H312" stroke="${p.ornament}" stroke-width="2" stroke-linecap="round"/>`;
  return svgDocument(W, W, defs + body);
}
