/** Small helpers for writing compact, self-contained SVG by hand. */

export type Pt = readonly [number, number];

/** A number with at most one decimal, no trailing zeros. */
export function num(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

/**
 * The whole document. It carries no text at all, not even a label: the page that shows the art
 * names it in its own language (decision 060).
 */
export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    body +
    '</svg>'
  );
}

// ---------------------------------------------------------------------------------------------
// The figures drawn. Every star, polygon and tiling the generators draw goes through one of the
// functions below, which name it in the active recorder (tests list what a document draws) and
// refuse any figure with six-fold symmetry: no hexagram, {6/2}, six-pointed or twelve-pointed
// star, hexagon or pair of triangles ever reaches the art (issue 32, decision 060).
// ---------------------------------------------------------------------------------------------

let recorder: Set<string> | null = null;

/** Runs `draw` and returns what it made with the set of figures it drew ("{8/3}", "girih-rosette"…). */
export function recordFigures<T>(draw: () => T): { result: T; figures: Set<string> } {
  const outer = recorder;
  const figures = new Set<string>();
  recorder = figures;
  try {
    return { result: draw(), figures };
  } finally {
    if (outer) for (const f of figures) outer.add(f);
    recorder = outer;
  }
}

/** Names a figure in the active recorder. */
export function noteFigure(name: string): void {
  recorder?.add(name);
}

/** Throws for a rotational symmetry the art must not use (any multiple of six). */
export function assertAllowedSymmetry(n: number, what: string): void {
  if (n % 6 === 0) throw new Error(`${what}: ${n}-fold figures are not drawn (no six-pointed stars, decision 060)`);
}

/** Closed path through points given as [x, y] pairs. */
export function polygonPath(points: readonly Pt[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join('') + 'Z';
}

/** Points of a regular polygon (first vertex straight up, then clockwise). */
export function regularPoints(cx: number, cy: number, r: number, sides: number, rotation = 0): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (2 * Math.PI * i) / sides - Math.PI / 2;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return pts;
}

/** A star with `points` tips alternating between the outer and inner radius. */
export function starPath(cx: number, cy: number, outer: number, inner: number, points: number, rotation = 0): string {
  assertAllowedSymmetry(points, 'starPath');
  noteFigure(`star-${points}`);
  const pts: Pt[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (Math.PI * i) / points - Math.PI / 2;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polygonPath(pts);
}

/** A regular polygon. */
export function regularPath(cx: number, cy: number, r: number, sides: number, rotation = 0): string {
  assertAllowedSymmetry(sides, 'regularPath');
  noteFigure(`polygon-${sides}`);
  return polygonPath(regularPoints(cx, cy, r, sides, rotation));
}

/**
 * A star polygon {n/k}: n points on a circle, each joined to the k-th next one — the interlaced
 * stars of Islamic geometric art ({8/3} the khatam, {10/3} and {10/4} the girih stars, {16/7}).
 */
export function starPolygonPath(cx: number, cy: number, r: number, n: number, k: number, rotation = 0): string {
  assertAllowedSymmetry(n, 'starPolygonPath');
  noteFigure(`{${n}/${k}}`);
  const at = (i: number): Pt => {
    const a = rotation + (2 * Math.PI * i) / n - Math.PI / 2;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  };
  const cycles = gcd(n, k);
  let d = '';
  for (let c = 0; c < cycles; c++) {
    const pts: Pt[] = [];
    for (let j = 0, i = c; j < n / cycles; j++, i = (i + k) % n) pts.push(at(i));
    d += polygonPath(pts);
  }
  return d;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
