import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Where a streaming encoder writes its file: appended in chunks, with a few bytes patched afterwards
 * (a WAV header's sizes, an MP3's Info frame), so neither the signal nor the output is ever whole
 * in memory. Synchronous: the encoders run on an audio pool thread, where a blocking write is the
 * back-pressure (the decoder waits for the disk).
 */
export interface ByteOutput {
  /** Appends bytes. */
  write(bytes: Uint8Array): void;
  /** Overwrites bytes already written, at `offset`. */
  patch(offset: number, bytes: Uint8Array): void;
  /** Bytes written so far. */
  readonly size: number;
}

/** An output file, created (mode 600) or truncated; `close` it when done (also after an error). */
export function fileOutput(path: string): ByteOutput & { close(): void } {
  const fd = openSync(path, 'w', 0o600);
  let size = 0;
  let open = true;
  const writeAll = (bytes: Uint8Array, position: number) => {
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
  };
  return {
    write(bytes) {
      writeAll(bytes, size);
      size += bytes.length;
    },
    patch(offset, bytes) {
      if (offset + bytes.length > size) throw new Error('ByteOutput: patch past the end');
      writeAll(bytes, offset);
    },
    get size() {
      return size;
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

/** An output in memory (small files and tests): `bytes()` joins the chunks once, at the end. */
export function memoryOutput(): ByteOutput & { bytes(): Uint8Array } {
  const parts: Uint8Array[] = [];
  const patches: { offset: number; bytes: Uint8Array }[] = [];
  let size = 0;
  return {
    write(bytes) {
      if (bytes.length === 0) return;
      parts.push(bytes.slice());
      size += bytes.length;
    },
    patch(offset, bytes) {
      if (offset + bytes.length > size) throw new Error('ByteOutput: patch past the end');
      patches.push({ offset, bytes: bytes.slice() });
    },
    get size() {
      return size;
    },
    bytes() {
      const out = new Uint8Array(size);
      let offset = 0;
      for (const part of parts) {
        out.set(part, offset);
        offset += part.length;
      }
      for (const p of patches) out.set(p.bytes, p.offset);
      parts.length = 0;
      patches.length = 0;
      return out;
    },
  };
}
