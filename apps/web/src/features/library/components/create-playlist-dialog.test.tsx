import { Api, pathOf } from '@tarab/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { createdBody, makePlaylist } from '../testing/fixtures';
import { CreatePlaylistDialog } from './create-playlist-dialog';

function Harness({ onCreated }: { onCreated?: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CreatePlaylistDialog open={open} onClose={() => setOpen(false)} onCreated={(p) => onCreated?.(p.id)} />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
  return { user, dialog, input: within(dialog).getByLabelText('Playlist name') };
}

const renderHarness = (onCreated?: (id: number) => void) =>
  renderRoutes([{ path: '/', element: <Harness onCreated={onCreated} /> }], { user: testUser });

describe('CreatePlaylistDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['empty', ''],
    ['blank', '   '],
  ])('refuses an %s name without calling the server', async (_case, name) => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderHarness();
    const { user, dialog, input } = await openDialog();
    expect(input).toHaveFocus();
    if (name) await user.type(input, name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Playlist name cannot be empty.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('creates, toasts, closes and clears the name', async () => {
    const onCreated = vi.fn();
    const { fetchStub, calls } = stubRoutes([
      on(Api.library.createPlaylist, () => jsonResponse(200, createdBody(makePlaylist({ id: 9, name: 'Oud' })))),
      on(Api.library.playlists, () => jsonResponse(200, { playlists: [] })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderHarness(onCreated);
    const { user, dialog, input } = await openDialog();
    await user.type(input, '  Oud  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Playlist created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onCreated).toHaveBeenCalledWith(9);
    expect(JSON.parse(String(calls.find((c) => c.url === pathOf(Api.library.createPlaylist))?.init?.body))).toEqual({
      name: 'Oud',
    });
    // Focus goes back to the opener (Radix's focus scope does it in a task after the dialog unmounts,
    // which may be after the toast shows); the name is cleared for next time.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
    const again = await openDialog();
    expect(again.input).toHaveValue('');
  });

  it('shows the server message, or Failed to create playlist when there is none', async () => {
    const tooLong = () => jsonResponse(422, { message: 'The playlist name may not be greater than 100 characters.' });
    vi.stubGlobal('fetch', stubRoutes([on(Api.library.createPlaylist, tooLong)]).fetchStub);
    renderHarness();
    const { user, dialog, input } = await openDialog();
    await user.type(input, 'Too long');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The playlist name may not be greater than 100 characters.',
    );

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to create playlist')).toBeInTheDocument();
  });

  it('closes on Cancel and on Escape', async () => {
    renderHarness();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
