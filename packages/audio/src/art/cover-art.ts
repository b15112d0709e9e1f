import { hashString } from '../random.js';
import { scroll } from './arabesque.js';
import {
  GIRIH_ANGLE,
  KHATAM_ANGLE,
  patternDef,
  rosettePatch,
  rosetteRadius,
  strapwork,
  tilesPath,
  type PatternKind,
  type Polygon,
} from './geometric-pattern.js';
import { darken, lighten, luminance, mix, PALETTES, type Palette } from './palette.js';
import { num, regularPoints, starPolygonPath, svgDocument } from './svg-kit.js';

const W = 600;
const C = W / 2;

/** The compositions a cover can take. */
export const COVER_LAYOUTS = ['medallion', 'field', 'arch', 'rising'] as const;
export type CoverLayout = (typeof COVER_LAYOUTS)[number];

const BACKGROUNDS: readonly PatternKind[] = ['khatam', 'girih', 'rosettes', 'lattice'];

interface Ctx {
  id: string;
  p: Palette;
  h: number;
  light: boolean;
}

/**
 * An album cover: a jewel-toned ground under a fine repeating tile pattern, and one composed
 * piece of strapwork over layered coloured tiles — a girih or khatam rosette, a zellige field
 * with a cartouche, a mihrab arch with arabesque spandrels, or a great rosette rising from the
 * edge. No text: the page sets the title in its own language (decision 060). Deterministic
 * from the key; self-contained; well under 20 KB.
 */
export function albumCover(input: { key: string; paletteIndex?: number; layout?: CoverLayout }): string {
  const h = hashString(input.key);
  const p = PALETTES[(input.paletteIndex ?? h) % PALETTES.length] ?? PALETTES[0];
  if (!p) throw new Error('no palettes');
  const layout = input.layout ?? COVER_LAYOUTS[(h >>> 3) % COVER_LAYOUTS.length] ?? 'medallion';
  const ctx: Ctx = { id: `c${h.toString(36)}`, p, h, light: luminance(p.deep) > 0.4 };
  const { id } = ctx;
  const goldHi = lighten(p.ornament, 0.4);
  const goldLo = darken(p.ornament, 0.25);
  const background = BACKGROUNDS[(h >>> 7) % BACKGROUNDS.length] ?? 'khatam';
  const defs =
    `<linearGradient id="${id}bg" x1="0" y1="0" x2="0.5" y2="1"><stop offset="0" stop-color="${p.deep}"/><stop offset="1" stop-color="${p.deeper}"/></linearGradient>` +
    `<radialGradient id="${id}glow" cx="0.5" cy="0.45" r="0.55"><stop offset="0" stop-color="${p.glow}" stop-opacity="${ctx.light ? 0.5 : 0.28}"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}vig" cx="0.5" cy="0.5" r="0.72"><stop offset="0.55" stop-color="${p.deeper}" stop-opacity="0"/><stop offset="1" stop-color="${p.deeper}" stop-opacity="0.75"/></radialGradient>` +
    `<linearGradient id="${id}gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${goldHi}"/><stop offset="0.5" stop-color="${p.ornament}"/><stop offset="1" stop-color="${goldLo}"/></linearGradient>` +
    patternDef(`${id}pat`, background, [48, 56, 64][(h >>> 9) % 3] as number, p.ornament, 0.9);
  const ground =
    `<rect width="${W}" height="${W}" fill="url(#${id}bg)"/>` +
    `<rect width="${W}" height="${W}" fill="url(#${id}pat)" opacity="${ctx.light ? 0.22 : 0.16}"/>`;
  const piece = LAYOUTS[layout](ctx);
  return svgDocument(
    W,
    W,
    `<defs>${defs}${piece.defs}</defs>` +
      ground +
      piece.body +
      `<rect width="${W}" height="${W}" fill="url(#${id}vig)"/>`,
  );
}

/** A strap: a wide gold band with a narrow band of the ground inside it, drawn once in <defs>. */
function ribbon(ctx: Ctx, name: string, d: string, width: number): { defs: string; body: string } {
  const ref = `${ctx.id}${name}`;
  return {
    defs: `<path id="${ref}" d="${d}"/>`,
    body:
      `<g fill="none" stroke-linejoin="round">` +
      `<use href="#${ref}" stroke="${ctx.p.deeper}" stroke-width="${num(width + 3)}" opacity="0.55"/>` +
      `<use href="#${ref}" stroke="url(#${ctx.id}gold)" stroke-width="${num(width)}"/>` +
      `<use href="#${ref}" stroke="${ctx.light ? ctx.p.deep : ctx.p.deeper}" stroke-width="${num(width * 0.42)}"/></g>`,
  };
}

