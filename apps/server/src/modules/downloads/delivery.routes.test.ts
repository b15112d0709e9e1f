import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import NodeID3 from 'node-id3';
import { encodeWav, id3v2Length } from '@tarab/audio';
import { Api, CommerceMessages, ErrorBody, urlOf } from '@tarab/contracts';
import { createLocalStorage } from '../../storage/local-storage.js';
import type { Storage } from '../../storage/storage.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeLicense, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { unzip } from '../../../test/unzip.js';

/** A stereo tone of `seconds` as a WAV of the given depth (the private original of a test track). */
function toneWav(seconds: number, bitDepth: 16 | 24, sampleRate = 44_100, hz = 220): Uint8Array {
  const frames = Math.round(seconds * sampleRate);
  const left = new Float32Array(frames).map((_, i) => 0.4 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  const right = new Float32Array(frames).map((_, i) => 0.3 * Math.sin((2 * Math.PI * hz * 1.5 * i) / sampleRate));
  return encodeWav([left, right], sampleRate, bitDepth);
}

/** fmt facts of a PCM WAV. */
function wavFormat(bytes: Buffer) {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  return { channels: bytes.readUInt16LE(22), sampleRate: bytes.readUInt32LE(24), bits: bytes.readUInt16LE(34) };
}

/** The chunks of a RIFF/WAVE file (id → body), LIST/INFO sub-chunks as `INFO.<id>`; checks the RIFF size. */
function wavChunks(bytes: Buffer): Map<string, Buffer> {
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  const chunks = new Map<string, Buffer>();
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = bytes.subarray(at + 8, at + 8 + size);
    chunks.set(id, body);
    if (id === 'LIST' && body.toString('latin1', 0, 4) === 'INFO') {
      for (let sub = 4; sub + 8 <= body.length;) {
        const subSize = body.readUInt32LE(sub + 4);
        chunks.set(`INFO.${body.toString('latin1', sub, sub + 4)}`, body.subarray(sub + 8, sub + 8 + subSize));
        sub += 8 + subSize + (subSize % 2);
      }
    }
    at += 8 + size + (size % 2);
  }
  return chunks;
}

type Format = 'mp3' | 'wav';

/** The zip of a licensed track (`format` left out: the route's default, mp3). */
const zipOf = (t: TestApp, id: number, headers: Record<string, string>, format?: Format | 'flac') =>
  callRoute(t.app, Api.downloads.zip, { params: { id }, query: { format }, headers });
const prepare = (t: TestApp, id: number, headers: Record<string, string>, format?: Format) =>
  callRoute(t.app, Api.downloads.prepare, { params: { id }, query: { format }, headers });

async function licensedTrack(t: TestApp, userId: number, wav: Uint8Array, master?: { rate: number; bits: number }) {
  const artist = await makeArtist(t.database);
  const track = await makeTrack(t.database, {
    artistId: artist.id,
    title: 'Sunset: on the Nile?',
    masterSampleRate: master?.rate ?? null,
    masterBitDepth: master?.bits ?? null,
  });
  await t.storage.put('private', track.audioKey, wav);
  await makeLicense(t.database, userId, track.id);
  return track.id;
}

