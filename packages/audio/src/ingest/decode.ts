import { IngestError } from './errors.js';
import { findFfmpeg, streamWithFfmpeg } from './ffmpeg.js';
import { inspectMp3Source, streamMp3 } from './mp3-ingest.js';
import { id3v2Length, sniffAudioFormat, type AudioFormat } from './sniff.js';
import { probeHeader, type AudioHeader } from './probe.js';
import { bytesSource, readHead, type AudioSource } from './source.js';
import { inspectWavHead, WavChunkDecoder, type WavLayout } from './wav-decode.js';

export interface DecodeOptions {
  /** ffmpeg executable for FLAC, AIFF and OGG: a path, null for none, or (default) `findFfmpeg()`. */
  ffmpegPath?: string | null;
  /** Time limit of one ffmpeg run (default 120 s). */
  ffmpegTimeoutMs?: number;
  /**
   * Called with what the header says (rate, channels, duration) before anything is decoded, so a
   * caller can reject a file early; it may throw.
   */
  onHeader?: (header: AudioHeader) => void;
  /**
   * Called with the rate, channels and duration before any sample is decoded or buffer allocated
   * (WAV: the header; MP3: the frame walk; ffmpeg formats: the header, or ffmpeg's counting pass
   * when the header does not say); it may throw to refuse the file.
   */
  onMeasured?: (measured: { sampleRate: number; channels: number; durationS: number }) => void;
}

/** What a decoder knows before its first samples. */
export interface StreamInfo {
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  /** The depth a lossless copy of the source keeps (lossy sources: 16). */
  bitDepth: 16 | 24;
  /** Frames the file says it holds (exact for WAV; the decoded count may differ by a little otherwise). */
  expectedFrames: number;
}

/** Receives a decoded stream: `start` once, then planar chunks (reused by the decoder: copy what you keep). */
export interface AudioSink {
  start(info: StreamInfo): void;
  write(chunk: Float32Array[]): void;
}

/** Bytes read at most to find a WAV's data chunk (a huge LIST or JUNK chunk before it is refused). */
const WAV_HEADER_LIMIT = 16 * 1024 * 1024;
/** Where an Ogg file's last page is looked for. */
const OGG_TAIL = 64 * 1024;

/**
 * Decodes an upload, whatever its name, as a stream: WAV natively, MP3 with mpg123 (WebAssembly),
 * FLAC, AIFF and OGG through ffmpeg (stdin to stdout). The source is read in chunks and the samples
 * are handed to `sink` in chunks: nothing here holds the whole file or the whole audio.
 * Returns the frames decoded. Throws IngestError `not_audio`, `needs_ffmpeg` or `corrupt`.
 */
