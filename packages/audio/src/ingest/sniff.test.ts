import { describe, expect, it } from 'vitest';
import { encodeMp3 } from '../codecs/mp3-encode.js';
import { encodeWavPcm, encodeWithFfmpeg, sine } from '../testing/audio-fixtures.js';
import { findFfmpeg } from './ffmpeg.js';
import { sniffAudioFormat } from './sniff.js';

const ffmpeg = await findFfmpeg();
const tone = sine(440, 1, 44100, 0.5);
const wav = encodeWavPcm(tone, 44100, 'pcm16');

function withId3(audio: Uint8Array): Uint8Array {
  const body = new TextEncoder().encode('TIT2 some title and padding');
  const tag = new Uint8Array(10 + body.length);
  tag.set([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, body.length]);
  tag.set(body, 10);
  const out = new Uint8Array(tag.length + audio.length);
  out.set(tag);
  out.set(audio, tag.length);
  return out;
}

describe('sniffAudioFormat', () => {
  it('recognises WAV (RIFF and RF64) by its header', () => {
    expect(sniffAudioFormat(wav)).toBe('wav');
    const rf64 = wav.slice();
    rf64.set([0x52, 0x46, 0x36, 0x34]);
    expect(sniffAudioFormat(rf64)).toBe('wav');
  });

  it('recognises MP3 by its first frame, with or without an ID3v2 tag', async () => {
    const mp3 = await encodeMp3(tone, 44100, 128);
    expect(sniffAudioFormat(mp3)).toBe('mp3');
    expect(sniffAudioFormat(withId3(mp3))).toBe('mp3');
  });

  // ffmpeg makes the FLAC, AIFF and OGG samples; CI installs it, a bare dev machine may not have it.
  it.skipIf(!ffmpeg)('recognises FLAC, AIFF and OGG', async () => {
    expect(sniffAudioFormat(await encodeWithFfmpeg(wav, 'flac'))).toBe('flac');
    expect(sniffAudioFormat(await encodeWithFfmpeg(wav, 'aiff'))).toBe('aiff');
    expect(sniffAudioFormat(await encodeWithFfmpeg(wav, 'ogg'))).toBe('ogg');
  });

  it('recognises the magic bytes of FLAC, AIFF/AIFC and OGG', () => {
    const header = (text: string): Uint8Array => {
      const bytes = new Uint8Array(64);
      bytes.set(new TextEncoder().encode(text));
      return bytes;
    };
    expect(sniffAudioFormat(header('fLaC'))).toBe('flac');
    expect(sniffAudioFormat(header('FORM\0\0\0\0AIFF'))).toBe('aiff');
    expect(sniffAudioFormat(header('FORM\0\0\0\0AIFC'))).toBe('aiff');
    expect(sniffAudioFormat(header('OggS'))).toBe('ogg');
  });

  it('rejects text, random bytes, empty files and an ID3 tag without audio', () => {
    expect(sniffAudioFormat(new TextEncoder().encode('RIFF? No, just a text file renamed to .wav\n'))).toBeNull();
    let seed = 7;
    const random = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 16) & 0x7f; // never 0xFF, so no accidental frame sync
    });
    expect(sniffAudioFormat(random)).toBeNull();
    expect(sniffAudioFormat(new Uint8Array(0))).toBeNull();
    expect(sniffAudioFormat(withId3(new TextEncoder().encode('no frames here'.repeat(20))))).toBeNull();
  });
});
