import { Api, IngestMessages, type ArtistTrackDto, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arabic } from '@/testing/arabic-catalogue';
import { jsonResponse, on, renderRoutes, type RouteStub, stubRoutes, testArtist } from '@/testing/render-app';
import { initialUploadState, useUploadStore } from '../stores/upload-store';
import { filterResponse, makeArtistTrack, makeCatalog } from '../testing/fixtures';
import { checkEdit, editValuesOf } from './edit-track-dialog';
import { UploadPanel } from './upload-panel';

const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} });
const arabicIntl = createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never });

/** A published loop with every kind of metadata set. */
const loop = makeArtistTrack({
  id: 501,
  kind: 'loop',
  title: 'Hijaz Pulse',
  price: 4.99,
  bpm: 96,
  published: true,
  metadata: {
    album_id: 31,
    genre: [1],
    mood: [6],
    theme: [],
    instrument: [12, 13],
    region_id: 20,
    scale_id: 40,
  },
});

function setup(tracks: ArtistTrackDto[] = [loop], handlers: RouteStub[] = []) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.ingest.tracks, () => jsonResponse(200, { data: makeCatalog({ tracks }) })),
    on(Api.catalog.filter, () => jsonResponse(200, filterResponse)),
    on(Api.ingest.uploads, () => jsonResponse(200, { data: [] })),
    ...handlers,
  ]);
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const user = userEvent.setup();
  renderRoutes([{ path: '/artist-analytics', element: <UploadPanel /> }], {
    user: testArtist,
    path: '/artist-analytics?tab=upload',
  });
  const patches = () =>
    calls
      .filter((c) => c.init?.method === 'PATCH')
      .map((c) => ({ url: c.url, body: JSON.parse(String(c.init?.body)) as unknown }));
  return { user, calls, patches };
}

async function openEdit(user: ReturnType<typeof userEvent.setup>, title = 'Hijaz Pulse') {
  const button = await screen.findByRole('button', { name: `Edit ${title}` });
  // The options feed the pickers and selects.
  await screen.findByRole('checkbox', { name: 'Arabic Pop' });
  await user.click(button);
  const dialog = screen.getByRole('dialog', { name: 'Edit track' });
  return { button, dialog };
}

