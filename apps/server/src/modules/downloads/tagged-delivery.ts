import { Readable } from 'node:stream';
import { id3v2Length, id3Tag, riffHeader, wavLicenceChunks, type DeliveryFormat, type LicenceTags } from '@tarab/audio';
import type { Storage } from '../../storage/storage.js';
import type { StoredDelivery } from './delivery-files.js';

/** The first `length` bytes of a stored file. */
async function head(storage: Storage, key: string, length: number): Promise<Buffer> {
  const stream = await storage.stream('private', key, { start: 0, end: length - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isCanonicalWav = (h: Buffer) =>
  h.length >= 44 &&
  h.toString('ascii', 0, 4) === 'RIFF' &&
  h.toString('ascii', 8, 16) === 'WAVEfmt ' &&
  h.readUInt32LE(16) === 16 &&
  h.toString('ascii', 36, 40) === 'data';

/**
 * A licensed delivery file with the licence written into it, streamed without a whole-file buffer:
 * - MP3: an ID3v2 tag (title, artist, BPM, key, maqam, licence key, verify URL) before the stored frames
 *   (a tag the stored file may have is skipped);
 * - WAV: a new RIFF header, the stored `fmt ` and `data` chunks, then `LIST/INFO` and `iXML` chunks.
 * The size is known ahead, so the zip keeps its Content-Length. A stored WAV of another layout is sent
 * as it is (untagged) rather than rewritten blindly.
 */
export async function openTaggedDelivery(
  storage: Storage,
  file: StoredDelivery,
  format: DeliveryFormat,
  tags: LicenceTags,
): Promise<{ stream: Readable; size: number }> {
  const first = await head(storage, file.key, Math.min(44, file.size));
  let prefix: Buffer;
  let suffix: Buffer;
  let from: number;
  if (format === 'mp3') {
    from = Math.min(id3v2Length(first), file.size);
    prefix = id3Tag(tags);
    suffix = Buffer.alloc(0);
  } else if (isCanonicalWav(first)) {
    from = 12;
    const dataBytes = first.readUInt32LE(40);
    const pad = Buffer.alloc(dataBytes % 2);
    const chunks = wavLicenceChunks(tags);
    suffix = Buffer.concat([pad, chunks]);
    prefix = riffHeader(file.size - 12 + suffix.length);
  } else {
    from = 0;
    prefix = Buffer.alloc(0);
    suffix = Buffer.alloc(0);
  }
  // The stored file is opened when the stream is first read, not before: a zip of many tracks holds
  // one open file (or S3 request) at a time.
  let body: Readable | null = null;
  async function* parts() {
    if (prefix.length) yield prefix;
    if (from < file.size) {
      body = await storage.stream('private', file.key, { start: from, end: file.size - 1 });
      for await (const chunk of body) yield chunk as Buffer;
    }
    if (suffix.length) yield suffix;
  }
  const stream = Readable.from(parts(), { objectMode: false });
  stream.once('close', () => body?.destroy());
  return { stream, size: prefix.length + (file.size - from) + suffix.length };
}
