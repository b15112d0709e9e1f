import { noteFigure, num, type Pt } from './svg-kit.js';

/**
 * Arabesque (islimi): a vine that curls into a spiral, with almond leaves and split palmettes
 * along it. Drawn as smooth cubic curves through points of a logarithmic spiral.
 */

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points: readonly Pt[]): string {
  if (points.length < 2) return '';
  const p = points;
  let d = `M${num(p[0]![0])} ${num(p[0]![1])}`;
  for (let i = 0; i < p.length - 1; i++) {
    const p0 = p[Math.max(0, i - 1)]!;
    const p1 = p[i]!;
    const p2 = p[i + 1]!;
    const p3 = p[Math.min(p.length - 1, i + 2)]!;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${num(c1[0])} ${num(c1[1])} ${num(c2[0])} ${num(c2[1])} ${num(p2[0])} ${num(p2[1])}`;
  }
  return d;
}

/** An almond leaf from `base` pointing at `angle`, `length` long. */
function leafPath(base: Pt, angle: number, length: number, width = 0.36): string {
  const [bx, by] = base;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const tip: Pt = [bx + ux * length, by + uy * length];
  const w = length * width;
  const mid: Pt = [bx + ux * length * 0.45, by + uy * length * 0.45];
  const l: Pt = [mid[0] - uy * w, mid[1] + ux * w];
  const r: Pt = [mid[0] + uy * w, mid[1] - ux * w];
  return (
    `M${num(bx)} ${num(by)}Q${num(l[0])} ${num(l[1])} ${num(tip[0])} ${num(tip[1])}` +
    `Q${num(r[0])} ${num(r[1])} ${num(bx)} ${num(by)}Z`
  );
}

/**
 * One scroll: a vine from (x, y) leaving at `angle` and curling `turns` times (clockwise when
 * `sense` is 1, the mirror image when -1) into a spiral of outer radius `r`, leaves along it.
 * Returns the stem (to stroke) and the leaves (to fill).
 */
export function scroll(
  x: number,
  y: number,
  r: number,
  angle: number,
  sense: 1 | -1,
  turns = 1.3,
): { stem: string; leaves: string } {
  noteFigure('arabesque');
  // Spiral centre: to the side of the start, so the vine leaves (x, y) along `angle`.
  const side = angle + (sense * Math.PI) / 2;
  const cx = x + r * Math.cos(side);
  const cy = y + r * Math.sin(side);
  const start = Math.atan2(y - cy, x - cx);
  const steps = Math.round(turns * 12);
  const pts: Pt[] = [];
  const shrink = Math.log(5) / (turns * 2 * Math.PI);
  for (let i = 0; i <= steps; i++) {
    const phi = (i / steps) * turns * 2 * Math.PI;
    const rr = r * Math.exp(-shrink * phi);
    const a = start + sense * phi;
    pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  let leaves = '';
  for (const i of [3, 7, 11]) {
    if (i >= pts.length - 1) break;
    const p = pts[i]!;
    const q = pts[i + 1]!;
    const tangent = Math.atan2(q[1] - p[1], q[0] - p[0]);
    const outward = Math.atan2(p[1] - cy, p[0] - cx);
    const len = r * (i === 3 ? 0.55 : i === 7 ? 0.42 : 0.3);
    const between = Math.atan2(Math.sin(tangent) + Math.sin(outward), Math.cos(tangent) + Math.cos(outward));
    leaves += leafPath(p, between, len);
  }
  // A split palmette where the vine ends.
  const end = pts[pts.length - 1]!;
  const before = pts[pts.length - 2]!;
  const dir = Math.atan2(end[1] - before[1], end[0] - before[0]);
  leaves += leafPath(end, dir + 0.5, r * 0.22, 0.42) + leafPath(end, dir - 0.5, r * 0.22, 0.42);
  return { stem: smoothPath(pts), leaves };
}
