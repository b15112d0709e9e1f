import { describe, expect, it } from 'vitest';
import { albumCover, COVER_LAYOUTS } from './art/cover-art.js';
import { artistPortrait } from './art/artist-art.js';
import { patternDef, rosette, rosettePatch } from './art/geometric-pattern.js';
import { tagImage } from './art/tag-art.js';
import { polygonPath, recordFigures, regularPath, regularPoints, starPath, starPolygonPath } from './art/svg-kit.js';
import { buildDemoCatalog } from './index.js';

const MAX_BYTES = 20_000;

function checkSvg(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(Buffer.byteLength(svg)).toBeLessThan(MAX_BYTES);
  // Self-contained: no external references, scripts, raster images or fonts; only #local links.
  const inner = svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
  expect(inner).not.toMatch(/https?:|<image|<script|@import|font-family|@font-face/);
  for (const m of inner.matchAll(/href="([^"]*)"/g)) expect(m[1]).toMatch(/^#[\w-]+$/);
  expect(svg).not.toContain('${');
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  // No text of any kind: titles are set by the page in its language (issue 32, decision 060).
  expect(svg).not.toMatch(/<text|<tspan|<title|<desc|aria-label/);
  // Every url(#id) and href="#id" points at an element defined in the same document.
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  for (const m of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids.has(m[1])).toBe(true);
  for (const m of svg.matchAll(/href="#([^"]+)"/g)) expect(ids.has(m[1])).toBe(true);
  // Balanced tags (a cheap well-formedness check).
  const opened = (svg.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length;
  const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
  expect(opened).toBe(closed);
}

type Point = [number, number];

/** Closed polygonal figures of a path: subpaths of absolute M/L/H/V…Z (curved ones are skipped). */
function polygonsOf(d: string): Point[][] {
  const out: Point[][] = [];
  for (const sub of d.split(/(?=M)/)) {
    if (!/Z\s*$/i.test(sub) || /[CQSTAHVcqstalhvm]/.test(sub.slice(1))) continue;
    const nums = [...sub.matchAll(/-?\d*\.?\d+(?:e-?\d+)?/g)].map((m) => Number(m[0]));
    const pts: Point[] = [];
    for (let i = 0; i + 1 < nums.length; i += 2) pts.push([nums[i]!, nums[i + 1]!]);
    if (pts.length >= 3) out.push(pts);
  }
  return out;
}

/** Every closed figure of a document, per element (path d, polygon points). */
function figuresOf(svg: string): Point[][][] {
  const elements: Point[][][] = [];
  for (const m of svg.matchAll(/\sd="([^"]+)"/g)) elements.push(polygonsOf(m[1]!));
  for (const m of svg.matchAll(/\spoints="([^"]+)"/g)) elements.push(polygonsOf(`M${m[1]!}Z`));
  return elements;
}

const centroid = (pts: readonly Point[]): Point => [
  pts.reduce((s, p) => s + p[0], 0) / pts.length,
  pts.reduce((s, p) => s + p[1], 0) / pts.length,
];

/** Does turning the points by 60° about `c` give the same set of points? */
function sixFold(pts: readonly Point[], c: Point): boolean {
  const radius = Math.max(...pts.map((p) => Math.hypot(p[0] - c[0], p[1] - c[1])));
  if (radius < 2 || pts.length < 6) return false;
  const tol = Math.max(0.6, radius * 0.012);
  const a = Math.PI / 3;
  return pts.every(([x, y]) => {
    const rx = c[0] + (x - c[0]) * Math.cos(a) - (y - c[1]) * Math.sin(a);
    const ry = c[1] + (x - c[0]) * Math.sin(a) + (y - c[1]) * Math.cos(a);
    return pts.some((q) => Math.hypot(q[0] - rx, q[1] - ry) <= tol);
  });
}

/**
 * Closed figures drawn about one centre, in one element or across the document, that have
 * six-fold rotational symmetry: a hexagram ({6/2}: two triangles), a six- or twelve-pointed star.
 */
function sixFoldFigures(svg: string): string[] {
  const found: string[] = [];
  const all: { c: Point; pts: Point[] }[] = [];
  const check = (groups: Map<string, Point[]>) => {
    for (const [key, pts] of groups) {
      const unique = pts.filter((p, i) => pts.findIndex((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < 0.3) === i);
      const [cx, cy] = key.split(',').map(Number) as Point;
      if (sixFold(unique, [cx, cy])) found.push(`six-fold figure about ${key}`);
    }
  };
  for (const element of figuresOf(svg)) {
    const groups = new Map<string, Point[]>();
    for (const poly of element) {
      const c = centroid(poly);
      all.push({ c, pts: poly });
      if (sixFold(poly, c)) found.push(`six-fold polygon about ${c.map(Math.round).join(',')}`);
      const key = c.map((v) => Math.round(v)).join(',');
      groups.set(key, [...(groups.get(key) ?? []), ...poly]);
    }
    check(groups);
  }
  const across = new Map<string, Point[]>();
  for (const { c, pts } of all) {
    const key = c.map((v) => Math.round(v)).join(',');
    across.set(key, [...(across.get(key) ?? []), ...pts]);
  }
  check(across);
  return found;
}

/** The symmetries named in a figure set: "{8/3}" → 8, "star-5" → 5, "rosette-16" → 16. */
const foldsOf = (figures: Iterable<string>) =>
  [...figures].map((f) => Number(/\{(\d+)\/|-(\d+)$/.exec(f)?.slice(1).find(Boolean) ?? NaN)).filter(Number.isFinite);

describe('generated art', () => {
  const { result: catalog, figures } = recordFigures(() => buildDemoCatalog());
  const loops = catalog.tracks.filter((t) => t.kind === 'loop');
  const loopCovers = catalog.albums.filter((a) => loops.some((l) => l.albumKey === a.key));
  const documents = [
    ...catalog.albums.map((a) => ({ what: `album ${a.key}`, svg: a.image })),
    ...catalog.artists.map((a) => ({ what: `artist ${a.key}`, svg: a.image })),
    ...catalog.tags.map((t) => ({ what: `tag ${t.kind}:${t.name}`, svg: t.image })),
  ];

  it('every demo track and loop has art: its album cover (every loop is in a loop album)', () => {
    const albums = new Map(catalog.albums.map((a) => [a.key, a]));
    for (const track of catalog.tracks) {
      expect(track.albumKey, track.key).not.toBeNull();
      expect(albums.get(track.albumKey ?? '')?.image, track.key).toMatch(/^<svg /);
    }
    expect(loops.length).toBeGreaterThanOrEqual(44);
    expect(loopCovers.length).toBeGreaterThanOrEqual(5);
  });

  it('is small, self-contained SVG with no text, title or name in it', () => {
    for (const { svg } of documents) checkSvg(svg);
    for (const album of catalog.albums) {
      expect(album.image).not.toContain(album.title.replace(/&/g, '&amp;').replace(/'/g, '&apos;'));
      const artist = catalog.artists.find((a) => a.key === album.artistKey)!;
      expect(album.image).not.toContain(artist.name);
    }
    for (const artist of catalog.artists) expect(artist.image).not.toContain(artist.name);
    // Ids are unique across documents, so pages can inline several images.
    const ids = documents.flatMap((d) => [...d.svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws on the khatam, girih and arabesque vocabulary', () => {
    for (const f of ['{8/3}', 'khatam-tiling', 'khatam-rosette', 'girih-rosette', 'arabesque'])
      expect(figures).toContain(f);
    expect(foldsOf(figures).length).toBeGreaterThan(5);
  });

  it('never draws a six-pointed star: no figure with six-fold symmetry is named or drawn', () => {
    // What the generators say they drew…
    expect(foldsOf(figures).filter((n) => n % 6 === 0)).toEqual([]);
    for (const f of figures) expect(f).not.toMatch(/hex|\{6\/|\{12\/|-6$|-12$/);
    // …and what the documents contain, measured: no closed figure (or set of figures about one
    // centre) that a turn of 60° maps onto itself.
    for (const { what, svg } of documents) expect(sixFoldFigures(svg), what).toEqual([]);
  });

  it('the check finds a hexagram however it is drawn, and the generators refuse one', () => {
    const up = regularPoints(100, 100, 50, 3);
    const down = regularPoints(100, 100, 50, 3, Math.PI);
    const asTwoTriangles = `<svg><path d="${polygonPath(up)}${polygonPath(down)}"/></svg>`;
    const asTwoElements = `<svg><path d="${polygonPath(up)}"/><path d="${polygonPath(down)}"/></svg>`;
    const asOutline = `<svg><path d="M${regularPoints(100, 100, 50, 12)
      .map((p, i) => (i % 2 ? [100 + (p[0] - 100) * 0.58, 100 + (p[1] - 100) * 0.58] : p).join(' '))
      .join('L')}Z"/></svg>`;
    for (const svg of [asTwoTriangles, asTwoElements, asOutline]) expect(sixFoldFigures(svg)).not.toEqual([]);
    expect(sixFoldFigures(`<svg><path d="${polygonPath(regularPoints(0, 0, 40, 8))}"/></svg>`)).toEqual([]);
    expect(() => starPolygonPath(0, 0, 10, 6, 2)).toThrow(/six-pointed/);
    expect(() => starPolygonPath(0, 0, 10, 12, 5)).toThrow();
    expect(() => starPath(0, 0, 10, 5, 6)).toThrow();
    expect(() => regularPath(0, 0, 10, 6)).toThrow();
    expect(() => rosettePatch(0, 0, 12, 10)).toThrow();
    expect(() => rosette(0, 0, 10, 12, '#000', 'none')).toThrow();
  });

  it('every layout, pattern and tag motif stays clear of six-fold figures', () => {
    for (const layout of COVER_LAYOUTS)
      for (let i = 0; i < 8; i++) {
        const svg = albumCover({ key: `probe-${layout}-${i}`, paletteIndex: i, layout });
        checkSvg(svg);
        expect(sixFoldFigures(svg), `${layout} ${i}`).toEqual([]);
      }
    for (const kind of ['khatam', 'girih', 'rosettes', 'lattice'] as const)
      expect(sixFoldFigures(patternDef('p', kind, 60, '#000', 1)), kind).toEqual([]);
    for (let i = 0; i < 24; i++) {
      for (const kind of ['genre', 'mood', 'theme', 'instrument', 'region'] as const)
        expect(sixFoldFigures(tagImage(kind, `probe ${i}`, '#804020')), `${kind} ${i}`).toEqual([]);
      expect(sixFoldFigures(artistPortrait({ key: `probe-${i}`, instruments: ['Riq', 'Oud'] }))).toEqual([]);
    }
  });

  it('artist pictures are illustrations (instruments), distinct per artist, with no letters', () => {
    const images = catalog.artists.map((a) => a.image);
    expect(new Set(images).size).toBe(images.length);
    for (const svg of images) expect(svg).toMatch(/<g transform="translate\(/);
    expect(new Set(catalog.albums.map((a) => a.image)).size).toBe(catalog.albums.length);
    expect(new Set(catalog.tags.map((t) => t.image)).size).toBe(catalog.tags.length);
  });

  it('is deterministic', () => {
    const again = buildDemoCatalog();
    expect(again.albums.map((a) => a.image)).toEqual(catalog.albums.map((a) => a.image));
    expect(again.artists.map((a) => a.image)).toEqual(catalog.artists.map((a) => a.image));
    expect(again.tags.map((t) => t.image)).toEqual(catalog.tags.map((t) => t.image));
  });
});
