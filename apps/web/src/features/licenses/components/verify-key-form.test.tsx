import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api } from '@tarab/contracts';
import VerifyLicenseRoute from '@/app/routes/verify-license';
import { paths } from '@/config/paths';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';

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

const verified = on(Api.licenses.verify, { key: licence.license_key }, () => jsonResponse(200, { data: licence }));

const verifyRoutes = [
  { path: paths.verifyForm.path, element: <VerifyLicenseRoute /> },
  { path: paths.verify.path, element: <VerifyLicenseRoute /> },
];

describe('the licence check field (/verify)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a field on /verify; a typed key (spaces and case as pasted) opens its check', async () => {
    const { fetchStub, calls } = stubRoutes([verified]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    const { router } = renderRoutes(verifyRoutes, { path: '/verify' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a licence' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Licence key' });
    expect(field).toHaveAttribute('dir', 'ltr');
    expect(calls).toHaveLength(0);
    await user.type(field, ' trb-abcd-efgh-jklm-npqr ');
    await user.click(screen.getByRole('button', { name: 'Check licence' }));
    expect(router.state.location.pathname).toBe('/verify/TRB-ABCD-EFGH-JKLM-NPQR');
    expect(await screen.findByText('This licence is valid.')).toBeInTheDocument();
    // On the key's page the field keeps the key, to check another.
    expect(screen.getByRole('textbox', { name: 'Licence key' })).toHaveValue('TRB-ABCD-EFGH-JKLM-NPQR');
  });

  it('asks for a key instead of opening an empty check', async () => {
    vi.stubGlobal('fetch', stubRoutes([]).fetchStub);
    const user = userEvent.setup();
    const { router } = renderRoutes(verifyRoutes, { path: '/verify' });
    await user.click(screen.getByRole('button', { name: 'Check licence' }));
    expect(screen.getByText('Type the licence key first.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Licence key' })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('works in Arabic and stays in Arabic: /ar/verify → /ar/verify/{key}', async () => {
    vi.stubGlobal('fetch', stubRoutes([verified]).fetchStub);
    const user = userEvent.setup();
    const { router } = renderArabicRoutes(verifyRoutes, { path: '/verify' });
    await user.type(screen.getByRole('textbox', { name: 'مفتاح الترخيص' }), 'TRB-ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'تحقّق من الترخيص' }));
    expect(router.state.location.pathname).toBe('/ar/verify/TRB-ABCD-EFGH-JKLM-NPQR');
    expect(await screen.findByText('✓ ترخيص صالح')).toBeInTheDocument();
  });
});
