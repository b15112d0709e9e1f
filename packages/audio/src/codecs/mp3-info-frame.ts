import { bitrateTable, frameBytesFor, type Mp3FrameHeader } from './mp3-frame-header.js';

/**
 * Builds a LAME-style "Info" frame (the CBR variant of the Xing header) to put in front of an MP3
 * stream. Its LAME extension carries the encoder delay and padding, so gapless decoders (mpg123,
 * browsers) trim them and the decoded length equals the original sample count.
 */
export interface InfoFrameParams {
  /** Header of the first audio frame; the Info frame copies its version, rate and channel mode. */
  first: Mp3FrameHeader;
  firstHeaderBytes: Uint8Array;
  audioFrames: number;
  audioBytes: number;
  encoderDelay: number;
  padding: number;
  lowpassHz: number;
}

const INFO_AND_TOC_BYTES = 120;
const LAME_EXTENSION_BYTES = 36;

export function buildInfoFrame(params: InfoFrameParams): Uint8Array {
  const { first } = params;
  const tagOffset = 4 + first.sideInfoBytes;
  const needed = tagOffset + INFO_AND_TOC_BYTES + LAME_EXTENSION_BYTES;
  // Smallest bitrate (not below the stream's) whose unpadded frame holds the tag.
  const rates = bitrateTable(first.version);
  let index = first.bitrateIndex;
  while (index < 14 && frameBytesFor(first.version, rates[index] as number, first.sampleRate, false) < needed) index++;
  const frameBytes = frameBytesFor(first.version, rates[index] as number, first.sampleRate, false);
  if (frameBytes < needed) throw new Error('MP3 Info frame does not fit');

  const frame = new Uint8Array(frameBytes);
  const view = new DataView(frame.buffer);
  frame.set(params.firstHeaderBytes.subarray(0, 4));
  frame[1] = (frame[1] as number) | 1; // no CRC
  frame[2] = (index << 4) | ((frame[2] as number) & 0x0c); // bitrate index, keep rate, no padding, private 0

  const totalBytes = frameBytes + params.audioBytes;
  let p = tagOffset;
  writeAscii(frame, p, 'Info');
  view.setUint32(p + 4, 0x0f, false); // frames, bytes, TOC and quality present
  view.setUint32(p + 8, params.audioFrames, false);
  view.setUint32(p + 12, totalBytes, false);
  for (let i = 0; i < 100; i++) frame[p + 16 + i] = Math.floor((i * 256) / 100); // linear TOC (CBR)
  view.setUint32(p + 116, 50, false); // quality indicator
  p += INFO_AND_TOC_BYTES;

  writeAscii(frame, p, 'LAME3.100');
  frame[p + 9] = 0x01; // tag revision 0, CBR
  frame[p + 10] = Math.min(255, Math.round(params.lowpassHz / 100));
  // p+11..p+18: peak amplitude and ReplayGain, left at zero (unknown); p+19: encoding flags / ATH type
  frame[p + 20] = Math.min(255, rates[first.bitrateIndex] as number);
  const delay = Math.max(0, Math.min(4095, params.encoderDelay));
  const padding = Math.max(0, Math.min(4095, params.padding));
  frame[p + 21] = delay >> 4;
  frame[p + 22] = ((delay & 0x0f) << 4) | (padding >> 8);
  frame[p + 23] = padding & 0xff;
  // p+24 misc, p+25 MP3 gain, p+26..27 preset/surround: zero
  view.setUint32(p + 28, totalBytes, false);
  // p+32..33: CRC of the audio data, not verified by decoders; left zero
  view.setUint16(p + 34, crc16(frame, 0, p + 34), false);
  return frame;
}

/** CRC-16/ARC (polynomial 0x8005, reflected), as used by the LAME tag. */
export function crc16(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i] as number;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

function writeAscii(out: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
}
