import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Api, LibraryMessages, pathOf } from '@tarab/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { SharePanel } from './share-panel';

const render = (sharePath: string | null) =>
  renderRoutes([{ path: '/saved/details/:id', element: <SharePanel playlistId="7" sharePath={sharePath} /> }], {
    user: testUser,
    path: '/saved/details/7',
  });

describe('SharePanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes the share link on request', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.library.share, { id: 7 }, () =>
        jsonResponse(200, { message: LibraryMessages.shareCreated, data: { share_path: '/p/abc' } }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    render(null);
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url === pathOf(Api.library.share, { id: 7 }))).toBe(true));
    expect(calls.find((c) => c.url === pathOf(Api.library.share, { id: 7 }))?.init?.method).toBe('POST');
  });

  it('shows the full link with copy, and revokes it', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.library.unshare, { id: 7 }, () => jsonResponse(200, { message: LibraryMessages.shareRevoked })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    render('/p/abc');
    expect(screen.getByRole('textbox', { name: 'Share link' })).toHaveValue(`${window.location.origin}/p/abc`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url === pathOf(Api.library.unshare, { id: 7 }))?.init?.method).toBe('DELETE'),
    );
  });

  it('says why a share failed', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.library.share, { id: 7 }, () => jsonResponse(404, { message: 'Playlist not found' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    render(null);
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Playlist not found');
  });

  it("carries the sharer's language: made on an /ar/ page, the link (shown and copied) opens /ar/p/…", async () => {
    // user-event puts its own clipboard in place: what the button copies is read back from it.
    const user = userEvent.setup();
    renderArabicRoutes([{ path: '/saved/details/:id', element: <SharePanel playlistId="7" sharePath="/p/abc" /> }], {
      user: testUser,
      path: '/saved/details/7',
    });
    const arabicLink = `${window.location.origin}/ar/p/abc`;
    expect(screen.getByRole('textbox', { name: 'رابط المشاركة' })).toHaveValue(arabicLink);
    await user.click(screen.getByRole('button', { name: 'نسخ الرابط' }));
    expect(await screen.findByRole('button', { name: 'تم النسخ' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(arabicLink);
  });
});
