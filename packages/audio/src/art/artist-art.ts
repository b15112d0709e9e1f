import { hashString } from '../random.js';
import { patternDef, rosette, type PatternKind } from './geometric-pattern.js';
import { lighten, PALETTES } from './palette.js';
import { escapeXml, num, starPath, svgDocument } from './svg-kit.js';

const W = 400;
const C = W / 2;
const PATTERNS: readonly PatternKind[] = ['lattice', 'khatam', 'hex-stars'];

/** Initials for a monogram: first letters of the first two significant words. */
export function initials(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .filter((w) => w.length > 0 && !['al', 'el', 'the', 'of', 'and'].includes(w.toLowerCase()));
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * An artist picture: a round medallion (it reads well when cropped to a circle), a starry ring,
 * a rosette, and the artist's monogram in a serif. Deterministic from the key.
 */
export function artistPortrait(input: { key: string; name: string; paletteIndex?: number }): string {
  const h = hashString(`artist:${input.key}`);
  const p = PALETTES[(input.paletteIndex ?? h) % PALETTES.length] ?? PALETTES[0];
  if (!p) throw new Error('no palettes');
  const goldHi = lighten(p.ornament, 0.45);
  const points = [8, 10, 12][(h >>> 4) % 3] as number;
  const id = `a${h.toString(36)}`;
  const defs =
    '<defs>' +
    `<radialGradient id="${id}bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="${lighten(p.deep, 0.12)}"/><stop offset="0.65" stop-color="${p.deep}"/><stop offset="1" stop-color="${p.deeper}"/></radialGradient>` +
    `<linearGradient id="${id}gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${goldHi}"/><stop offset="0.5" stop-color="${p.ornament}"/><stop offset="1" stop-color="${goldHi}"/></linearGradient>` +
    patternDef(`${id}tile`, PATTERNS[h % PATTERNS.length] ?? 'khatam', 36, p.ornament, 1) +
    '</defs>';
  let ring = '';
  const count = 24;
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    const x = C + 176 * Math.cos(a);
    const y = C + 176 * Math.sin(a);
    ring += i % 3 === 0 ? `<path d="${starPath(x, y, 7, 3, 4, a)}"/>` : `<circle cx="${num(x)}" cy="${num(y)}" r="2"/>`;
  }
  const body =
    `<rect width="${W}" height="${W}" fill="url(#${id}bg)"/>` +
    `<rect width="${W}" height="${W}" fill="url(#${id}tile)" opacity="0.14"/>` +
    `<circle cx="${C}" cy="${C}" r="164" fill="none" stroke="url(#${id}gold)" stroke-width="2.5"/>` +
    `<g fill="${p.ornament}" opacity="0.9">${ring}</g>` +
    rosette(C, C, 128, points, `url(#${id}gold)`, 'none', (h % 7) * 0.1) +
    `<circle cx="${C}" cy="${C}" r="68" fill="${p.deeper}" opacity="0.88"/>` +
    `<circle cx="${C}" cy="${C}" r="68" fill="none" stroke="url(#${id}gold)" stroke-width="2"/>` +
    `<text x="${C}" y="${C + 22}" text-anchor="middle" font-family="serif" font-size="62" fill="${p.ink}" letter-spacing="2">${escapeXml(initials(input.name))}</text>`;
  return svgDocument(W, W, defs + body, input.name);
}