export async function streamAudio(source: AudioSource, sink: AudioSink, opts: DecodeOptions = {}): Promise<number> {
  const head = await readHead(source, id3v2Length);
  const format = sniffAudioFormat(head);
  if (!format) throw new IngestError('not_audio', null);

  if (format === 'wav') {
    const layout = await wavLayout(source, head);
    const durationS = layout.frames / layout.sampleRate;
    const measured = { sampleRate: layout.sampleRate, channels: layout.channels, durationS };
    opts.onHeader?.({ ...measured, bitsPerSample: layout.bits });
    opts.onMeasured?.(measured);
    sink.start({ format, ...measured, bitDepth: pcmDepth(layout.bits), expectedFrames: layout.frames });
    const decoder = new WavChunkDecoder(layout);
    let frames = 0;
    for await (const chunk of source.chunks(layout.dataOffset, layout.dataOffset + layout.dataBytes)) {
      const planar = decoder.push(chunk);
      const length = planar[0]?.length ?? 0;
      if (length === 0) continue;
      sink.write(planar);
      frames += length;
    }
    return frames;
  }

  if (format === 'mp3') {
    const mp3 = await inspectMp3Source(source, head);
    opts.onHeader?.(mp3);
    opts.onMeasured?.(mp3);
    sink.start({ format, ...mp3, bitDepth: 16, expectedFrames: Math.round(mp3.durationS * mp3.sampleRate) });
    return streamMp3(source, mp3.channels, (chunk) => sink.write(chunk));
  }

  const tail = format === 'ogg' ? await source.read(Math.max(0, source.size - OGG_TAIL), OGG_TAIL) : head;
  const header = probeHeader(head, format, tail);
  if (header) opts.onHeader?.(header);
  const ffmpeg = opts.ffmpegPath === undefined ? await findFfmpeg() : opts.ffmpegPath;
  if (!ffmpeg) throw new IngestError('needs_ffmpeg', format);
  const bits = header?.bitsPerSample;
  const bitDepth = bits === undefined || format === 'ogg' ? 16 : pcmDepth(bits);
  return streamWithFfmpeg(ffmpeg, format, source, {
    timeoutMs: opts.ffmpegTimeoutMs,
    // A header's rate must agree with ffmpeg's output for its duration to size anything.
    headerDurationS: header?.durationS ?? null,
    onStart: ({ sampleRate, channels, durationS }) => {
      opts.onMeasured?.({ sampleRate, channels, durationS });
      sink.start({ format, sampleRate, channels, bitDepth, expectedFrames: Math.round(durationS * sampleRate) });
    },
    onChunk: (chunk) => sink.write(chunk),
  });
}

async function wavLayout(source: AudioSource, head: Uint8Array): Promise<WavLayout> {
  let bytes = head;
  for (;;) {
    const layout = inspectWavHead(bytes, source.size);
    if (layout) return layout;
    if (bytes.length >= WAV_HEADER_LIMIT || bytes.length >= source.size)
      throw new IngestError('corrupt', 'there is no data chunk in the first 16 MB');
    bytes = await source.read(0, Math.min(WAV_HEADER_LIMIT, bytes.length * 4));
  }
}

export interface DecodedAudio {
  format: AudioFormat;
  sampleRate: number;
  /** One array per channel, floats in [-1, 1]. */
  channels: Float32Array[];
  /** The depth a lossless copy of the source keeps (lossy sources: 16). */
  bitDepth: 16 | 24;
}

/**
 * Decodes a whole file into one array per channel, allocated once from the stated length (plus a
 * second of slack for compressed formats) after `onMeasured` has accepted it. For the delivery
 * files and tests; an upload's analysis streams instead (analyzeSource).
 */
export async function decodeAudio(bytes: Uint8Array, opts: DecodeOptions = {}): Promise<DecodedAudio> {
  let info: StreamInfo | null = null;
  let arrays: Float32Array[] = [];
  let frames = 0;
  await streamAudio(
    bytesSource(bytes),
    {
      start(started) {
        info = started;
        const slack = started.format === 'wav' ? 0 : started.sampleRate;
        arrays = Array.from({ length: started.channels }, () => new Float32Array(started.expectedFrames + slack));
      },
      write(chunk) {
        const length = chunk[0]?.length ?? 0;
        if (frames + length > (arrays[0]?.length ?? 0))
          throw new IngestError('corrupt', 'the audio runs longer than the file says');
        chunk.forEach((c, i) => (arrays[i] as Float32Array).set(c, frames));
        frames += length;
      },
    },
    opts,
  );
  const started = info as StreamInfo | null;
  if (!started) throw new IngestError('corrupt', 'no audio decoded');
  return {
    format: started.format,
    sampleRate: started.sampleRate,
    channels: arrays.map((a) => (a.length === frames ? a : a.subarray(0, frames))),
    bitDepth: started.bitDepth,
  };
}

/** The PCM depth a lossless copy keeps: 16-bit for 8/16-bit sources, 24-bit for deeper or float ones. */
function pcmDepth(bits: number): 16 | 24 {
  return bits <= 16 ? 16 : 24;
}
