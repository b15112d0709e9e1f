import { Api, pathOf, urlOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { downloadsBody, makeDownload } from '../testing/fixtures';
import { downloadBars, DownloadsList } from './downloads-list';

const render = (element = <DownloadsList />) =>
  renderRoutes([{ path: '/savedPage', element }], { user: testUser, path: '/savedPage' });

describe('DownloadsList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty text of the spec', async () => {
    const { fetchStub } = stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody([])))]);
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByText("You haven't liked any artists yet.")).toBeInTheDocument();
  });

  it('lists downloads with artist, bpm, duration, license key and a zip link (defaults 120 BPM, 3:00)', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.downloads.list, () =>
        jsonResponse(
          200,
          downloadsBody([
            makeDownload(),
            makeDownload({ id: 12, title: 'Oud Night', bpm: null, duration: '', license_key: 'TRB-ZZZZ' }),
          ]),
        ),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render(<DownloadsList renderPlay={(track) => <button type="button">{`Play ${track.title}`}</button>} />);

    const rows = within(await screen.findByRole('list', { name: 'Downloads' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Desert Caravan')).toBeInTheDocument();
    expect(within(first).getByText('Layla')).toBeInTheDocument();
    expect(within(first).getByText('96 BPM')).toBeInTheDocument();
    expect(within(first).getByText('2:41')).toBeInTheDocument();
    expect(within(first).getByText('TRB-AAAA-BBBB-CCCC')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Play Desert Caravan' })).toBeInTheDocument();
    expect(within(second).getByText('120 BPM')).toBeInTheDocument();
    expect(within(second).getByText('3:00')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Download Oud Night' })).toHaveAttribute(
      'href',
      pathOf(Api.downloads.zip, { id: 12 }),
    );
    // Both formats of the download, the WAV with its master's facts.
    const wav = within(second).getByRole('link', { name: 'Lossless WAV · 24-bit · 44.1 kHz of Oud Night' });
    expect(wav).toHaveAttribute('href', urlOf(Api.downloads.zip, { params: { id: 12 }, query: { format: 'wav' } }));
    expect(within(second).getByText('24-bit · 44.1 kHz')).toBeInTheDocument();
    // The licence certificate and the public verify page of the key.
    expect(within(second).getByRole('link', { name: 'Licence certificate of Oud Night (PDF)' })).toHaveAttribute(
      'href',
      pathOf(Api.licenses.certificate, { id: 12 }),
    );
    expect(within(second).getByRole('link', { name: 'Verify page' })).toHaveAttribute('href', '/verify/TRB-ZZZZ');
  });

  it('draws 100 bars between 0.05 and 0.95, the same for the same track', () => {
    const bars = downloadBars(12);
    expect(bars).toHaveLength(100);
    expect(Math.min(...bars)).toBeGreaterThanOrEqual(0.05);
    expect(Math.max(...bars)).toBeLessThanOrEqual(0.95);
    expect(downloadBars(12)).toEqual(bars);
    expect(downloadBars(13)).not.toEqual(bars);
  });
});

describe('DownloadsList in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());
  const renderArabic = () =>
    renderArabicRoutes([{ path: '/savedPage', element: <DownloadsList /> }], { user: testUser, path: '/savedPage' });

  it('says there are no downloads yet', async () => {
    const { fetchStub } = stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody([])))]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabic();
    expect(await screen.findByText('لم تُنزّل أي مقطوعة بعد.')).toBeInTheDocument();
  });

  it('shows the Arabic title, labels in Arabic, numbers and the key left to right, links under /ar', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.downloads.list, () =>
        jsonResponse(200, downloadsBody([makeDownload({ id: 12, title: 'Oud Night', title_ar: 'ليلة العود' })])),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabic();
    const row = within(await screen.findByRole('list', { name: 'التنزيلات' })).getByRole('listitem');
    expect(within(row).getByText('ليلة العود')).toBeInTheDocument();
    expect(within(row).getByText('96 BPM')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText('2:41')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText('TRB-AAAA-BBBB-CCCC')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText(/^مفتاح الترخيص/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'تنزيل ليلة العود' })).toHaveAttribute(
      'href',
      pathOf(Api.downloads.zip, { id: 12 }),
    );
    expect(within(row).getByRole('link', { name: 'شهادة ترخيص ليلة العود (PDF)' })).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: /^نسخة .*WAV · 24-bit · 44.1 kHz.* بلا فقدان من ليلة العود$/ }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'صفحة التحقق' })).toHaveAttribute(
      'href',
      '/ar/verify/TRB-AAAA-BBBB-CCCC',
    );
  });
});
