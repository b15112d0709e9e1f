import { open, stat } from 'node:fs/promises';

/**
 * Where an upload's bytes come from: memory (tests, the bulk import of small files) or a file that
 * is read in chunks, never whole (an upload spooled from storage by the server). Every pass over the
 * audio opens a fresh stream, so a file can be read twice (ffmpeg's counting pass, the MP3 frame
 * walk) without being held in memory.
 */
export interface AudioSource {
  /** Total bytes. */
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** The bytes from `start` to `end` (default: the end), in chunks of at most CHUNK_BYTES. */
  chunks(start?: number, end?: number): AsyncIterable<Uint8Array>;
}

/** Size of one chunk read from a source. */
export const CHUNK_BYTES = 1 << 20;

export function bytesSource(bytes: Uint8Array): AudioSource {
  return {
    size: bytes.byteLength,
    read: (offset, length) =>
      Promise.resolve(bytes.subarray(Math.min(offset, bytes.length), Math.min(bytes.length, offset + length))),
    async *chunks(start = 0, end = bytes.byteLength) {
      for (let at = start; at < Math.min(end, bytes.byteLength); at += CHUNK_BYTES)
        yield bytes.subarray(at, Math.min(end, bytes.byteLength, at + CHUNK_BYTES));
    },
  };
}

/** A file read in chunks of CHUNK_BYTES (a fresh buffer each: consumers may keep them); opened anew by every pass. */
export async function fileSource(path: string): Promise<AudioSource> {
  const { size } = await stat(path);
  return {
    size,
    async read(offset, length) {
      const handle = await open(path, 'r');
      try {
        const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        let filled = 0;
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, offset + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      } finally {
        await handle.close();
      }
    },
    async *chunks(start = 0, end = size) {
      const handle = await open(path, 'r');
      try {
        for (let at = start; at < Math.min(end, size);) {
          const buffer = new Uint8Array(Math.min(CHUNK_BYTES, Math.min(end, size) - at));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
          if (bytesRead === 0) break;
          at += bytesRead;
          yield buffer.subarray(0, bytesRead);
        }
      } finally {
        await handle.close();
      }
    },
  };
}

/** The first bytes of a source: enough to sniff it, whatever the size of an ID3v2 tag in front. */
export async function readHead(source: AudioSource, id3Length: (head: Uint8Array) => number): Promise<Uint8Array> {
  const WINDOW = 64 * 1024;
  const head = await source.read(0, WINDOW);
  const tag = id3Length(head);
  return tag > 0 && head.length === WINDOW ? source.read(0, tag + WINDOW) : head;
}
