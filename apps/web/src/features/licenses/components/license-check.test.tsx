import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-app';
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
    const { fetchStub, calls } = stubFetch({
      '/api/licenses/TRB-ABCD-EFGH-JKLM-NPQR/verify': () => jsonResponse(200, { data: licence }),
    });
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
    const { fetchStub } = stubFetch({
      '/api/licenses/TRB-ABCD-EFGH-JKLM-NPQR/verify': () =>
        jsonResponse(200, { data: { ...licence, status: 'revoked', revoked_at: '2026-11-22T08:00:00.000Z' } }),
    });
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByText(/This licence was revoked/)).toBeInTheDocument();
    expect(screen.getByText('22 November 2026')).toBeInTheDocument();
  });

  it('says when no licence has the key', async () => {
    const { fetchStub } = stubFetch({
      '/api/licenses/TRB-ABCD-EFGH-JKLM-NPQR/verify': () => jsonResponse(404, { message: 'No licence with this key.' }),
    });
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByRole('heading', { name: 'No licence with this key' })).toBeInTheDocument();
  });
});
