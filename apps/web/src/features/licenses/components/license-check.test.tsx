import { Api } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyLicenseRoute from '@/app/routes/verify-license';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { LicenseCheck } from './license-check';

const licence = {
  license_key: 'TRB-ABCD-EFGH-JKLM-NPQR',
  status: 'valid',
  revoked_at: null,
  issued_at: '2026-11-20T10:00:00.000Z',
  obtained_by: 'purchase',
  licensee: 'A**** H*****',
  track: { id: 4, title: 'Oud at Dusk', kind: 'music' },
  artist: 'Layla Mansour',
};

const render = () =>
  renderRoutes([{ path: '/verify/:key', element: <LicenseCheck licenseKey="TRB-ABCD-EFGH-JKLM-NPQR" /> }], {
    path: '/verify/TRB-ABCD-EFGH-JKLM-NPQR',
  });

describe('LicenseCheck', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a valid licence with what it covers and the masked licensee', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.licenses.verify, { key: 'TRB-ABCD-EFGH-JKLM-NPQR' }, () => jsonResponse(200, { data: licence })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByText('This licence is valid.')).toBeInTheDocument();
    expect(screen.getByText('✓ Valid licence')).toBeInTheDocument();
    expect(screen.getByText('Oud at Dusk')).toBeInTheDocument();
    expect(screen.getByText('Layla Mansour')).toBeInTheDocument();
    expect(screen.getByText('A**** H*****')).toBeInTheDocument();
    expect(screen.getByText('20 November 2026')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says a revoked licence no longer covers the track, with the date', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.licenses.verify, { key: 'TRB-ABCD-EFGH-JKLM-NPQR' }, () =>
        jsonResponse(200, { data: { ...licence, status: 'revoked', revoked_at: '2026-11-22T08:00:00.000Z' } }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByText(/This licence was revoked/)).toBeInTheDocument();
    expect(screen.getByText('22 November 2026')).toBeInTheDocument();
  });

  it('says when no licence has the key', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.licenses.verify, { key: 'TRB-ABCD-EFGH-JKLM-NPQR' }, () =>
        jsonResponse(404, { message: 'No licence with this key.' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByRole('heading', { name: 'No licence with this key' })).toBeInTheDocument();
  });
});

describe('the licence check in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());
  const renderArabic = () =>
    renderArabicRoutes([{ path: '/verify/:key', element: <VerifyLicenseRoute /> }], {
      path: '/verify/TRB-ABCD-EFGH-JKLM-NPQR',
    });

  it('gives the verdict and every row in Arabic, the date with Arabic month names, the key left to right', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.licenses.verify, { key: 'TRB-ABCD-EFGH-JKLM-NPQR' }, () =>
          jsonResponse(200, { data: { ...licence, status: 'revoked', revoked_at: '2026-11-22T08:00:00.000Z' } }),
        ),
      ]).fetchStub,
    );
    renderArabic();
    expect(screen.getByRole('heading', { level: 1, name: 'التحقق من ترخيص' })).toBeInTheDocument();
    expect(await screen.findByText('✕ ترخيص ملغى')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^أُلغي هذا الترخيص/);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual([
      'مفتاح الترخيص',
      'المقطوعة',
      'الفنان',
      'صاحب الترخيص',
      'تاريخ الإصدار',
      'طريقة الحصول',
      'تاريخ الإلغاء',
    ]);
    expect(screen.getByText('TRB-ABCD-EFGH-JKLM-NPQR')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('A**** H*****')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('شراء مقطوعة منفردة')).toBeInTheDocument();
    expect(screen.getByText('20 نوفمبر 2026')).toBeInTheDocument();
    expect(screen.getByText('22 نوفمبر 2026')).toBeInTheDocument();
  });

  it('names the track by its Arabic title when it has one; the English page keeps the English title', async () => {
    const withArabic = { ...licence, track: { ...licence.track, title_ar: 'عود عند الغروب' } };
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.licenses.verify, { key: 'TRB-ABCD-EFGH-JKLM-NPQR' }, () => jsonResponse(200, { data: withArabic })),
      ]).fetchStub,
    );
    renderArabic();
    expect(await screen.findByText('عود عند الغروب')).toBeInTheDocument();
    expect(screen.queryByText('Oud at Dusk')).toBeNull();
  });

  it('says in Arabic when no licence has the key', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.licenses.verify, { key: 'TRB-ABCD-EFGH-JKLM-NPQR' }, () =>
          jsonResponse(404, { message: 'No licence with this key.' }),
        ),
      ]).fetchStub,
    );
    renderArabic();
    expect(await screen.findByRole('heading', { name: 'لا يوجد ترخيص بهذا المفتاح' })).toBeInTheDocument();
    expect(screen.getByText('TRB-XXXX-XXXX-XXXX-XXXX')).toHaveAttribute('dir', 'ltr');
  });
});
