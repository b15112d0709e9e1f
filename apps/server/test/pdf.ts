import jsQR from 'jsqr';

/**
 * Reads a PDF as a client would (Mozilla's pdf.js): the text of every page, and the QR codes of its
 * images decoded with jsQR.
 */
async function open(bytes: Uint8Array) {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  return { pdf, OPS };
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { pdf } = await open(bytes);
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  await pdf.destroy();
  return lines.join('\n');
}

type DecodedImage = { width: number; height: number; kind: number; data: Uint8ClampedArray | Uint8Array };

export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const { pdf, OPS } = await open(bytes);
  const found: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
      const name = ops.argsArray[i][0] as string;
      const image = (await new Promise((resolve) => page.objs.get(name, resolve))) as DecodedImage;
      const rgba = toRgba(image);
      const code = jsQR(rgba, image.width, image.height);
      if (code) found.push(code.data);
    }
  }
  await pdf.destroy();
  return found;
}

/** pdf.js image kinds: 1 = 1 bit grey, 2 = RGB, 3 = RGBA. */
function toRgba(image: DecodedImage): Uint8ClampedArray {
  const { width, height, kind, data } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    if (kind === 3) out.set(data.subarray(p * 4, p * 4 + 4), p * 4);
    else if (kind === 2) {
      out[p * 4] = data[p * 3]!;
      out[p * 4 + 1] = data[p * 3 + 1]!;
      out[p * 4 + 2] = data[p * 3 + 2]!;
      out[p * 4 + 3] = 255;
    } else {
      const rowBytes = Math.ceil(width / 8);
      const x = p % width;
      const y = Math.floor(p / width);
      const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      out.fill(bit ? 255 : 0, p * 4, p * 4 + 3);
      out[p * 4 + 3] = 255;
    }
  }
  return out;
}
