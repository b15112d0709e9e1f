import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { woffToSfnt } from './woff-to-sfnt.js';

/** Letters of the Arabic script (Arabic, its supplement and extended blocks, presentation forms). */
const ARABIC = '\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF';
/** A run of Arabic words: Arabic letters, with the spaces between them (not those around them). */
const arabicRun = new RegExp(`[${ARABIC}]+(?:[\\s\\u200C\\u200D]+[${ARABIC}]+)*`, 'gu');
const arabicLetter = new RegExp(`[${ARABIC}]`, 'u');
const latinLetter = /[A-Za-z\u00C0-\u024F]/;

export interface TextRun {
  text: string;
  /** Set in the Arabic font, shaped and laid out right to left. */
  arabic: boolean;
  /** Holds a letter (a strong direction), not only digits, spaces and punctuation. */
  strong: boolean;
}

/**
 * A line cut into Arabic runs and the rest (Latin words, digits, punctuation, the spaces around
 * Arabic words), in logical order: what the certificate draws with which font (decision 061).
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const other = (part: string) => {
    if (part) runs.push({ text: part, arabic: false, strong: latinLetter.test(part) });
  };
  let last = 0;
  for (const match of text.matchAll(arabicRun)) {
    other(text.slice(last, match.index));
    runs.push({ text: match[0], arabic: true, strong: arabicLetter.test(match[0]) });
    last = match.index + match[0].length;
  }
  other(text.slice(last));
  return runs;
}

const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  require.resolve(`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff`);

type FontkitFont = ReturnType<typeof fontkit.create>;

/**
 * Copying text out of a PDF reads each glyph's ToUnicode letters, and readers put an Arabic line back
 * into logical order by reversing it: a ligature's letters (lam-alef, the font's تر and في) must then be
 * stored reversed too, or "الترخيص" comes out as "الرتخيص". pdf-lib writes a glyph's `codePoints`, so
 * the font's layout reverses those of every glyph that stands for several letters (once per glyph:
 * fontkit keeps one glyph object per id). Only Arabic runs are set in these fonts.
 */
function withRtlLigatureText(font: FontkitFont): FontkitFont {
  const reversed = new WeakSet<object>();
  const layout = font.layout.bind(font);
  font.layout = (text, features) => {
    const run = layout(text, features);
    for (const glyph of run.glyphs) {
      if (glyph.codePoints.length > 1 && !reversed.has(glyph)) {
        glyph.codePoints = [...glyph.codePoints].reverse();
        reversed.add(glyph);
      }
    }
    return run;
  };
  return font;
}

/**
 * The fontkit pdf-lib is given (`registerFontkit`): fontkit, with the layout above, parsing the font
 * for each document. Not once per process: fontkit keeps one glyph object per id with the letters of
 * the text that first produced it, and pdf-lib writes those letters as the glyph's ToUnicode, so a
 * shared font made the copied text of one certificate depend on the certificates before it (a name
 * lost a ligature's letters). A fresh parse keeps each certificate's text its own.
 */
const arabicFontkit = {
  create: (bytes: Uint8Array, postscriptName?: string) => withRtlLigatureText(fontkit.create(bytes, postscriptName)),
};

let files: Promise<{ fontkit: typeof arabicFontkit; regular: Uint8Array; bold: Uint8Array }> | undefined;

/**
 * The Arabic faces the web app sets Arabic text in (IBM Plex Sans Arabic 400 and 600, decision 046),
 * read once from the installed package; fontkit shapes them for pdf-lib.
 */
export function arabicFontFiles() {
  files ??= Promise.all([fs.readFile(fontFile(400)), fs.readFile(fontFile(600))]).then(([regular, bold]) => ({
    fontkit: arabicFontkit,
    regular: woffToSfnt(regular),
    bold: woffToSfnt(bold),
  }));
  return files;
}
