import NodeID3 from 'node-id3';

/** What a licensed file says about itself: the track, and the licence that covers it. */
export interface LicenceTags {
  title: string;
  artist: string;
  bpm: number | null;
  /** The tonic, e.g. `D` (TKEY / IKEY). */
  key: string | null;
  /** The maqam, e.g. `Hijaz`. */
  maqam: string | null;
  licenseKey: string;
  verifyUrl: string;
  /** Issue year of the licence (copyright line). */
  year: number;
}

const licenceLine = (t: LicenceTags) => `Tarab licence ${t.licenseKey}. Verify: ${t.verifyUrl}`;

/**
 * An ID3v2.3 tag (node-id3) to put before a licensed MP3's frames: title, artist, BPM, key, the maqam,
 * the licence key and the verify URL (as TXXX frames, a comment, and the WOAF "official file" link).
 */
export function id3Tag(t: LicenceTags): Buffer {
  const tag = NodeID3.create({
    title: t.title,
    artist: t.artist,
    ...(t.bpm ? { bpm: String(Math.round(t.bpm)) } : {}),
    ...(t.key ? { initialKey: t.key } : {}),
    copyright: `${t.year} Tarab (licensed: ${t.licenseKey})`,
    comment: { language: 'eng', text: licenceLine(t) },
    fileUrl: t.verifyUrl,
    userDefinedText: [
      { description: 'LICENSE_KEY', value: t.licenseKey },
      { description: 'VERIFY_URL', value: t.verifyUrl },
      ...(t.maqam ? [{ description: 'MAQAM', value: t.maqam }] : []),
    ],
  });
  return Buffer.isBuffer(tag) ? tag : Buffer.from(tag);
}

function chunk(id: string, body: Buffer): Buffer {
  const pad = body.length % 2;
  const out = Buffer.alloc(8 + body.length + pad);
  out.write(id, 0, 'ascii');
  out.writeUInt32LE(body.length, 4);
  body.copy(out, 8);
  return out;
}

/** A zero-terminated text for an INFO sub-chunk (Latin-1: INFO has no encoding field; others become `?`). */
const infoText = (text: string) => Buffer.from(`${text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')}\0`, 'latin1');

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The chunks to append after a licensed WAV's `data`: a `LIST`/`INFO` (INAM title, IART artist, ICOP,
 * ICMT the licence and verify URL, IKEY, IGNR) and an `iXML` chunk (UTF-8, the BWF world's metadata:
 * project, note, tempo, key, and the licence in USER fields). Readers that do not know them skip them.
 */
export function wavLicenceChunks(t: LicenceTags): Buffer {
  const info = Buffer.concat([
    Buffer.from('INFO', 'ascii'),
    chunk('INAM', infoText(t.title)),
    chunk('IART', infoText(t.artist)),
    chunk('ICOP', infoText(`${t.year} Tarab (licensed: ${t.licenseKey})`)),
    chunk('ICMT', infoText(licenceLine(t))),
    ...(t.key ? [chunk('IKEY', infoText(t.maqam ? `${t.key} ${t.maqam}` : t.key))] : []),
    chunk('ISFT', infoText('Tarab')),
  ]);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<BWFXML>',
    '<IXML_VERSION>2.10</IXML_VERSION>',
    `<PROJECT>${xmlEscape(t.title)}</PROJECT>`,
    `<NOTE>${xmlEscape(licenceLine(t))}</NOTE>`,
    '<USER>',
    `<ARTIST>${xmlEscape(t.artist)}</ARTIST>`,
    `<LICENSE_KEY>${xmlEscape(t.licenseKey)}</LICENSE_KEY>`,
    `<VERIFY_URL>${xmlEscape(t.verifyUrl)}</VERIFY_URL>`,
    ...(t.bpm ? [`<BPM>${Math.round(t.bpm)}</BPM>`] : []),
    ...(t.key ? [`<KEY>${xmlEscape(t.key)}</KEY>`] : []),
    ...(t.maqam ? [`<MAQAM>${xmlEscape(t.maqam)}</MAQAM>`] : []),
    '</USER>',
    '</BWFXML>',
  ].join('\n');
  return Buffer.concat([chunk('LIST', info), chunk('iXML', Buffer.from(xml, 'utf8'))]);
}

/**
 * The 12-byte RIFF header of a WAV whose chunks after `WAVE` total `chunksLength` bytes (the stored
 * file's `fmt ` and `data`, any pad byte, and the licence chunks).
 */
export function riffHeader(chunksLength: number): Buffer {
  const out = Buffer.alloc(12);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(4 + chunksLength, 4);
  out.write('WAVE', 8, 'ascii');
  return out;
}
