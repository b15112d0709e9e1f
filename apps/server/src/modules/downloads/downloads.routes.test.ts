import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3, encodeWav } from '@tarab/audio';
import { Api, CommerceMessages, Messages, pathOf } from '@tarab/contracts';
import { eq } from 'drizzle-orm';
import { artists, planPrices, subscriptions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { createDownloadToken } from './download-link.js';
import { unzip } from '../../../test/unzip.js';
import { pdfQrCodes, pdfText } from '../../../test/pdf.js';

describe('downloads API', () => {
  let t: TestApp;
  let music: number;
  let loop: number;
  let artistId: number;
  let subscriber: Record<string, string>;
  let subscriberId: number;
  let subscriberToken: string;
  let listener: Record<string, string>;
  const SECRET = 'test-secret-key-0123456789abcdef0123456789';

  type Headers = Record<string, string>;
  const fromSubscription = (headers: Headers, body: { music_id?: number; loop_id?: number }) =>
    callRoute(t.app, Api.downloads.fromSubscription, { body, headers });
  const loopFromSubscription = (headers: Headers, body: { music_id?: number; loop_id?: number }) =>
    callRoute(t.app, Api.downloads.loopFromSubscription, { body, headers });
  const downloads = (headers: Headers) => callRoute(t.app, Api.downloads.list, { headers });
  const zipOf = (id: number, headers: Headers = {}) => callRoute(t.app, Api.downloads.zip, { params: { id }, headers });
  const askLink = (id: number, headers: Headers) => callRoute(t.app, Api.downloads.link, { params: { id }, headers });
  /** The token of a download link the server gave; the link must be the `Api.downloads.byToken` route. */
  const tokenOf = (link: string) => {
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect(link).toBe(pathOf(Api.downloads.byToken, { token }));
    return token;
  };
  const byToken = (token: string, headers: Headers = {}) =>
    callRoute(t.app, Api.downloads.byToken, { params: { token }, headers });
  const follow = (link: string, headers: Headers = {}) => byToken(tokenOf(link), headers);

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await makeArtist(t.database, 'Sama Trio');
    artistId = artist.id;
    const sampleRate = 44100;
    const tone = new Float32Array(sampleRate * 2).map(
      (_, i) => 0.4 * Math.sin((2 * Math.PI * 293.66 * i) / sampleRate),
    );
    const wav = encodeWav([tone], sampleRate);
    const m = await makeTrack(t.database, { artistId: artist.id, title: 'Night Caravan (Live)' });
    const l = await makeTrack(t.database, { artistId: artist.id, kind: 'loop', title: 'Riq 100' });
    await t.storage.put('private', m.audioKey, wav);
    await t.storage.put('private', l.audioKey, wav);
    music = m.id;
    loop = l.id;
    const sub = await makeUser(t.database, { name: 'Sub Scriber', email: 'sub.scriber.private@example.com' });
    subscriberId = sub.id;
    const [price] = await t.database.db.select().from(planPrices);
    await t.database.db.insert(subscriptions).values({
      userId: sub.id,
      planPriceId: price!.id,
      status: 'active',
      provider: 'local',
      providerRef: `sub_test_${sub.id}`,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    subscriberToken = await makeSession(t.database, sub.id);
    subscriber = bearer(subscriberToken);
    listener = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a subscriber download music and loops, recording one license each', async () => {
    const first = await fromSubscription(subscriber, { music_id: music, loop_id: music });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      message: Messages.downloadedFromSubscription,
      data: {
        track_id: music,
        license_key: expect.stringMatching(/^TRB-/),
        download_url: expect.stringMatching(/^\/api\/downloads\//),
      },
    });
    const again = await fromSubscription(subscriber, { music_id: music, loop_id: music });
    expect(again.json.data.license_key).toBe(first.json.data.license_key);
    const loopRes = await loopFromSubscription(subscriber, { music_id: loop, loop_id: loop });
    expect(loopRes.status).toBe(200);
    const list = (await downloads(subscriber)).json.data.data;
    expect(list.total).toBe(2);
    expect(list.data.map((d) => d.id).sort()).toEqual([music, loop].sort());
    expect(list.data[0]).toMatchObject({
      license_key: expect.stringMatching(/^TRB-/),
      source: 'subscription',
      bpm: 100,
    });
  });

  it('refuses downloads without a subscription, with the spec message for loops', async () => {
    const m = await fromSubscription(listener, { music_id: music, loop_id: music });
    expect(m.status).toBe(403);
    expect(m.error.message).toBe(CommerceMessages.subscriptionRequired);
    const l = await loopFromSubscription(listener, { music_id: loop, loop_id: loop });
    expect(l.status).toBe(403);
    expect(l.error.message).toBe(Messages.loopsNeedSubscription);
    expect((await fromSubscription({}, { music_id: music })).status).toBe(401);
    expect((await fromSubscription(subscriber, { music_id: loop })).status).toBe(422);
    expect((await fromSubscription(subscriber, {})).status).toBe(422);
  });

  it('streams a zip with the full-quality mp3 and license.txt to a license holder', async () => {
    const res = await zipOf(music, subscriber);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Night_Caravan_Live_Track.zip"');
    const files = await unzip(res.response.rawPayload);
    expect([...files.keys()].sort()).toEqual(['Night Caravan (Live).mp3', 'license-certificate.pdf', 'license.txt']);
    const license = files.get('license.txt')!.toString('utf8');
    const key = (await downloads(subscriber)).json.data.data.data.find((d) => d.id === music)!.license_key;
    expect(license.startsWith(`License Key: ${key}`)).toBe(true);
    expect(license).toContain('Licensee: Sub Scriber\r\n');
    expect(license).toContain('Night Caravan (Live)');
    // The buyer's name only: the file travels with the track (editors, clients); the email never does.
    for (const [name, bytes] of files) expect(bytes.toString('latin1'), name).not.toContain('sub.scriber.private');
    const mp3 = await decodeMp3(new Uint8Array(files.get('Night Caravan (Live).mp3')!));
    expect(Math.abs(mp3.durationS - 2)).toBeLessThan(0.1);
  });

  it("puts in the zip the licence's certificate itself: the artist's Arabic name included", async () => {
    await t.database.db.update(artists).set({ nameAr: 'ثلاثي سما' }).where(eq(artists.id, artistId));
    try {
      const zip = await zipOf(music, subscriber);
      const inZip = (await unzip(zip.response.rawPayload)).get('license-certificate.pdf')!;
      const alone = await callRoute(t.app, Api.licenses.certificate, { params: { id: music }, headers: subscriber });
      expect(alone.status).toBe(200);
      expect(inZip.equals(alone.response.rawPayload)).toBe(true);
      expect(await pdfText(inZip)).toContain('ثلاثي سما');
    } finally {
      await t.database.db.update(artists).set({ nameAr: null }).where(eq(artists.id, artistId));
    }
  });

  it('writes absolute links from the origin the request reached when PUBLIC_URL is unset, never localhost', async () => {
    // Issue #32: the certificate's QR and verify link pointed at http://localhost:{port} on any host.
    const res = await zipOf(music, {
      ...subscriber,
      host: 'shop.tarab.example:8443',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.status).toBe(200);
    const files = await unzip(res.response.rawPayload);
    const license = files.get('license.txt')!.toString('utf8');
    const key = /License Key: (\S+)/.exec(license)![1]!;
    const origin = 'http://shop.tarab.example:8443';
    expect(license).toContain(`Verify: ${origin}/verify/${key}\r\n`);
    expect(license).toContain(`the full Terms of Use at ${origin}/terms-of-use govern`);
    // No relative link is left: every "/path" in the file starts an absolute URL.
    expect(license).not.toMatch(/(^|\s)\/[a-z]/m);
    const certificate = files.get('license-certificate.pdf')!;
    expect(await pdfQrCodes(certificate)).toEqual([`${origin}/verify/${key}`]);
    expect(await pdfText(certificate)).toContain(`${origin}/verify/${key}`);
    // A proxy's headers count only behind a trusted proxy (TRUST_PROXY): here there is none.
    for (const [name, bytes] of files) {
      expect(bytes.toString('latin1'), name).not.toContain('evil.example');
      expect(bytes.toString('latin1'), name).not.toContain('localhost');
    }
  });

  it('answers 403 without a license, for a tampered or expired link, and for a link of another user', async () => {
    expect((await zipOf(music, listener)).status).toBe(403);
    expect((await zipOf(music)).status).toBe(401);
    const link = (await askLink(music, subscriber)).json.data.url;
    expect((await follow(link, subscriber)).status).toBe(200);
    const other = await follow(link, listener);
    expect(other.status).toBe(403);
    expect(other.error.message).toBe(CommerceMessages.linkExpired);
    expect((await follow(`${link}x`, subscriber)).status).toBe(403);
    const expired = createDownloadToken(SECRET, subscriberId, music, subscriberToken, Date.now() - 3_600_000);
    expect((await byToken(expired.token, subscriber)).status).toBe(403);
    const forged = createDownloadToken('another-secret-another-secret-another', subscriberId, music, subscriberToken);
    expect((await byToken(forged.token, subscriber)).status).toBe(403);
    expect((await askLink(music, listener)).status).toBe(403);
  });

  describe('a link works only in the session that asked for it (issue #31)', () => {
    const linkOf = async (headers: Record<string, string>) => {
      const res = await askLink(music, headers);
      expect(res.status).toBe(200);
      return res.json.data.url;
    };
    const subscriptionLinkOf = async (headers: Record<string, string>) =>
      (await fromSubscription(headers, { music_id: music, loop_id: music })).json.data.download_url;
    const listedLinkOf = async (headers: Record<string, string>) =>
      (await downloads(headers)).json.data.data.data.find((d) => d.id === music)!.download_url;

    it('refuses every link (asked for, from a subscription download, from the list) to no session and to another session of the same user', async () => {
      const otherDevice = bearer(await makeSession(t.database, subscriberId));
      for (const make of [linkOf, subscriptionLinkOf, listedLinkOf]) {
        const link = await make(subscriber);
        expect(link).toMatch(/^\/api\/downloads\//);
        // Without a session: 401, nothing streamed (the link alone is no credential any more).
        const anonymous = await follow(link);
        expect(anonymous.status).toBe(401);
        expect(anonymous.error).toEqual({ code: 'unauthenticated', message: Messages.unauthenticated });
        // The same user on another device (a forwarded link, a stolen one): the same 403 as a bad link.
        const elsewhere = await follow(link, otherDevice);
        expect(elsewhere.status).toBe(403);
        expect(elsewhere.error).toEqual({ code: 'link_expired', message: CommerceMessages.linkExpired });
        // By cookie, in the session that asked: the zip.
        expect((await follow(link, { cookie: `authToken=${subscriberToken}` })).status).toBe(200);
      }
    });

    it('refuses a link of the old signed form (user, track, expiry, no session)', async () => {
      const payload = Buffer.from(
        JSON.stringify({ u: subscriberId, t: music, e: Math.floor(Date.now() / 1000) + 600 }),
      ).toString('base64url');
      const { createHmac } = await import('node:crypto');
      const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
      expect((await byToken(`${payload}.${signature}`, subscriber)).status).toBe(403);
    });

    it('ends the links and zips of an account at once when it is disabled or deleted', async () => {
      for (const column of ['disabledAt', 'deletedAt'] as const) {
        const owner = await makeUser(t.database, { name: `Owner ${column}` });
        const [price] = await t.database.db.select().from(planPrices);
        await t.database.db.insert(subscriptions).values({
          userId: owner.id,
          planPriceId: price!.id,
          status: 'active',
          provider: 'local',
          providerRef: `sub_test_${owner.id}`,
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
        });
        const session = bearer(await makeSession(t.database, owner.id));
        const link = await subscriptionLinkOf(session);
        expect((await follow(link, session)).status).toBe(200);
        // Only the flag, as a race or a direct change would leave it: the sessions are not deleted here.
        await t.database.db
          .update(users)
          .set({ [column]: new Date() })
          .where(eq(users.id, owner.id));
        expect((await follow(link, session)).status, column).toBe(401);
        expect((await zipOf(music, session)).status, column).toBe(401);
        expect((await follow(link)).status, column).toBe(401);
      }
    });
  });
});