/** Tiles of a rosette patch filled in two colours, outlined finely. */
function tileFills(ctx: Ctx, tiles: readonly Polygon[]): string {
  const [centre, ...petals] = tiles;
  const even = petals.filter((_, i) => i % 2 === 0);
  const odd = petals.filter((_, i) => i % 2 === 1);
  return (
    `<path d="${tilesPath(centre ? [centre] : [])}" fill="${ctx.p.tileA}"/>` +
    `<path d="${tilesPath(even)}" fill="${ctx.p.tileB}"/>` +
    `<path d="${tilesPath(odd)}" fill="${mix(ctx.p.tileA, ctx.p.deeper, 0.45)}"/>` +
    `<path d="${tilesPath(tiles)}" fill="none" stroke="${ctx.p.ornament}" stroke-width="0.8" opacity="0.45"/>`
  );
}

/** The rosette's angle: the girih angle for ten, the khatam angle for eight and sixteen. */
const angleFor = (n: number) => (n === 10 ? GIRIH_ANGLE : KHATAM_ANGLE);

function rosettePiece(
  ctx: Ctx,
  name: string,
  cx: number,
  cy: number,
  n: number,
  radius: number,
  width: number,
): { defs: string; body: string } {
  const side = radius / rosetteRadius(n, 1);
  const tiles = rosettePatch(cx, cy, n, side, Math.PI / n);
  const strap = ribbon(ctx, name, strapwork(tiles, angleFor(n)), width);
  // Small stars where the petals' tips end, on a ring just beyond.
  let dots = '';
  for (const [x, y] of regularPoints(cx, cy, radius + width * 2.2, n, Math.PI / n + Math.PI / n))
    dots += `<circle cx="${num(x)}" cy="${num(y)}" r="${num(width * 0.55)}"/>`;
  return {
    defs: strap.defs,
    body: `<g opacity="0.92">${tileFills(ctx, tiles)}</g>` + strap.body + `<g fill="${ctx.p.ornament}">${dots}</g>`,
  };
}

type Layout = (ctx: Ctx) => { defs: string; body: string };

