import { num, regularPath, starPath, starPolygonPath } from './svg-kit.js';

/**
 * Repeating backgrounds in the manner of Islamic geometric tilework, as SVG <pattern> elements.
 * Each fits in a few hundred bytes however large the surface it covers.
 */
export type PatternKind = 'khatam' | 'hex-stars' | 'lattice';

export function patternDef(id: string, kind: PatternKind, size: number, stroke: string, width: number): string {
  const m = size / 2;
  let body: string;
  if (kind === 'khatam') {
    // Eight-pointed stars (two squares) with diamonds at the corners.
    const r = size * 0.32;
    const corners = [0, size].flatMap((x) => [0, size].map((y) => regularPath(x, y, r * 0.55, 4))).join('');
    body = `<path d="${regularPath(m, m, r, 4)}${regularPath(m, m, r, 4, Math.PI / 4)}${corners}"/>`;
  } else if (kind === 'hex-stars') {
    // Six-pointed stars on a triangular lattice (the tile is a 1 × √3 rectangle).
    const h = size * Math.sqrt(3);
    const r = size * 0.3;
    const stars = [
      [m, 0],
      [m, h],
      [0, h / 2],
      [size, h / 2],
    ]
      .map(([x, y]) => starPolygonPath(x as number, y as number, r, 6, 2))
      .join('');
    body = `<path d="${stars}"/>`;
    return (
      `<pattern id="${id}" width="${num(size)}" height="${num(h)}" patternUnits="userSpaceOnUse">` +
      `<g fill="none" stroke="${stroke}" stroke-width="${width}">${body}</g></pattern>`
    );
  } else {
    // Interlaced octagon lattice with small stars at the crossings.
    const r = size * 0.42;
    body = `<path d="${regularPath(m, m, r, 8, Math.PI / 8)}${starPath(0, 0, size * 0.16, size * 0.07, 4)}${starPath(size, 0, size * 0.16, size * 0.07, 4)}${starPath(0, size, size * 0.16, size * 0.07, 4)}${starPath(size, size, size * 0.16, size * 0.07, 4)}"/>`;
  }
  return (
    `<pattern id="${id}" width="${num(size)}" height="${num(size)}" patternUnits="userSpaceOnUse">` +
    `<g fill="none" stroke="${stroke}" stroke-width="${width}">${body}</g></pattern>`
  );
}

/** A layered rosette centred on (cx, cy): interlaced star, inner star, rings and point dots. */
export function rosette(
  cx: number,
  cy: number,
  r: number,
  n: number,
  stroke: string,
  fill: string,
  rotation = 0,
): string {
  const k = n <= 8 ? 3 : n <= 12 ? 5 : 7;
  let dots = '';
  for (let i = 0; i < n; i++) {
    const a = rotation + (2 * Math.PI * i) / n - Math.PI / 2;
    dots += `<circle cx="${num(cx + r * 1.08 * Math.cos(a))}" cy="${num(cy + r * 1.08 * Math.sin(a))}" r="${num(r * 0.025)}"/>`;
  }
  return (
    `<g fill="none" stroke="${stroke}" stroke-linejoin="round">` +
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 1.18)}" stroke-width="1.2" opacity="0.6"/>` +
    `<path d="${starPolygonPath(cx, cy, r, n, k, rotation)}" stroke-width="${num(r * 0.02 + 1)}"/>` +
    `<path d="${starPath(cx, cy, r * 0.55, r * 0.36, n, rotation + Math.PI / n)}" fill="${fill}" stroke-width="1.6"/>` +
    `<path d="${starPolygonPath(cx, cy, r * 0.3, n, Math.max(2, k - 2), rotation)}" stroke-width="1.3"/>` +
    `</g><g fill="${stroke}">${dots}<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 0.05)}"/></g>`
  );
}
