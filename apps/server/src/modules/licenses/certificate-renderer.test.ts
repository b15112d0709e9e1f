import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf.js';
import { CertificatesBusyError, createCertificateRenderer } from './certificate-renderer.js';
import { licenseCertificatePdf } from './license-certificate.js';
import type { CertificateDetails } from './licenses.repo.js';

const VERIFY_AT = 'https://tarab.example/verify/TRB-RNDR-0001';
const details = (changes: Partial<CertificateDetails> = {}): CertificateDetails => ({
  licenseKey: 'TRB-RNDR-0001',
  source: 'purchase',
  revokedAt: null,
  issuedAt: new Date('2026-03-04T10:00:00Z'),
  userId: 7,
  licenseeName: 'أميرة حداد',
  trackId: 12,
  kind: 'music',
  title: 'Desert Breeze',
  titleAr: 'نسيم الصحراء',
  artistName: 'Rimal Collective',
  artistNameAr: 'مجموعة رمال',
  bpm: 96,
  maqam: 'Hijaz',
  tonic: 'D',
  ...changes,
});

/** The renderer of certificates (decision 061): a worker thread, and the last certificates kept. */
describe('the certificate renderer', () => {
  const renderer = createCertificateRenderer();
  afterAll(() => renderer.close());

  it('makes on its thread the same file the certificate module makes', async () => {
    const made = await renderer.render(details(), VERIFY_AT);
    expect(Buffer.from(made).equals(Buffer.from(await licenseCertificatePdf(details(), VERIFY_AT)))).toBe(true);
    expect(await pdfText(made)).toContain('أميرة حداد');
    expect(renderer.stats().rendered).toBe(1);
  });

  it('renders a certificate once: the same details again, or asked for twice at once, reuse it', async () => {
    const before = renderer.stats();
    const fresh = details({ licenseKey: 'TRB-RNDR-0002' });
    const [first, second] = await Promise.all([renderer.render(fresh, VERIFY_AT), renderer.render(fresh, VERIFY_AT)]);
    const again = await renderer.render({ ...fresh, issuedAt: new Date(fresh.issuedAt) }, VERIFY_AT);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(renderer.stats().rendered).toBe(before.rendered + 1);
    expect(renderer.stats().reused).toBe(before.reused + 1);
  });

  it('makes a new certificate when anything on it changes: a revocation, a name, the verify link', async () => {
    const base = details({ licenseKey: 'TRB-RNDR-0003' });
    await renderer.render(base, VERIFY_AT);
    const revoked = await renderer.render({ ...base, revokedAt: new Date('2026-05-06T00:00:00Z') }, VERIFY_AT);
    expect(await pdfText(revoked)).toContain('Revoked on 2026-05-06');
    const renamed = await renderer.render({ ...base, licenseeName: 'Layla Haddad' }, VERIFY_AT);
    expect(await pdfText(renamed)).toContain('Layla Haddad');
    const moved = await renderer.render(base, 'https://store.example/verify/TRB-RNDR-0003');
    expect(await pdfText(moved)).toContain('https://store.example/verify/TRB-RNDR-0003');
  });

  it('refuses a render beyond its queue (the caller answers "try again"), and renders the rest', async () => {
    const small = createCertificateRenderer({ maxQueue: 1 });
    try {
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map((n) => small.render(details({ licenseKey: `TRB-BUSY-000${n}` }), VERIFY_AT)),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(CertificatesBusyError);
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
      // A refusal is not kept: the same certificate is made when asked again.
      const again = await small.render(details({ licenseKey: 'TRB-BUSY-0004' }), VERIFY_AT);
      expect(await pdfText(again)).toContain('TRB-BUSY-0004');
    } finally {
      await small.close();
    }
  });
});
