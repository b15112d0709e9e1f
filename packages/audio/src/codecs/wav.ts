/**
 * RIFF/WAVE encoding (16-bit PCM; floats scaled by 32768 and clipped, the inverse of decoding) and
 * decoding (8/16/24/32-bit PCM and 32/64-bit float).
 */

/**
 * A PCM WAV of float samples: 16-bit (default) or 24-bit, floats scaled by 2^(bits-1), rounded
 * and clipped (the inverse of decoding).
 */
export function encodeWav(channels: Float32Array[], sampleRate: number, bitDepth: 16 | 24 = 16): Uint8Array {
  const channelCount = channels.length;
  if (channelCount === 0) throw new Error('encodeWav: no channels');
  const frames = channels[0]?.length ?? 0;
  for (const ch of channels) if (ch.length !== frames) throw new Error('encodeWav: channels differ in length');
  const bytesPerSample = bitDepth / 8;
  const dataBytes = frames * channelCount * bytesPerSample;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  writeAscii(out, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(out, 8, 'WAVE');
  writeAscii(out, 12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * bytesPerSample, true);
  view.setUint16(32, channelCount * bytesPerSample, true);
  view.setUint16(34, bitDepth, true);
  writeAscii(out, 36, 'data');
  view.setUint32(40, dataBytes, true);
  if (bitDepth === 16) {
    const pcm = new Int16Array(out.buffer, 44, frames * channelCount);
    for (let c = 0; c < channelCount; c++) {
      const src = channels[c] as Float32Array;
      for (let i = 0, j = c; i < frames; i++, j += channelCount) {
        const v = Math.round((src[i] as number) * 32768);
        pcm[j] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
      }
    }
    return out;
  }
  for (let c = 0; c < channelCount; c++) {
    const src = channels[c] as Float32Array;
    for (let i = 0, p = 44 + c * 3; i < frames; i++, p += channelCount * 3) {
      let v = Math.round((src[i] as number) * 8388608);
      v = v > 8388607 ? 8388607 : v < -8388608 ? -8388608 : v;
      out[p] = v & 0xff;
      out[p + 1] = (v >> 8) & 0xff;
      out[p + 2] = (v >> 16) & 0xff;
    }
  }
  return out;
}

export function decodeWav(bytes: Uint8Array): { channels: Float32Array[]; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (readAscii(bytes, 0, 4) !== 'RIFF' || readAscii(bytes, 8, 4) !== 'WAVE')
    throw new Error('decodeWav: not a RIFF/WAVE file');
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = readAscii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      let tag = view.getUint16(body, true);
      if (tag === 0xfffe && size >= 26) tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('decodeWav: data chunk before fmt chunk');
      const size1 = Math.min(size, bytes.length - body);
      return { channels: decodeSamples(view, body, size1, format), sampleRate: format.sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('decodeWav: no data chunk');
}

function decodeSamples(
  view: DataView,
  start: number,
  size: number,
  format: { tag: number; channels: number; bits: number },
): Float32Array[] {
  const { tag, channels: channelCount, bits } = format;
  const bytesPerSample = bits / 8;
  if (channelCount < 1 || !Number.isInteger(bytesPerSample)) throw new Error('decodeWav: unsupported format');
  const frames = Math.floor(size / (bytesPerSample * channelCount));
  const out = Array.from({ length: channelCount }, () => new Float32Array(frames));
  const read = sampleReader(view, tag, bits);
  let p = start;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channelCount; c++) {
      (out[c] as Float32Array)[i] = read(p);
      p += bytesPerSample;
    }
  }
  return out;
}

function sampleReader(view: DataView, tag: number, bits: number): (p: number) => number {
  if (tag === 1 && bits === 16) return (p) => view.getInt16(p, true) / 32768;
  if (tag === 1 && bits === 8) return (p) => (view.getUint8(p) - 128) / 128;
  if (tag === 1 && bits === 24)
    return (p) => (view.getUint8(p) | (view.getUint8(p + 1) << 8) | (view.getInt8(p + 2) << 16)) / 8388608;
  if (tag === 1 && bits === 32) return (p) => view.getInt32(p, true) / 2147483648;
  if (tag === 3 && bits === 32) return (p) => view.getFloat32(p, true);
  if (tag === 3 && bits === 64) return (p) => view.getFloat64(p, true);
  throw new Error(`decodeWav: unsupported format tag ${tag} with ${bits} bits`);
}

function writeAscii(out: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
}

function readAscii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
