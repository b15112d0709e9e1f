import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, LicenseMessages, Messages } from '@tarab/contracts';
import { bearer, makeArtist, makeLicense, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { testConfig } from '../../config.js';
import { pdfQrCodes, pdfText } from '../../../test/pdf.js';
import { createCertificateRenderer } from './certificate-renderer.js';
import { maskName } from './license-verification.js';

describe('licences anyone can verify', () => {
  let t: TestApp;
  let key: string;
  let trackId: number;
  let auth: Record<string, string>;
  const PUBLIC_URL = 'https://tarab.example';

  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: PUBLIC_URL });
    const artist = await makeArtist(t.database, 'Layla Mansour');
    trackId = (await makeTrack(t.database, { artistId: artist.id, title: 'Oud at Dusk' })).id;
    const user = await makeUser(t.database, { name: 'Amira Haddad', email: 'amira.secret@example.com' });
    auth = bearer(await makeSession(t.database, user.id));
    key = (await makeLicense(t.database, user.id, trackId)).licenseKey;
  });
  afterAll(async () => t?.close());

  const verify = (k: string) => callRoute(t.app, Api.licenses.verify, { params: { key: k } });
  const certificate = (headers: Record<string, string> = {}) =>
    callRoute(t.app, Api.licenses.certificate, { params: { id: trackId }, headers });

  it('answers a valid licence: track, artist, date, how obtained, the licensee masked and never the email', async () => {
    const res = await verify(key);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json;
    expect(data).toMatchObject({
      license_key: key,
      status: 'valid',
      revoked_at: null,
      obtained_by: 'purchase',
      licensee: 'A**** H*****',
      track: { id: trackId, title: 'Oud at Dusk', kind: 'music' },
      artist: 'Layla Mansour',
    });
    expect(res.response.body).not.toContain('amira.secret');
    expect(res.response.body).not.toContain('Amira');
    // Typed in lower case with spaces around: the same licence.
    expect((await verify(` ${key.toLowerCase()} `)).status).toBe(200);
  });

  it('names the track by its Arabic title too when it has one (issue 19), and not when it has none', async () => {
    const artist = await makeArtist(t.database, 'Nour Ensemble');
    const arabicTrack = await makeTrack(t.database, {
      artistId: artist.id,
      title: 'Desert Breeze',
      titleAr: 'نسيم الصحراء',
    });
    const user = await makeUser(t.database, { name: 'Karim' });
    const arabicKey = (await makeLicense(t.database, user.id, arabicTrack.id)).licenseKey;
    const { data } = (await verify(arabicKey)).json;
    expect(data.track).toEqual({ id: arabicTrack.id, title: 'Desert Breeze', title_ar: 'نسيم الصحراء', kind: 'music' });
    // The answer as sent: a parsed one would hide a key the schema does not know.
    const withoutArabic = await verify(key);
    expect(withoutArabic.json.data.track).not.toHaveProperty('title_ar');
    expect(withoutArabic.response.body).not.toContain('title_ar');
  });

  it('says revoked after a refund, with the date', async () => {
    const other = await makeUser(t.database, { name: 'Omar' });
    const revoked = await makeLicense(t.database, other.id, trackId);
    await t.database.db.execute(sql`update licenses set revoked_at = now() where id = ${revoked.id}`);
    const { data } = (await verify(revoked.licenseKey)).json;
    expect(data.status).toBe('revoked');
    expect(data.revoked_at).not.toBeNull();
    expect(data.licensee).toBe('O***');
  });

  it('answers every unknown key the same 404, whatever its format', async () => {
    for (const unknown of [
      'TRB-AAAA-BBBB-CCCC-DDDD',
      'hello',
      'x'.repeat(64),
      'x'.repeat(400),
      "'; drop table licenses; --",
      'ق',
    ]) {
      const res = await verify(unknown);
      expect(res.status, unknown).toBe(404);
      expect(res.error).toEqual({ code: 'licence_not_found', message: LicenseMessages.notFound });
    }
  });

  it('refuses a key holding text PostgreSQL cannot store with the same 400 as any other route', async () => {
    for (const key of ['TRB-\u0000', '\u0000']) {
      const res = await verify(key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.error).toEqual({
        code: 'invalid_request',
        message: 'Invalid request: key',
        params: { fields: 'key' },
        errors: { key: [Messages.textNotAllowed] },
        field_codes: { key: ['text_not_allowed'] },
      });
    }
  });

  it('gives the owner a certificate PDF whose text names the licence and whose QR code opens the verify page', async () => {
    const res = await certificate(auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Tarab_licence_${key}.pdf"`);
    const text = await pdfText(res.response.rawPayload);
    for (const expected of [
      'Certificate of Licence',
      key,
      'Amira Haddad',
      `Oud at Dusk (#${trackId})`,
      'Layla Mansour',
      'Single-track purchase',
      'Summary of terms',
      `${PUBLIC_URL}/verify/${key}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(await pdfQrCodes(res.response.rawPayload)).toEqual([`${PUBLIC_URL}/verify/${key}`]);
  });

  it('takes the certificate links from PUBLIC_URL, whatever host the request names', async () => {
    const res = await certificate({ ...auth, host: 'internal-node-7:3000' });
    expect(res.status).toBe(200);
    expect(await pdfQrCodes(res.response.rawPayload)).toEqual([`${PUBLIC_URL}/verify/${key}`]);
    expect(await pdfText(res.response.rawPayload)).not.toContain('internal-node-7');
  });

  it("refuses a certificate of someone else's licence, and without login", async () => {
    const stranger = await makeUser(t.database);
    const res = await certificate(bearer(await makeSession(t.database, stranger.id)));
    expect(res.status).toBe(404);
    expect((await certificate()).status).toBe(401);
  });

  it('limits certificates per user (each one is a rendered PDF): 429 with Retry-After, another user unaffected', async () => {
    const base = testConfig().rateLimits;
    const limited = await buildTestApp({
      publicUrl: PUBLIC_URL,
      rateLimits: { ...base, perMinute: { ...base.perMinute, downloads: 3 } },
    });
    try {
      const artist = await makeArtist(limited.database, 'Layla Mansour');
      const track = (await makeTrack(limited.database, { artistId: artist.id })).id;
      const sessionOf = async () => {
        const user = await makeUser(limited.database, { name: 'Amira Haddad' });
        await makeLicense(limited.database, user.id, track);
        return bearer(await makeSession(limited.database, user.id));
      };
      const [first, second] = [await sessionOf(), await sessionOf()];
      const certificate = (headers: Record<string, string>) =>
        callRoute(limited.app, Api.licenses.certificate, { params: { id: track }, headers });
      for (let i = 0; i < 3; i++) expect((await certificate(first)).status).toBe(200);
      const refused = await certificate(first);
      expect(refused.status).toBe(429);
      expect(refused.error).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await certificate(second)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers "being prepared" with Retry-After when every certificate render slot is taken, then the certificate', async () => {
    const certificates = createCertificateRenderer({ maxQueue: 1 });
    const busy = await buildTestApp({ publicUrl: PUBLIC_URL }, { certificates });
    try {
      const artist = await makeArtist(busy.database, 'Layla Mansour');
      const track = (await makeTrack(busy.database, { artistId: artist.id })).id;
      const owners = await Promise.all(
        [1, 2, 3, 4].map(async (n) => {
          const user = await makeUser(busy.database, { name: `Amira Haddad ${n}` });
          await makeLicense(busy.database, user.id, track);
          return bearer(await makeSession(busy.database, user.id));
        }),
      );
      const certificate = (headers: Record<string, string>) =>
        callRoute(busy.app, Api.licenses.certificate, { params: { id: track }, headers });
      const answers = await Promise.all(owners.map((headers) => certificate(headers)));
      const refused = answers.filter((res) => res.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const res of refused) {
        expect(res.error).toEqual({ code: 'download_preparing', message: Messages.downloadPreparing });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true);
      const later = await certificate(owners[answers.indexOf(refused[0]!)]!);
      expect(later.status).toBe(200);
      expect(later.headers['content-type']).toBe('application/pdf');
    } finally {
      await busy.close();
      await certificates.close();
    }
  });

  it('masks every word of a name, whatever its script', () => {
    expect(maskName('  Amira   Haddad ')).toBe('A**** H*****');
    expect(maskName('Jo')).toBe('J*');
    expect(maskName('أمل')).toBe('أ**');
  });
});