/** Local storage that counts the writes of each delivery file (a file made twice is written twice). */
async function countingStorage() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-delivery-'));
  const inner = createLocalStorage(dir);
  const writes = new Map<string, number>();
  const storage: Storage = {
    ...inner,
    put: ((visibility, key, ...rest) => {
      if (key.startsWith('deliveries/')) writes.set(key, (writes.get(key) ?? 0) + 1);
      return (inner.put as (...a: unknown[]) => Promise<void>)(visibility, key, ...rest);
    }) as Storage['put'],
  };
  return { storage, writes, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

describe('licensed delivery files (MP3 and lossless WAV)', () => {
  let t: TestApp;
  let userId: number;
  let auth: Record<string, string>;
  let counted: Awaited<ReturnType<typeof countingStorage>>;
  /** How many delivery files were written, and how often the most written one was. */
  const written = () => ({ files: counted.writes.size, most: Math.max(0, ...counted.writes.values()) });

  beforeAll(async () => {
    counted = await countingStorage();
    t = await buildTestApp({ downloads: { perUser: 100, prepareWaitMs: 30_000 } }, { storage: counted.storage });
    userId = (await makeUser(t.database, { name: 'Layla Editor' })).id;
    auth = bearer(await makeSession(t.database, userId));
  });
  afterAll(async () => {
    await t?.close();
    await counted?.remove();
  });

  it('zips a WAV at the master rate and depth (24-bit stays 24-bit, 16-bit stays 16-bit), with license.txt and a Content-Length', async () => {
    const deep = await licensedTrack(t, userId, toneWav(2, 24, 48_000), { rate: 48_000, bits: 24 });
    const cd = await licensedTrack(t, userId, toneWav(2, 16));
    for (const [id, expected] of [
      [deep, { channels: 2, sampleRate: 48_000, bits: 24 }],
      [cd, { channels: 2, sampleRate: 44_100, bits: 16 }],
    ] as const) {
      const res = await zipOf(t, id, auth, 'wav');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Sunset_on_the_Nile_Track.zip"');
      expect(Number(res.headers['content-length'])).toBe(res.response.rawPayload.length);
      const files = await unzip(res.response.rawPayload);
      expect([...files.keys()].sort()).toEqual(['Sunset on the Nile.wav', 'license-certificate.pdf', 'license.txt']);
      const wav = files.get('Sunset on the Nile.wav')!;
      expect(wavFormat(wav)).toEqual(expected);
      expect(wavChunks(wav).get('data')!.length).toBe(2 * expected.sampleRate * 2 * (expected.bits / 8));
      expect(files.get('license.txt')!.toString()).toContain('License Key: TRB-TEST-');
    }
    const mp3 = await zipOf(t, deep, auth);
    expect(mp3.status).toBe(200);
    expect([...(await unzip(mp3.response.rawPayload)).keys()].sort()).toEqual([
      'Sunset on the Nile.mp3',
      'license-certificate.pdf',
      'license.txt',
    ]);
    const bad = await zipOf(t, deep, auth, 'flac');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ errors: { format: ['The format must be mp3 or wav.'] } });
  });

  it('writes the licence into the delivered files: ID3v2 in the MP3, LIST/INFO and iXML in the WAV', async () => {
    const id = await licensedTrack(t, userId, toneWav(1, 24), { rate: 44_100, bits: 24 });
    const filesOf = async (format: Format) => {
      const res = await zipOf(t, id, auth, format);
      expect(res.status).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(res.response.rawPayload.length);
      return unzip(res.response.rawPayload);
    };
    const mp3Zip = await filesOf('mp3');
    const key = /License Key: (\S+)/.exec(mp3Zip.get('license.txt')!.toString())![1]!;
    // No PUBLIC_URL: the origin the request reached (inject sends `Host: localhost:80`), not the port.
    const verify = `http://localhost/verify/${key}`;
    const mp3 = mp3Zip.get('Sunset on the Nile.mp3')!;
    const tags = NodeID3.read(mp3);
    expect(tags).toMatchObject({ title: 'Sunset: on the Nile?', bpm: '100', initialKey: 'D' });
    expect(tags.artist).toMatch(/^Artist/);
    const custom = Object.fromEntries((tags.userDefinedText ?? []).map((u) => [u.description, u.value]));
    expect(custom).toEqual({ LICENSE_KEY: key, VERIFY_URL: verify, MAQAM: 'Hijaz' });
    expect(tags.comment?.text).toContain(key);
    // The audio frames follow the tag: the first frame sync right after it.
    const after = mp3.subarray(id3v2Length(mp3));
    expect(after[0]).toBe(0xff);
    expect(after[1]! & 0xe0).toBe(0xe0);

    const wav = (await filesOf('wav')).get('Sunset on the Nile.wav')!;
    const chunks = wavChunks(wav);
    expect(chunks.get('INFO.INAM')!.toString('latin1')).toBe('Sunset: on the Nile?\0');
    expect(chunks.get('INFO.ICMT')!.toString('latin1')).toContain(key);
    expect(chunks.get('INFO.IKEY')!.toString('latin1')).toBe('D Hijaz\0');
    const ixml = chunks.get('iXML')!.toString('utf8');
    expect(ixml).toContain(`<LICENSE_KEY>${key}</LICENSE_KEY>`);
    expect(ixml).toContain(`<VERIFY_URL>${verify}</VERIFY_URL>`);
    // The samples are the master's: the data chunk decodes to the stored file's data.
    const stored = Buffer.from(toneWav(1, 24));
    expect(chunks.get('data')!.equals(stored.subarray(44))).toBe(true);
  });

  it('lists the formats of each download, with the master facts where known', async () => {
    const res = await callRoute(t.app, Api.downloads.list, { headers: auth });
    const list = res.json.data.data.data;
    expect(list.length).toBeGreaterThanOrEqual(2);
    const labels = list.map((d) => d.formats.map((f) => `${f.format}: ${f.label}`));
    expect(labels).toContainEqual(['mp3: MP3 · 320 kbps', 'wav: WAV · 24-bit · 48 kHz']);
    expect(labels).toContainEqual(['mp3: MP3 · 320 kbps', 'wav: WAV']);
  });

  it('makes each delivery file once: concurrent first downloads share one encode, later ones stream the stored file', async () => {
    const id = await licensedTrack(t, userId, toneWav(6, 16));
    const filesBefore = written().files;
    const answers = await Promise.all(Array.from({ length: 8 }, () => zipOf(t, id, auth, 'mp3')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.response.rawPayload.toString('base64'))).size).toBe(1);
    // One new file, written once.
    expect(written()).toEqual({ files: filesBefore + 1, most: 1 });
    const later = await zipOf(t, id, auth);
    expect(later.status).toBe(200);
    expect(written()).toEqual({ files: filesBefore + 1, most: 1 });
  });

  it("answers the same bytes for the same licence at any time (entry times and PDF dates are the licence's)", async () => {
    const id = await licensedTrack(t, userId, toneWav(1, 16));
    const zip = () => zipOf(t, id, auth, 'mp3');
    const first = await zip();
    expect(first.status).toBe(200);
    // Only the clock moves (an hour and three seconds on): no timer is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_603_000 });
    try {
      const later = await zip();
      expect(later.status).toBe(200);
      expect(later.response.rawPayload.equals(first.response.rawPayload)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes the delivery files on the audio worker pool, once per file, not on the request path', async () => {
    // The encoding runs on the pool's threads (piscina); how long the event loop stalls meanwhile is a
    // timing figure and is measured by `npm run bench:downloads` (health latency during downloads).
    const ids = await Promise.all(
      Array.from({ length: 4 }, (_, i) => licensedTrack(t, userId, toneWav(20, 16, 44_100, 180 + i))),
    );
    const filesBefore = written().files;
    const before = t.audio.stats().finished.deliver;
    const zips = () =>
      Promise.all(ids.flatMap((id) => (['mp3', 'wav'] as const).map((format) => zipOf(t, id, auth, format))));
    expect((await zips()).map((a) => a.status)).toEqual(Array(8).fill(200));
    // Eight new files (4 tracks × 2 formats), each written once, encoded on the pool.
    expect(written()).toEqual({ files: filesBefore + 8, most: 1 });
    expect(t.audio.stats().finished.deliver - before).toBeGreaterThanOrEqual(8);
    // Asked again, every file is read from storage: nothing is made or written again.
    expect((await zips()).map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(written()).toEqual({ files: filesBefore + 8, most: 1 });
  });
});

describe('downloads under pressure', () => {
  let t: TestApp;
  let base: string;
  let userId: number;
  let auth: Record<string, string>;

  beforeAll(async () => {
    // A zip request waits at most 50 ms for a file being made; one download at a time per user.
    t = await buildTestApp({ downloads: { perUser: 1, prepareWaitMs: 50 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    userId = (await makeUser(t.database)).id;
    auth = bearer(await makeSession(t.database, userId));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After while a first download is being prepared, and the file once it is ready', async () => {
    const id = await licensedTrack(t, userId, toneWav(30, 24), { rate: 44_100, bits: 24 });
    const first = await zipOf(t, id, auth, 'wav');
    expect(first.status).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect(first.error).toEqual({ code: 'download_preparing', message: CommerceMessages.downloadPreparing });

    const wavUrl = urlOf(Api.downloads.zip, { params: { id }, query: { format: 'wav' } });
    // Polls while the answers say "preparing" (200, the zip's URL, a Retry-After); any other answer ends the wait
    // at once and fails the checks below, as does still preparing after a minute.
    const last = await vi.waitFor(
      async () => {
        const res = await prepare(t, id, auth, 'wav');
        const preparing = res.status === 200 && res.json.data.url === wavUrl && !res.json.data.ready;
        if (preparing && (res.json.data.retry_after ?? 0) > 0) expect(res.json.data.ready, 'download ready').toBe(true);
        return res;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(last.status).toBe(200);
    expect(last.json.data.url).toBe(wavUrl);
    if (!last.json.data.ready) expect(last.json.data.retry_after).toBeGreaterThan(0);
    expect(last.json.data.ready).toBe(true);
    const zip = await zipOf(t, id, auth, 'wav');
    expect(zip.status).toBe(200);
    const stranger = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
    const refused = await prepare(t, id, stranger);
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({ code: 'license_required', message: CommerceMessages.licenseRequired });
  });

  it('limits a user to their concurrent downloads (429 + Retry-After), not other users, and frees the slot when a download ends', async () => {
    // Big enough (about 16 MB) that a reader who does not read holds the stream open.
    const id = await licensedTrack(t, userId, toneWav(60, 24), { rate: 44_100, bits: 24 });
    const other = (await makeUser(t.database)).id;
    const otherAuth = bearer(await makeSession(t.database, other));
    await makeLicense(t.database, other, id);
    await vi.waitFor(async () => expect((await prepare(t, id, auth, 'wav')).json.data.ready).toBe(true), {
      timeout: 60_000,
      interval: 100,
    });

    // Over a real socket (a reader that stops reading holds the stream open): the route's URL on the listening app.
    const wavZip = `${base}${urlOf(Api.downloads.zip, { params: { id }, query: { format: 'wav' } })}`;
    const held = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(wavZip, { headers: auth }, resolve).on('error', reject);
    });
    expect(held.statusCode).toBe(200);
    held.pause();

    const second = await fetch(wavZip, { headers: auth });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ErrorBody.parse(await second.json())).toEqual({
      code: 'too_many_downloads',
      message: CommerceMessages.tooManyDownloads,
    });

    const theirs = await fetch(wavZip, { headers: otherAuth });
    expect(theirs.status).toBe(200);
    await theirs.arrayBuffer();

    const closed = new Promise((resolve) => held.socket.once('close', resolve));
    held.destroy();
    await closed;
    // The slot is freed once the server sees the close: 429 until then, then 200 (any other answer ends the wait).
    const after = await vi.waitFor(
      async () => {
        const res = await fetch(wavZip, { headers: auth });
        await res.arrayBuffer();
        expect(res.status, 'slot still held').not.toBe(429);
        return res.status;
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(after).toBe(200);
  });
});
