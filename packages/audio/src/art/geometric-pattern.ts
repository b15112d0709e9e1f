import {
  assertAllowedSymmetry,
  noteFigure,
  num,
  polygonPath,
  regularPoints,
  starPolygonPath,
  type Pt,
} from './svg-kit.js';

/**
 * Islamic geometric ornament built the way the craftsmen's own method works ("polygons in
 * contact", E. H. Hankin): lay down a tiling of polygons, and from the middle of every edge send
 * two lines into each tile at a fixed angle; where the lines of neighbouring edges meet they form
 * the stars. On the octagon-and-square tiling this gives the eight-pointed khatam field; on a
 * decagon ringed by pentagons, the girih rosette of ten-pointed and five-pointed stars.
 * No figure here has six-fold symmetry (decision 060).
 */

export type Polygon = readonly Pt[];

const signedArea = (poly: Polygon): number => {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i] as Pt;
    const [x2, y2] = poly[(i + 1) % poly.length] as Pt;
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
};

/** The star a tile holds: from each edge's midpoint, lines at `theta` (radians) from the edge. */
function hankin(poly: Polygon, theta: number): Pt[] {
  const n = poly.length;
  const inwardSign = signedArea(poly) > 0 ? 1 : -1;
  const edge = (i: number) => {
    const a = poly[((i % n) + n) % n] as Pt;
    const b = poly[(((i + 1) % n) + n) % n] as Pt;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const u: Pt = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const normal: Pt = [-u[1] * inwardSign, u[0] * inwardSign];
    return { m: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Pt, u, normal };
  };
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const out: Pt[] = [];
  for (let j = 0; j < n; j++) {
    const prev = edge(j - 1);
    const next = edge(j);
    const d1: Pt = [c * prev.u[0] + s * prev.normal[0], c * prev.u[1] + s * prev.normal[1]];
    const d2: Pt = [-c * next.u[0] + s * next.normal[0], -c * next.u[1] + s * next.normal[1]];
    // prev.m + t d1 = next.m + r d2
    const det = d1[0] * -d2[1] - d1[1] * -d2[0];
    const vertex = poly[j] as Pt;
    let p: Pt = vertex;
    if (Math.abs(det) > 1e-9) {
      const dx = next.m[0] - prev.m[0];
      const dy = next.m[1] - prev.m[1];
      const t = (dx * -d2[1] - dy * -d2[0]) / det;
      if (t > 0) p = [prev.m[0] + t * d1[0], prev.m[1] + t * d1[1]];
    }
    out.push(prev.m, p);
  }
  return out;
}

/** Strapwork of many tiles as one path. */
export function strapwork(tiles: readonly Polygon[], theta: number): string {
  return tiles.map((t) => polygonPath(hankin(t, theta))).join('');
}

export function tilesPath(tiles: readonly Polygon[]): string {
  return tiles.map((t) => polygonPath(t)).join('');
}

/**
 * A rosette: a regular n-gon ringed by n pentagonal petals that share its edges and each
 * other's sides. n = 10 is the girih rosette (a decagon in ten regular pentagons); n = 8 the
 * khatam rosette; n = 16 the great rosette. Returns [centre, ...petals].
 */
export function rosettePatch(cx: number, cy: number, n: number, side: number, rotation = 0): Polygon[] {
  assertAllowedSymmetry(n, 'rosettePatch');
  noteFigure(n === 10 ? 'girih-rosette' : n === 8 ? 'khatam-rosette' : `rosette-${n}`);
  const r = side / (2 * Math.sin(Math.PI / n));
  const centre = regularPoints(cx, cy, r, n, rotation);
  const alpha = Math.PI - (Math.PI - (2 * Math.PI) / n) / 2; // the petal's angle at its base
  const petals: Polygon[] = [];
  for (let i = 0; i < n; i++) {
    const a = centre[i] as Pt;
    const b = centre[(i + 1) % n] as Pt;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    const ol = Math.hypot(mx - cx, my - cy);
    const o: Pt = [(mx - cx) / ol, (my - cy) / ol]; // outward
    const t: Pt = [(b[0] - a[0]) / side, (b[1] - a[1]) / side]; // along the base, a → b
    const sx = side * Math.cos(Math.PI - alpha);
    const sy = side * Math.sin(Math.PI - alpha);
    const bSide: Pt = [b[0] + t[0] * sx + o[0] * sy, b[1] + t[1] * sx + o[1] * sy];
    const aSide: Pt = [a[0] - t[0] * sx + o[0] * sy, a[1] - t[1] * sx + o[1] * sy];
    const half = side / 2 + sx;
    const apexH = sy + Math.sqrt(Math.max(0, side * side - half * half));
    const apex: Pt = [mx + o[0] * apexH, my + o[1] * apexH];
    petals.push([a, b, bSide, apex, aSide]);
  }
  return [centre, ...petals];
}

/** Outer radius of a rosette patch (centre to a petal's apex). */
export function rosetteRadius(n: number, side: number): number {
  const apothem = side / (2 * Math.tan(Math.PI / n));
  const alpha = Math.PI - (Math.PI - (2 * Math.PI) / n) / 2;
  const sx = side * Math.cos(Math.PI - alpha);
  const sy = side * Math.sin(Math.PI - alpha);
  const half = side / 2 + sx;
  return apothem + sy + Math.sqrt(Math.max(0, side * side - half * half));
}