const LAYOUTS: Record<CoverLayout, Layout> = {
  // A girih, khatam or great rosette in a roundel.
  medallion: (ctx) => {
    const n = [10, 8, 16, 10][(ctx.h >>> 11) % 4] as number;
    const piece = rosettePiece(ctx, 'r', C, C, n, n === 16 ? 200 : 190, n === 16 ? 5 : 6.5);
    return {
      defs: piece.defs,
      body:
        `<rect width="${W}" height="${W}" fill="url(#${ctx.id}glow)"/>` +
        `<circle cx="${C}" cy="${C}" r="246" fill="${ctx.p.deeper}" opacity="0.5"/>` +
        `<g fill="none" stroke="url(#${ctx.id}gold)"><circle cx="${C}" cy="${C}" r="246" stroke-width="2.5"/>` +
        `<circle cx="${C}" cy="${C}" r="236" stroke-width="0.8" opacity="0.7"/></g>` +
        piece.body,
    };
  },
  // A zellige field of khatam stars in two tile colours, a cartouche with an {8/3} star on it.
  field: (ctx) => {
    const { id, p } = ctx;
    const L = [150, 170, 190][(ctx.h >>> 11) % 3] as number;
    const side = L / (1 + Math.SQRT2);
    const rOct = side / (2 * Math.sin(Math.PI / 8));
    const cells: { oct: Polygon; colour: string }[] = [];
    const squares: Polygon[] = [];
    for (let i = 0; i <= 2; i++) {
      for (let j = 0; j <= 2; j++) {
        cells.push({
          oct: regularPoints(i * L, j * L, rOct, 8, Math.PI / 8),
          colour: (i + j) % 2 === 0 ? p.tileA : p.tileB,
        });
        if (i < 2 && j < 2) squares.push(regularPoints(i * L + L / 2, j * L + L / 2, side / Math.SQRT2, 4));
      }
    }
    // One 2L × 2L period: octagons at its corners, edges' middles and centre (the repeats overlap).
    const tiles = [...cells.map((c) => c.oct), ...squares];
    const cellA = cells.filter((c) => c.colour === p.tileA).map((c) => c.oct);
    const cellB = cells.filter((c) => c.colour === p.tileB).map((c) => c.oct);
    const strap = strapwork(tiles, KHATAM_ANGLE);
    const off = num(-((ctx.h >>> 13) % 7) * (L / 7));
    const field =
      `<pattern id="${id}zel" width="${num(2 * L)}" height="${num(2 * L)}" patternUnits="userSpaceOnUse" x="${off}" y="${off}">` +
      `<path d="${tilesPath(cellA)}" fill="${p.tileA}"/><path d="${tilesPath(cellB)}" fill="${p.tileB}"/>` +
      `<path d="${tilesPath(squares)}" fill="${mix(p.ornament, p.deeper, 0.55)}"/>` +
      `<g fill="none" stroke-linejoin="round"><path d="${strap}" stroke="${p.ornament}" stroke-width="6"/>` +
      `<path d="${strap}" stroke="${p.deeper}" stroke-width="2.4"/></g></pattern>`;
    const n = [8, 10][(ctx.h >>> 15) % 2] as number;
    const star = ribbon(ctx, 's', starPolygonPath(C, C, 118, n, 3, Math.PI / n), 7);
    return {
      defs: field + star.defs,
      body:
        `<rect width="${W}" height="${W}" fill="url(#${id}zel)" opacity="0.95"/>` +
        `<rect width="${W}" height="${W}" fill="url(#${id}glow)"/>` +
        `<circle cx="${C}" cy="${C}" r="168" fill="${p.deeper}" opacity="0.88"/>` +
        `<g fill="none" stroke="url(#${id}gold)"><circle cx="${C}" cy="${C}" r="168" stroke-width="3"/>` +
        `<circle cx="${C}" cy="${C}" r="156" stroke-width="0.8" opacity="0.7"/></g>` +
        `<path d="${starPolygonPath(C, C, 118, n, 2, Math.PI / n)}" fill="${p.tileA}" opacity="0.55"/>` +
        star.body +
        `<circle cx="${C}" cy="${C}" r="16" fill="url(#${id}gold)"/>`,
    };
  },
  // A pointed arch holding a rosette, arabesque scrolls in its spandrels, a frieze of stars below.
  arch: (ctx) => {
    const { id, p } = ctx;
    const n = [8, 10][(ctx.h >>> 11) % 2] as number;
    const arch = 'M128 470V262C128 168 206 104 300 58C394 104 472 168 472 262V470Z';
    const piece = rosettePiece(ctx, 'r', C, 292, n, 132, 5);
    let spandrels = '';
    let leaves = '';
    for (const [x, y, r, angle, sense] of [
      [150, 92, 44, Math.PI + 0.5, -1],
      [450, 92, 44, -0.5, 1],
      [72, 300, 40, -Math.PI / 2, 1],
      [528, 300, 40, -Math.PI / 2, -1],
    ] as const) {
      const s = scroll(x, y, r, angle, sense);
      spandrels += s.stem;
      leaves += s.leaves;
    }
    let frieze = '';
    for (let i = 0; i < 7; i++) frieze += starPolygonPath(120 + i * 60, 528, 18, 8, 3);
    return {
      defs: `<clipPath id="${id}clip"><path d="${arch}"/></clipPath>` + piece.defs,
      body:
        `<g opacity="0.75"><path d="${spandrels}" fill="none" stroke="${p.ornament}" stroke-width="2.2" stroke-linecap="round"/>` +
        `<path d="${leaves}" fill="${p.ornament}"/></g>` +
        `<path d="${arch}" fill="${p.deeper}" opacity="0.72"/>` +
        `<g clip-path="url(#${id}clip)"><rect width="${W}" height="${W}" fill="url(#${id}glow)"/>${piece.body}</g>` +
        `<g fill="none" stroke="url(#${id}gold)"><path d="${arch}" stroke-width="3"/>` +
        `<path d="M112 470V258C112 158 196 88 300 40C404 88 488 158 488 258V470" stroke-width="1" opacity="0.7"/>` +
        `<path d="M56 494H544M56 562H544" stroke-width="1.6"/>` +
        `<path d="${frieze}" stroke-width="1.6" stroke-linejoin="round"/></g>` +
        `<rect x="18" y="18" width="564" height="564" fill="none" stroke="${p.ornament}" stroke-width="1" opacity="0.5"/>`,
    };
  },
  // A great rosette rising from the lower edge, rings of light around it.
  rising: (ctx) => {
    const { id, p } = ctx;
    const n = [16, 10, 8][(ctx.h >>> 11) % 3] as number;
    const cx = [300, 180, 420][(ctx.h >>> 13) % 3] as number;
    const cy = 470;
    const piece = rosettePiece(ctx, 'r', cx, cy, n, 230, n === 16 ? 6 : 7);
    return {
      defs:
        `<radialGradient id="${id}sun" cx="${num(cx / W)}" cy="${num(cy / W)}" r="0.75"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
        piece.defs,
      body:
        `<rect width="${W}" height="${W}" fill="url(#${id}sun)"/>` +
        `<g fill="none" stroke="${p.ornament}"><circle cx="${cx}" cy="${cy}" r="300" stroke-width="1.2" opacity="0.5"/>` +
        `<circle cx="${cx}" cy="${cy}" r="340" stroke-width="0.8" opacity="0.35"/>` +
        `<circle cx="${cx}" cy="${cy}" r="384" stroke-width="0.6" opacity="0.25"/></g>` +
        `<circle cx="${cx}" cy="${cy}" r="268" fill="${p.deeper}" opacity="0.5"/>` +
        piece.body,
    };
  },
};
