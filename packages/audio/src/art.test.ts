import { describe, expect, it } from 'vitest';
import { buildDemoCatalog } from './index.js';

function checkSvg(svg: string, maxBytes: number): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(Buffer.byteLength(svg)).toBeLessThan(maxBytes);
  // Self-contained: no external references, scripts, raster images or remote fonts.
  expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|<image|<script|@import|href=/);
  expect(svg).not.toContain('${');
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  // Every url(#id) points at an element defined in the same document.
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  for (const m of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids.has(m[1])).toBe(true);
  // Fonts are generic families only.
  for (const m of svg.matchAll(/font-family="([^"]+)"/g)) expect(['serif', 'sans-serif']).toContain(m[1]);
  // Balanced tags (a cheap well-formedness check).
  const opened = (svg.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length;
  const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
  expect(opened).toBe(closed);
}

describe('generated art', () => {
  const catalog = buildDemoCatalog();

  it('tag images are small self-contained SVGs, distinct per tag', () => {
    for (const tag of catalog.tags) checkSvg(tag.image, 3000);
    expect(new Set(catalog.tags.map((t) => t.image)).size).toBe(catalog.tags.length);
  });

  it('album covers and artist pictures are self-contained SVGs under 8 KB, titles typeset', () => {
    for (const album of catalog.albums) {
      checkSvg(album.image, 8000);
      const words = album.title.replace(/&/g, '&amp;').replace(/'/g, '&apos;').split(' ');
      for (const word of words) expect(album.image).toContain(word);
    }
    for (const artist of catalog.artists) checkSvg(artist.image, 8000);
    // Ids are unique across documents, so pages can inline several images.
    const ids = [...catalog.albums, ...catalog.artists, ...catalog.tags].flatMap((x) =>
      [...x.image.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is deterministic', () => {
    const again = buildDemoCatalog();
    expect(again.albums.map((a) => a.image)).toEqual(catalog.albums.map((a) => a.image));
    expect(again.tags.map((t) => t.image)).toEqual(catalog.tags.map((t) => t.image));
  });
});
