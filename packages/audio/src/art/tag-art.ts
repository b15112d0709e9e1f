import { hashString } from '../random.js';
import type { TagKind } from '../types.js';
import { patternDef } from './geometric-pattern.js';
import { INSTRUMENT_GLYPHS } from './instrument-glyphs.js';
import { darken, lighten } from './palette.js';
import { num, regularPath, starPath, starPolygonPath, svgDocument } from './svg-kit.js';

const SIZE = 256;
const C = SIZE / 2;

/**
 * A square tag tile: the tag's colour as a soft gradient, with a geometric motif that depends on the
 * kind of tag (rosette for genres, radiance for moods, tiling for themes, an instrument drawing
 * in a medallion for instruments, an arch for regions) and varies with the name. Only eight-,
 * ten- and sixteen-fold stars (and the five-pointed one), never a six-pointed star; no text
 * (decision 060).
 */
export function tagImage(kind: TagKind, name: string, color: string): string {
  const h = hashString(`${kind}:${name}`);
  const ink = lighten(color, 0.86);
  const light = lighten(color, 0.18);
  const dark = darken(color, 0.42);
  const id = `t${h.toString(36)}`;
  const defs =
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>` +
    `<radialGradient id="${id}r" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="${ink}" stop-opacity="0.28"/><stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>` +
    (kind === 'theme'
      ? patternDef(
          `${id}t`,
          (['khatam', 'girih', 'rosettes'] as const)[h % 3] ?? 'khatam',
          [40, 48, 56][(h >>> 2) % 3] as number,
          ink,
          1.4,
        )
      : '') +
    '</defs>';
  const base = `<rect width="${SIZE}" height="${SIZE}" rx="28" fill="url(#${id}g)"/><rect width="${SIZE}" height="${SIZE}" rx="28" fill="url(#${id}r)"/>`;
  const motif = MOTIFS[kind](h, ink, dark, name, id);
  return svgDocument(SIZE, SIZE, defs + base + motif);
}

type Motif = (hash: number, ink: string, dark: string, name: string, id: string) => string;

const MOTIFS: Record<TagKind, Motif> = {
  genre: (h, ink) => {
    const n = [8, 10, 16, 10][h % 4] as number;
    const k = n === 8 ? 3 : n === 10 ? 3 : 7;
    const rot = ((h >>> 4) % 8) * (Math.PI / (4 * n));
    let dots = '';
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n - Math.PI / 2 + rot;
      dots += `<circle cx="${num(C + 100 * Math.cos(a))}" cy="${num(C + 100 * Math.sin(a))}" r="3.5"/>`;
    }
    return (
      `<g fill="none" stroke="${ink}" stroke-linejoin="round">` +
      `<path d="${starPolygonPath(C, C, 88, n, k, rot)}" stroke-width="3" opacity="0.9"/>` +
      `<path d="${starPath(C, C, 46, 28, n, rot + Math.PI / n)}" stroke-width="2.5"/>` +
      `<circle cx="${C}" cy="${C}" r="100" stroke-width="1.5" opacity="0.6"/></g>` +
      `<g fill="${ink}" opacity="0.85">${dots}<circle cx="${C}" cy="${C}" r="6"/></g>`
    );
  },
  mood: (h, ink) => {
    const n = [16, 20, 32, 40][h % 4] as number;
    let rays = '';
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      const r2 = i % 2 === 0 ? 112 : 84;
      rays += `M${num(C + 52 * Math.cos(a))} ${num(C + 52 * Math.sin(a))}L${num(C + r2 * Math.cos(a))} ${num(C + r2 * Math.sin(a))}`;
    }
    const points = [5, 8, 10][(h >>> 3) % 3] as number;
    return (
      `<path d="${rays}" stroke="${ink}" stroke-width="3" stroke-linecap="round" opacity="0.75"/>` +
      `<path d="${starPath(C, C, 44, 20, points)}" fill="${ink}" opacity="0.92"/>` +
      `<circle cx="${C}" cy="${C}" r="60" fill="none" stroke="${ink}" stroke-width="1.5" stroke-dasharray="3 7" opacity="0.7"/>`
    );
  },
  theme: (h, ink, dark, _name, id) => {
    const n = [8, 10][h % 2] as number;
    return (
      `<rect width="${SIZE}" height="${SIZE}" rx="28" fill="url(#${id}t)" opacity="0.5"/>` +
      `<circle cx="${C}" cy="${C}" r="74" fill="${dark}" opacity="0.85"/>` +
      `<circle cx="${C}" cy="${C}" r="74" fill="none" stroke="${ink}" stroke-width="2.5"/>` +
      `<path d="${starPolygonPath(C, C, 58, n, 3)}" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/>` +
      `<circle cx="${C}" cy="${C}" r="10" fill="${ink}"/>`
    );
  },
  instrument: (h, ink, dark, name) => {
    const sides = [8, 10][h % 2] as number;
    const glyph = INSTRUMENT_GLYPHS[name] ?? `<path d="${starPath(0, 0, 60, 30, 8)}"/>`;
    return (
      `<path d="${regularPath(C, C, 108, sides)}" fill="${dark}" opacity="0.55"/>` +
      `<path d="${regularPath(C, C, 108, sides)}" fill="none" stroke="${ink}" stroke-width="2" opacity="0.7"/>` +
      `<path d="${regularPath(C, C, 98, sides, Math.PI / sides)}" fill="none" stroke="${ink}" stroke-width="1.2" opacity="0.45"/>` +
      `<g transform="translate(${C} ${C}) scale(0.9)" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>`
    );
  },
  region: (h, ink, dark) => {
    const horseshoe = h % 2 === 0;
    const arch = horseshoe ? `M70 214V120A58 58 0 1 1 186 120V214Z` : `M70 214V130Q70 72 128 40Q186 72 186 130V214Z`;
    const n = [8, 10, 16][(h >>> 2) % 3] as number;
    return (
      `<path d="${arch}" fill="${dark}" opacity="0.8"/>` +
      `<path d="${arch}" fill="none" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M56 214H200M62 226H194" stroke="${ink}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>` +
      `<path d="${starPolygonPath(C, 124, 40, n, n === 16 ? 7 : 3)}" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/>` +
      `<circle cx="${C}" cy="124" r="6" fill="${ink}"/>`
    );
  },
};
