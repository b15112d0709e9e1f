import { Api, IngestMessages, type ArtistTrackDto } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, type RouteStub, stubRoutes, testArtist } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { initialUploadState, useUploadStore } from '../stores/upload-store';
import { filterResponse, makeArtistTrack, makeCatalog } from '../testing/fixtures';
import { toMetadata, emptyDraft } from '../lib/upload-draft';
import { UploadPanel } from './upload-panel';

/** Issue #32 item 10: maqam, jins, tonic, iqa' and meter pickers from the store's lexicon. */
const music = makeArtistTrack({
  id: 77,
  kind: 'music',
  title: 'Sikah Night',
  published: true,
  maqam: 'Sikah',
  key: 'E half-flat',
  iqa: null,
  meter: null,
});

function setup(tracks: ArtistTrackDto[] = [music], handlers: RouteStub[] = [], arabic = false) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.ingest.tracks, () => jsonResponse(200, { data: makeCatalog({ tracks }) })),
    on(Api.catalog.filter, () => jsonResponse(200, filterResponse)),
    on(Api.ingest.uploads, () => jsonResponse(200, { data: [] })),
    ...handlers,
  ]);
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const user = userEvent.setup();
  const routes = [{ path: '/artist-analytics', element: <UploadPanel /> }];
  const options = { user: testArtist, path: '/artist-analytics?tab=upload' };
  if (arabic) renderArabicRoutes(routes, options);
  else renderRoutes(routes, options);
  const patches = () =>
    calls.filter((c) => c.init?.method === 'PATCH').map((c) => JSON.parse(String(c.init?.body)) as unknown);
  return { user, patches };
}

