/** Parsing of MPEG audio Layer III frame headers (enough to walk an MP3 stream frame by frame). */
export interface Mp3FrameHeader {
  /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5. */
  version: 1 | 2 | 2.5;
  bitrateIndex: number;
  bitrateKbps: number;
  sampleRate: number;
  padding: boolean;
  mono: boolean;
  frameBytes: number;
  samplesPerFrame: number;
  /** Bytes of Layer III side information after the 4-byte header. */
  sideInfoBytes: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES_V1 = [44100, 48000, 32000];

export function bitrateTable(version: 1 | 2 | 2.5): readonly number[] {
  return version === 1 ? BITRATES_V1 : BITRATES_V2;
}

export function frameBytesFor(version: 1 | 2 | 2.5, bitrateKbps: number, sampleRate: number, padding: boolean): number {
  const coefficient = version === 1 ? 144 : 72;
  return Math.floor((coefficient * bitrateKbps * 1000) / sampleRate) + (padding ? 1 : 0);
}

export function parseFrameHeader(bytes: Uint8Array, offset: number): Mp3FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b0 = bytes[offset] as number;
  const b1 = bytes[offset + 1] as number;
  const b2 = bytes[offset + 2] as number;
  const b3 = bytes[offset + 3] as number;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits !== 1) return null; // reserved version, or not Layer III
  const version: 1 | 2 | 2.5 = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrateKbps = bitrateTable(version)[bitrateIndex] as number;
  const baseRate = SAMPLE_RATES_V1[rateIndex] as number;
  const sampleRate = version === 1 ? baseRate : version === 2 ? baseRate / 2 : baseRate / 4;
  const padding = ((b2 >> 1) & 1) === 1;
  const mono = b3 >> 6 === 3;
  return {
    version,
    bitrateIndex,
    bitrateKbps,
    sampleRate,
    padding,
    mono,
    frameBytes: frameBytesFor(version, bitrateKbps, sampleRate, padding),
    samplesPerFrame: version === 1 ? 1152 : 576,
    sideInfoBytes: version === 1 ? (mono ? 17 : 32) : mono ? 9 : 17,
  };
}

/** Counts the frames of a headerless MP3 stream (no ID3), throwing if the stream is not contiguous. */
export function countFrames(bytes: Uint8Array): number {
  let offset = 0;
  let frames = 0;
  while (offset < bytes.length) {
    const header = parseFrameHeader(bytes, offset);
    if (!header) throw new Error(`MP3 stream broken at byte ${offset}`);
    offset += header.frameBytes;
    frames++;
  }
  return frames;
}

/**
 * `countFrames` fed in chunks (an encoder's output as it comes): walks the frame headers across chunk
 * boundaries, keeping at most the 3 bytes of a header cut by one. Throws when the stream is not
 * contiguous.
 */
export class Mp3FrameCounter {
  frames = 0;
  /** The first frame's header and its 4 bytes, once seen. */
  first: Mp3FrameHeader | null = null;
  firstBytes: Uint8Array | null = null;
  /** Bytes received so far. */
  private seen = 0;
  /** Offset (in the whole stream) of the next frame's header. */
  private next = 0;
  private readonly partial = new Uint8Array(4);
  private partialLength = 0;

  push(chunk: Uint8Array): void {
    const base = this.seen;
    const end = base + chunk.length;
    let from = 0;
    if (this.partialLength > 0) {
      const take = Math.min(4 - this.partialLength, chunk.length);
      this.partial.set(chunk.subarray(0, take), this.partialLength);
      this.partialLength += take;
      from = take;
      if (this.partialLength < 4) {
        this.seen = end;
        return;
      }
      this.frame(this.partial, 0);
      this.partialLength = 0;
    }
    while (this.next + 4 <= end) this.frame(chunk, this.next - base);
    if (this.next < end) {
      const rest = chunk.subarray(Math.max(from, this.next - base));
      this.partial.set(rest);
      this.partialLength = rest.length;
    }
    this.seen = end;
  }

  /** Throws when the stream ended inside a frame or a header. */
  end(): void {
    if (this.partialLength > 0 || this.next !== this.seen) throw new Error(`MP3 stream broken at byte ${this.next}`);
  }

  private frame(bytes: Uint8Array, offset: number): void {
    const header = parseFrameHeader(bytes, offset);
    if (!header) throw new Error(`MP3 stream broken at byte ${this.next}`);
    if (!this.first) {
      this.first = header;
      this.firstBytes = bytes.slice(offset, offset + 4);
    }
    this.frames++;
    this.next += header.frameBytes;
  }
}
