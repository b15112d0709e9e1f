import { Api } from '@tarab/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveIntl } from '@/lib/i18n/active-locale';
import { jsonResponse, on, renderRoutes, stubRoutes, testArtist } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { initialUploadState, useUploadStore } from '../stores/upload-store';
import { stubXhr } from '../testing/fake-xhr';
import { audioFile, filterResponse, makeArtistTrack, makeCatalog } from '../testing/fixtures';
import { UploadPanel } from './upload-panel';

/** Issue 19 item 4: a track may carry an Arabic title, set at upload and in Edit track. */
const caravan = makeArtistTrack({ id: 601, title: 'Desert Caravan', title_ar: 'قافلة الصحراء', price: 4.99 });

function setup(arabic = false, tracks = [caravan]) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.ingest.tracks, () => jsonResponse(200, { data: makeCatalog({ tracks }) })),
    on(Api.catalog.filter, () => jsonResponse(200, filterResponse)),
    on(Api.ingest.uploads, () => jsonResponse(200, { data: [] })),
    on(Api.ingest.editTrack, { id: 601 }, () => jsonResponse(200, { data: caravan, message: 'Track updated.' })),
  ]);
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const Xhr = stubXhr();
  const user = userEvent.setup();
  const routes = [{ path: '/artist-analytics', element: <UploadPanel /> }];
  const options = { user: testArtist, path: '/artist-analytics?tab=upload' };
  if (arabic) renderArabicRoutes(routes, options);
  else renderRoutes(routes, options);
  const patches = () =>
    calls.filter((c) => c.init?.method === 'PATCH').map((c) => JSON.parse(String(c.init?.body)) as unknown);
  return { user, Xhr, patches };
}

const sentMetadata = (Xhr: ReturnType<typeof stubXhr>) =>
  JSON.parse(String(Xhr.latest().body?.get('metadata'))) as Record<string, unknown>;

describe('the Arabic title field', () => {
  beforeEach(() => useUploadStore.setState(initialUploadState));
  afterEach(() => {
    vi.unstubAllGlobals();
    setActiveIntl(createIntl({ locale: 'en', defaultLocale: 'en' }));
  });

  it('is a right-to-left Arabic input of the upload form, sent trimmed with the metadata', async () => {
    const { user, Xhr } = setup();
    await user.upload(await screen.findByLabelText('Choose a file'), audioFile('desert-wind.wav'));
    const field = screen.getByRole('textbox', { name: 'In Arabic' });
    expect(field).toHaveAttribute('dir', 'rtl');
    expect(field).toHaveAttribute('lang', 'ar');
    expect(field).toHaveAttribute('maxlength', '120');
    // Named apart from Title: a search for the Title field finds one field.
    expect(screen.getAllByRole('textbox', { name: /title/i })).toHaveLength(1);
    expect(field).toHaveAccessibleDescription('Optional: the title in Arabic, shown on the Arabic pages of the store.');
    await user.type(field, '  ريح الصحراء ');
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD)' }), '4.99');
    await user.click(screen.getByRole('button', { name: 'Upload track' }));
    expect(sentMetadata(Xhr)).toMatchObject({ title: 'Desert wind', title_ar: 'ريح الصحراء' });
  });

  it('is left out of the metadata when empty, and shows the server refusal under itself', async () => {
    const { user, Xhr } = setup();
    await user.upload(await screen.findByLabelText('Choose a file'), audioFile('desert-wind.wav'));
    await user.type(screen.getByRole('spinbutton', { name: 'Price (USD)' }), '4.99');
    await user.click(screen.getByRole('button', { name: 'Upload track' }));
    expect(sentMetadata(Xhr)).not.toHaveProperty('title_ar');
    const message = 'The Arabic title may not be greater than 120 characters.';
    act(() => Xhr.latest().respond(422, { message, errors: { title_ar: [message] } }));
    const field = await screen.findByRole('textbox', { name: 'In Arabic' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('is prefilled in Edit track; a change is sent, emptying it sends null (clears it)', async () => {
    const { user, patches } = setup();
    await screen.findByRole('checkbox', { name: 'Arabic Pop' });
    await user.click(await screen.findByRole('button', { name: 'Edit Desert Caravan' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit track' });
    const field = within(dialog).getByRole('textbox', { name: 'In Arabic' });
    expect(field).toHaveValue('قافلة الصحراء');
    expect(field).toHaveAttribute('dir', 'rtl');
    await user.clear(field);
    await user.type(field, 'سراب');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches()).toEqual([{ title_ar: 'سراب' }]));

    await user.click(await screen.findByRole('button', { name: 'Edit Desert Caravan' }));
    const again = within(screen.getByRole('dialog', { name: 'Edit track' })).getByRole('textbox', {
      name: 'In Arabic',
    });
    await user.clear(again);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches()).toEqual([{ title_ar: 'سراب' }, { title_ar: null }]));
  });

  it('on the Arabic page: the upload in Arabic, the Arabic title shown in Your tracks, errors in Arabic', async () => {
    const { user } = setup(true);
    expect(await screen.findByRole('heading', { level: 2, name: 'ارفع مقطوعة أو حلقة' })).toBeInTheDocument();
    expect(screen.getByTestId('arabic-page')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('اسحب ملفك الصوتي وأفلته هنا')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'خطوات الرفع' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'العنوان بالعربية' })).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('checkbox', { name: 'دربكة' })).toBeInTheDocument();
    // Your tracks: the Arabic title, its buttons named by it.
    expect(screen.getByRole('heading', { level: 2, name: 'مقطوعاتك' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'قافلة الصحراء' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تعديل قافلة الصحراء' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ارفع المقطوعة' }));
    expect(screen.getByText('اختر ملفًا صوتيًا لرفعه.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'العنوان' })).toHaveAccessibleDescription('حقل العنوان مطلوب.');
    expect(screen.getByRole('spinbutton', { name: 'السعر (بالدولار الأمريكي)' })).toHaveAccessibleDescription(
      'حقل السعر مطلوب.',
    );
  });
});