const form = async () => screen.findByRole('form', { name: 'Upload a track' });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the musical pickers of the upload form and Edit track', () => {
  beforeEach(() => useUploadStore.setState(initialUploadState));
  afterEach(() => vi.unstubAllGlobals());

  it('offers the lexicon: every maqam, quarter-tone tonics, the iqa’at with their meters', async () => {
    setup();
    const upload = await form();
    const maqam = within(upload).getByRole('combobox', { name: 'Maqam' });
    expect(optionsOf(maqam)).toEqual([
      'No maqam',
      'Rast',
      'Bayati',
      'Hijaz',
      'Saba',
      'Nahawand',
      'Kurd',
      'Sikah',
      'Ajam',
      'Huzam',
      'Nikriz',
      'Jiharkah',
      'Hijazkar',
    ]);
    expect(optionsOf(within(upload).getByRole('combobox', { name: 'Tonic' }))).toContain('E half-flat');
    expect(optionsOf(within(upload).getByRole('combobox', { name: "Iqa' (rhythm)" }))).toContain(
      "Sama'i Thaqil · 10/8",
    );
  });

  it('narrows the maqamat by jins, shows the chosen maqam’s ajnas, puts its usual tonics first', async () => {
    const { user } = setup();
    const upload = await form();
    await user.selectOptions(within(upload).getByRole('combobox', { name: 'Jins' }), 'Hijaz');
    const maqam = within(upload).getByRole('combobox', { name: 'Maqam' });
    expect(optionsOf(maqam)).toEqual(['No maqam', 'Hijaz', 'Saba', 'Huzam', 'Hijazkar']);
    await user.selectOptions(maqam, 'Saba');
    expect(within(upload).getByTestId('maqam-ajnas')).toHaveTextContent('Lower jins Saba · upper jins Hijaz');
    const tonic = within(upload).getByRole('combobox', { name: 'Tonic' });
    expect(optionsOf(tonic).slice(0, 3)).toEqual(['No tonic', 'D', 'A']);
    expect(tonic).toHaveAccessibleDescription('Usual for Saba: D and A');
  });

  it('sets the meter from the iqa’ and sends the choices with the upload metadata', async () => {
    const { user } = setup();
    const upload = await form();
    await user.selectOptions(within(upload).getByRole('combobox', { name: 'Maqam' }), 'Bayati');
    await user.selectOptions(within(upload).getByRole('combobox', { name: 'Tonic' }), 'D');
    await user.selectOptions(within(upload).getByRole('combobox', { name: "Iqa' (rhythm)" }), 'Maqsum');
    expect(within(upload).getByRole('combobox', { name: 'Meter' })).toHaveValue('4/4');
    const draft = useUploadStore.getState().draft;
    expect(toMetadata(draft)).toMatchObject({ maqam: 'Bayati', tonic: 'D', iqa: 'Maqsum', meter: '4/4' });
    // A loop's scale is its maqam and tonic: loops get the rhythm pickers only.
    expect(toMetadata({ ...emptyDraft, ...draft, kind: 'loop' })).toMatchObject({ maqam: null, tonic: null });
    await user.click(within(upload).getByRole('radio', { name: 'Loop' }));
    expect(within(upload).queryByRole('combobox', { name: 'Maqam' })).toBeNull();
    expect(within(upload).getByRole('combobox', { name: "Iqa' (rhythm)" })).toBeInTheDocument();
  });

  it('Edit track starts from the track’s facets and sends only what changed', async () => {
    const updated = { ...music, maqam: 'Huzam', iqa: 'Wahda', meter: '4/4' };
    const { user, patches } = setup(
      [music],
      [on(Api.ingest.editTrack, { id: 77 }, () => jsonResponse(200, { data: updated }))],
    );
    await screen.findByRole('checkbox', { name: 'Arabic Pop' });
    await user.click(await screen.findByRole('button', { name: 'Edit Sikah Night' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit track' });
    expect(within(dialog).getByRole('combobox', { name: 'Maqam' })).toHaveValue('Sikah');
    expect(within(dialog).getByRole('combobox', { name: 'Tonic' })).toHaveValue('E half-flat');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Maqam' }), 'Huzam');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: "Iqa' (rhythm)" }), 'Wahda');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(IngestMessages.updated)).toBeInTheDocument();
    expect(patches()).toEqual([{ maqam: 'Huzam', iqa: 'Wahda', meter: '4/4' }]);
  });

  it("puts the server's 422 for a value outside the lexicon under its picker", async () => {
    const { user } = setup(
      [music],
      [
        on(Api.ingest.editTrack, { id: 77 }, () =>
          jsonResponse(422, {
            message: IngestMessages.unknownOption('tonic'),
            errors: { tonic: [IngestMessages.unknownOption('tonic')] },
          }),
        ),
      ],
    );
    await screen.findByRole('checkbox', { name: 'Arabic Pop' });
    await user.click(await screen.findByRole('button', { name: 'Edit Sikah Night' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit track' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tonic' }), 'B half-flat');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const tonic = within(dialog).getByRole('combobox', { name: 'Tonic' });
    expect(await within(dialog).findByText('The selected tonic is invalid.')).toBeInTheDocument();
    expect(tonic).toHaveAttribute('aria-invalid', 'true');
  });

  it('names maqamat, ajnas and tonics in Arabic on Arabic pages', async () => {
    const { user } = setup([music], [], true);
    const upload = await screen.findByRole('form', { name: 'رفع مقطوعة' });
    const maqam = within(upload).getByRole('combobox', { name: 'المقام' });
    expect(optionsOf(maqam)).toContain('حجاز');
    await user.selectOptions(maqam, 'Sikah');
    expect(within(upload).getByTestId('maqam-ajnas')).toHaveTextContent('الجنس الأسفل سيكاه · الجنس الأعلى رست');
    expect(optionsOf(within(upload).getByRole('combobox', { name: 'القرار' }))).toContain('مي نصف بيمول');
    expect(optionsOf(within(upload).getByRole('combobox', { name: 'الإيقاع' }))).toContain(
      'سماعي ثقيل · \u206810/8\u2069',
    );
  });
});
