import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeLicense, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { pdfQrCodes, pdfText } from '../../../test/pdf.js';
import { artists } from '../../db/schema/index.js';
import { textRuns } from './arabic-text.js';
import { CERTIFICATE_LABELS, TERMS_SUMMARY_AR } from './license-certificate.js';

/** Issue #32 item 8 (decision 061): the certificate in English and Arabic, Arabic shaped and copyable. */
describe('the bilingual licence certificate', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let trackId: number;
  let key: string;
  const PUBLIC_URL = 'https://tarab.example';

  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: PUBLIC_URL });
    const artist = await makeArtist(t.database, 'Rimal Collective');
    await t.database.db.update(artists).set({ nameAr: 'مجموعة رمال' }).where(eq(artists.id, artist.id));
    trackId = (await makeTrack(t.database, { artistId: artist.id, title: 'Desert Breeze', titleAr: 'نسيم الصحراء' }))
      .id;
    const user = await makeUser(t.database, { name: 'أميرة حداد' });
    auth = bearer(await makeSession(t.database, user.id));
    key = (await makeLicense(t.database, user.id, trackId)).licenseKey;
  });
  afterAll(async () => t?.close());
  const certificate = (headers: Record<string, string>) =>
    callRoute(t.app, Api.licenses.certificate, { params: { id: trackId }, headers });

  it('says everything in Arabic too: title, labels, terms, the Arabic title and artist name, an Arabic licensee', async () => {
    const res = await certificate(auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.response.rawPayload);
    // The English certificate as before…
    for (const expected of [
      'Certificate of Licence',
      key,
      `Desert Breeze (#${trackId})`,
      'Rimal Collective',
      'Single-track purchase',
    ]) {
      expect(text).toContain(expected);
    }
    // …and the Arabic one, read back in logical order (ligatures included: الترخيص, not الرتخيص).
    for (const expected of [
      'شهادة ترخيص',
      'مفتاح الترخيص',
      'صاحب الترخيص',
      'المقطوعة',
      'الفنان',
      'تاريخ الإصدار',
      'طريقة الحصول',
      'شراء مقطوعة منفردة',
      'ملخص الشروط',
      'نسيم الصحراء',
      'مجموعة رمال',
      'أميرة حداد',
      'هذا الترخيص شخصي لصاحبه المذكور أعلاه ولا يجوز نقله إلى غيره',
    ]) {
      expect(text).toContain(expected);
    }
    // Arabic letters are never turned into question marks any more.
    expect(text).not.toMatch(/\?{2,}/);
    expect(await pdfQrCodes(res.response.rawPayload)).toEqual([`${PUBLIC_URL}/verify/${key}`]);
  });

  it("copies each certificate's Arabic text whatever certificates the process made before", async () => {
    // Other licensees first, whose names put the same letters in other joining forms and ligatures.
    for (const name of ['حد دح حدح', 'داد حداد ادح', 'حح دد احد']) {
      const other = await makeUser(t.database, { name });
      await makeLicense(t.database, other.id, trackId);
      const res = await certificate(bearer(await makeSession(t.database, other.id)));
      expect(await pdfText(res.response.rawPayload)).toContain(name);
    }
    const res = await certificate(auth);
    expect(await pdfText(res.response.rawPayload)).toContain('أميرة حداد');
  });

  it("names the artist's Arabic name on the public check", async () => {
    const res = await callRoute(t.app, Api.licenses.verify, { params: { key } });
    expect(res.json.data).toMatchObject({
      artist: 'Rimal Collective',
      artist_ar: 'مجموعة رمال',
    });
  });

  it('cuts a line into Arabic runs and the rest, the spaces around Arabic words outside them', () => {
    expect(textRuns('Oud at Dusk (#12)')).toEqual([{ text: 'Oud at Dusk (#12)', arabic: false, strong: true }]);
    expect(textRuns('ألغي في 2026-02-01')).toEqual([
      { text: 'ألغي في', arabic: true, strong: true },
      { text: ' 2026-02-01', arabic: false, strong: false },
    ]);
    expect(textRuns('Track نسيم الصحراء.')).toEqual([
      { text: 'Track ', arabic: false, strong: true },
      { text: 'نسيم الصحراء', arabic: true, strong: true },
      { text: '.', arabic: false, strong: false },
    ]);
  });

  it('has an Arabic form for every label and the terms', () => {
    for (const [name, label] of Object.entries(CERTIFICATE_LABELS)) expect(label.ar, name).toMatch(/[\u0600-\u06FF]/);
    expect(TERMS_SUMMARY_AR.length).toBeGreaterThanOrEqual(3);
  });
});