describe('EditTrackDialog', () => {
  beforeEach(() => useUploadStore.setState(initialUploadState));
  afterEach(() => vi.unstubAllGlobals());

  it("opens from the row's Edit button, prefilled with the track, focus on the title", async () => {
    const { user } = setup();
    const { dialog } = await openEdit(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Loop · Published/);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Hijaz Pulse');
    expect(title).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Album' })).toHaveDisplayValue('Night Caravans');
    expect(within(dialog).getByRole('combobox', { name: 'Region' })).toHaveDisplayValue('Levant');
    expect(within(dialog).getByRole('combobox', { name: 'Scale' })).toHaveDisplayValue('Hijaz on D');
    expect(within(dialog).getByRole('spinbutton', { name: 'BPM (optional)' })).toHaveValue(96);
    expect(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' })).toHaveValue(4.99);
    for (const name of ['Arabic Pop', 'Epic', 'Oud', 'Darbuka']) {
      expect(within(dialog).getByRole('checkbox', { name })).toBeChecked();
    }
    for (const name of ['Cinematic', 'Dreamy', 'Travel']) {
      expect(within(dialog).getByRole('checkbox', { name })).not.toBeChecked();
    }
    expect(within(dialog).getByRole('group', { name: /^Instruments\b.*2 of 10 chosen/ })).toBeInTheDocument();
  });

  it('has no scale for a music track', async () => {
    const music = makeArtistTrack({ id: 7, kind: 'music', title: 'Oud Morning', bpm: null, price: 9.5 });
    const { user } = setup([music]);
    const { dialog } = await openEdit(user, 'Oud Morning');
    expect(dialog).toHaveAccessibleDescription(/Music track · Draft/);
    expect(within(dialog).queryByRole('combobox', { name: 'Scale' })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Album' })).toHaveDisplayValue('No album (single)');
    expect(within(dialog).getByRole('spinbutton', { name: 'BPM (optional)' })).toHaveValue(null);
    expect(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' })).toHaveValue(9.5);
  });

  it('sends only the changed fields, toasts, closes, and the row shows the new title', async () => {
    const updated = { ...loop, title: 'Hijaz Dawn', price: 5.5, metadata: { ...loop.metadata, instrument: [12] } };
    const { user, patches } = setup(
      [loop],
      [on(Api.ingest.editTrack, { id: 501 }, () => jsonResponse(200, { data: updated }))],
    );
    const { dialog } = await openEdit(user);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, '  Hijaz Dawn ');
    const price = within(dialog).getByRole('spinbutton', { name: 'Price (USD)' });
    await user.clear(price);
    await user.type(price, '5.5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Darbuka' }));
    // Changed and changed back: not sent.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Epic' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Epic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(IngestMessages.updated)).toBeInTheDocument();
    expect(patches()).toEqual([
      { url: pathOf(Api.ingest.editTrack, { id: 501 }), body: { title: 'Hijaz Dawn', instrument: [12], price: 5.5 } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const edit = screen.getByRole('button', { name: 'Edit Hijaz Dawn' });
    expect(edit).toHaveFocus();
    expect(edit.closest('li')).toHaveTextContent('Loop · 0:08 · 96 BPM · $5.50');
  });

  it("puts the server's 422 field errors under their fields and keeps the dialog and values", async () => {
    const { user, patches } = setup(
      [loop],
      [
        on(Api.ingest.editTrack, { id: 501 }, () =>
          jsonResponse(422, {
            message: 'The selected genre is invalid.',
            errors: { genre: [IngestMessages.unknownOption('genre')], price: ['The price must be at least 0.'] },
          }),
        ),
      ],
    );
    const { dialog } = await openEdit(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cinematic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const genres = await within(dialog).findByRole('group', { name: /^Genres\b/ });
    expect(genres).toHaveAccessibleDescription('The selected genre is invalid.');
    const price = within(dialog).getByRole('spinbutton', { name: 'Price (USD)' });
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('The price must be at least 0.');
    // The first wrong field (in the form's order) takes the focus.
    expect(price).toHaveFocus();
    expect(patches()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit track' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Cinematic' })).toBeChecked();
    // Every error has its field: no extra alert.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByText(IngestMessages.updated)).toBeNull();

    // Editing the field clears its error.
    await user.type(price, '1');
    expect(price).not.toHaveAttribute('aria-invalid');
  });

  it('shows an answer without field errors above the fields', async () => {
    const { user } = setup(
      [loop],
      [on(Api.ingest.editTrack, { id: 501 }, () => jsonResponse(404, { message: IngestMessages.trackNotFound }))],
    );
    const { dialog } = await openEdit(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' II');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IngestMessages.trackNotFound);
  });

  it("checks the values with the contract's rules first: nothing is sent while one is wrong", async () => {
    const { user, patches } = setup();
    const { dialog } = await openEdit(user);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAccessibleDescription('The title field is required.');
    expect(title).toHaveFocus();
    expect(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' })).toHaveAccessibleDescription(
      'The price field is required.',
    );
    expect(patches()).toEqual([]);
  });

  it('closes on Escape without saving, and focus goes back to the Edit button', async () => {
    const { user, patches } = setup();
    const { button, dialog } = await openEdit(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' changed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    expect(patches()).toEqual([]);

    // Opening again starts from the track, not from the abandoned edit.
    await user.keyboard('{Enter}');
    const again = screen.getByRole('dialog', { name: 'Edit track' });
    expect(within(again).getByRole('textbox', { name: 'Title' })).toHaveValue('Hijaz Pulse');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes without a request when nothing changed', async () => {
    const { user, patches } = setup();
    const { button, dialog } = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    expect(patches()).toEqual([]);
  });
});

describe('checkEdit', () => {
  it('finds no change in the values the track starts from', () => {
    expect(checkEdit(english, loop, editValuesOf(loop))).toEqual({ patch: {} });
  });

  it('compares tags in any order, prices by the cent, and clears album, region and scale with null', () => {
    const values = {
      ...editValuesOf(loop),
      instrument: [13, 12],
      price: '4.990',
      albumId: '',
      regionId: '',
      scaleId: '',
    };
    expect(checkEdit(english, loop, values)).toEqual({ patch: { album_id: null, region_id: null, scale_id: null } });
  });

  it('keeps the current tempo when the BPM is emptied, and sends a new one', () => {
    expect(checkEdit(english, loop, { ...editValuesOf(loop), bpm: '' })).toEqual({ patch: {} });
    expect(checkEdit(english, loop, { ...editValuesOf(loop), bpm: '120' })).toEqual({ patch: { bpm: 120 } });
    expect(checkEdit(english, loop, { ...editValuesOf(loop), bpm: '300' })).toEqual({
      errors: { bpm: ['The bpm may not be greater than 240.'] },
    });
    // The same check on an Arabic page: the message said by its code (bpm_too_large).
    expect(checkEdit(arabicIntl, loop, { ...editValuesOf(loop), bpm: '300' })).toEqual({
      errors: { bpm: ['يجب ألا تزيد السرعة على 240 نبضة في الدقيقة.'] },
    });
  });
});
