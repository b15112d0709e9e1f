import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const woffOf = (weight: number) =>
  fs.readFile(
    require.resolve(`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff`),
  );

describe('a WOFF font unwrapped to the sfnt it holds', () => {
  it.each([400, 600])('reads as the same font, and shapes Arabic to the same glyphs (weight %i)', async (weight) => {
    const woff = await woffOf(weight);
    const sfnt = woffToSfnt(woff);
    const [wrapped, plain] = [fontkit.create(woff), fontkit.create(sfnt)];
    // A plain sfnt: TrueType outlines (0x00010000) or CFF ('OTTO'), not 'wOFF'.
    expect([0x00010000, 0x4f54544f]).toContain(new DataView(sfnt.buffer, sfnt.byteOffset).getUint32(0));
    expect(plain.postscriptName).toBe(wrapped.postscriptName);
    expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
    const ids = (font: typeof plain) => font.layout('مفتاح الترخيص لا إله').glyphs.map((g) => g.id);
    expect(ids(plain)).toEqual(ids(wrapped));
    // Every table: the size the WOFF directory states, 4-byte aligned in the file.
    const tables = new DataView(sfnt.buffer, sfnt.byteOffset).getUint16(4);
    expect(tables).toBe(woff.readUInt16BE(12));
    for (let i = 0; i < tables; i++) {
      const record = new DataView(sfnt.buffer, sfnt.byteOffset + 12 + i * 16, 16);
      expect(record.getUint32(8) % 4).toBe(0);
      expect(record.getUint32(12)).toBe(woff.readUInt32BE(44 + i * 20 + 12));
    }
  });

  it('refuses what is not a WOFF 1.0 font, and a table that does not inflate to its size', async () => {
    expect(() => woffToSfnt(new Uint8Array(60))).toThrow('Not a WOFF 1.0 font');
    const broken = Buffer.from(await woffOf(400));
    broken.writeUInt32BE(broken.readUInt32BE(44 + 12) + 1, 44 + 12); // first table's stated length
    expect(() => woffToSfnt(broken)).toThrow();
  });
});