export type PatternKind = 'khatam' | 'girih' | 'rosettes' | 'lattice';

/** Hankin angles that give the classic figures on each tiling. */
export const KHATAM_ANGLE = (3 * Math.PI) / 8; // 67.5°: eight-pointed stars and crosses
export const GIRIH_ANGLE = (3 * Math.PI) / 10; // 54°: the girih strapwork

/**
 * Repeating backgrounds as SVG <pattern> elements; each fits in one or two KB however large
 * the surface it covers. `size` is the period in user units.
 */
export function patternDef(id: string, kind: PatternKind, size: number, stroke: string, width: number): string {
  let w = size;
  let h = size;
  let body: string;
  if (kind === 'khatam') {
    // One octagon and four quarter squares per cell: eight-pointed stars joined by crosses.
    const side = size / (1 + Math.SQRT2);
    const rOct = side / (2 * Math.sin(Math.PI / 8));
    const tiles: Polygon[] = [regularPoints(size / 2, size / 2, rOct, 8, Math.PI / 8)];
    for (const [x, y] of [
      [0, 0],
      [size, 0],
      [0, size],
      [size, size],
    ] as const)
      tiles.push(regularPoints(x, y, side / Math.SQRT2, 4));
    noteFigure('khatam-tiling');
    body = `<path d="${strapwork(tiles, KHATAM_ANGLE)}"/>`;
  } else if (kind === 'girih') {
    // Girih rosettes (ten-pointed stars in rings of five-pointed ones) on a centred lattice.
    const side = size / 7.2;
    const ro = rosetteRadius(10, side);
    w = 4 * ro * Math.cos((3 * Math.PI) / 10);
    h = 4 * ro * Math.sin((3 * Math.PI) / 10);
    const at = (x: number, y: number) => strapwork(rosettePatch(x, y, 10, side, Math.PI / 10), GIRIH_ANGLE);
    body =
      `<path d="${at(0, 0)}${at(w, 0)}${at(0, h)}${at(w, h)}${at(w / 2, h / 2)}"/>` +
      `<path d="${starPolygonPath(0, h / 2, ro * 0.3, 10, 3)}${starPolygonPath(w, h / 2, ro * 0.3, 10, 3)}${starPolygonPath(w / 2, 0, ro * 0.3, 10, 3)}${starPolygonPath(w / 2, h, ro * 0.3, 10, 3)}"/>`;
  } else if (kind === 'rosettes') {
    // Khatam rosettes touching point to point, small {8/3} stars between them.
    const side = size / 5.6;
    const ro = rosetteRadius(8, side);
    const step = 2 * ro;
    w = step;
    h = step;
    const at = (x: number, y: number) => strapwork(rosettePatch(x, y, 8, side, Math.PI / 8), KHATAM_ANGLE);
    body =
      `<path d="${at(0, 0)}${at(w, 0)}${at(0, h)}${at(w, h)}"/>` +
      `<path d="${starPolygonPath(w / 2, h / 2, ro * 0.36, 8, 3)}"/>`;
  } else {
    // Interlaced octagons with khatam knots at the crossings.
    const r = size * 0.42;
    noteFigure('octagon-lattice');
    body =
      `<path d="${polygonPath(regularPoints(size / 2, size / 2, r, 8, Math.PI / 8))}"/>` +
      `<path d="${[0, size].flatMap((x) => [0, size].map((y) => starPolygonPath(x, y, size * 0.17, 8, 2))).join('')}"/>`;
  }
  return (
    `<pattern id="${id}" width="${num(w)}" height="${num(h)}" patternUnits="userSpaceOnUse">` +
    `<g fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round">${body}</g></pattern>`
  );
}

/** A layered line rosette centred on (cx, cy): interlaced star, inner star and point dots. */
export function rosette(
  cx: number,
  cy: number,
  r: number,
  n: number,
  stroke: string,
  fill: string,
  rotation = 0,
): string {
  assertAllowedSymmetry(n, 'rosette');
  const k = n === 8 ? 3 : n === 10 ? 3 : n === 16 ? 7 : Math.floor((n - 1) / 2);
  let dots = '';
  for (let i = 0; i < n; i++) {
    const a = rotation + (2 * Math.PI * i) / n - Math.PI / 2;
    dots += `<circle cx="${num(cx + r * 1.08 * Math.cos(a))}" cy="${num(cy + r * 1.08 * Math.sin(a))}" r="${num(r * 0.025)}"/>`;
  }
  return (
    `<g fill="none" stroke="${stroke}" stroke-linejoin="round">` +
    `<path d="${starPolygonPath(cx, cy, r, n, k, rotation)}" stroke-width="${num(r * 0.02 + 1)}"/>` +
    `<path d="${starPolygonPath(cx, cy, r * 0.5, n, Math.max(2, k - 1), rotation + Math.PI / n)}" fill="${fill}" stroke-width="1.4"/>` +
    `</g><g fill="${stroke}">${dots}</g>`
  );
}
