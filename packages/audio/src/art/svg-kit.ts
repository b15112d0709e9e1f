/** Small helpers for writing compact, self-contained SVG by hand. */

/** A number with at most one decimal, no trailing zeros. */
export function num(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

export function svgDocument(width: number, height: number, body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}">` +
    body +
    '</svg>'
  );
}

/** Closed path through points given as [x, y] pairs. */
export function polygonPath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join('') + 'Z';
}

/** A star with `points` tips alternating between the outer and inner radius. */
export function starPath(cx: number, cy: number, outer: number, inner: number, points: number, rotation = 0): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (Math.PI * i) / points - Math.PI / 2;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polygonPath(pts);
}

/** A regular polygon. */
export function regularPath(cx: number, cy: number, r: number, sides: number, rotation = 0): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (2 * Math.PI * i) / sides - Math.PI / 2;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polygonPath(pts);
}

/**
 * A star polygon {n/k}: n points on a circle, each joined to the k-th next one — the interlaced
 * stars of Islamic geometric art (e.g. {8/3}, {12/5}).
 */
export function starPolygonPath(cx: number, cy: number, r: number, n: number, k: number, rotation = 0): string {
  const at = (i: number): [number, number] => {
    const a = rotation + (2 * Math.PI * i) / n - Math.PI / 2;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  };
  const cycles = gcd(n, k);
  let d = '';
  for (let c = 0; c < cycles; c++) {
    const pts: [number, number][] = [];
    for (let j = 0, i = c; j < n / cycles; j++, i = (i + k) % n) pts.push(at(i));
    d += polygonPath(pts);
  }
  return d;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Splits a title into at most `maxLines` lines of about `width` characters. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > width && lines.length < maxLines - 1) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
