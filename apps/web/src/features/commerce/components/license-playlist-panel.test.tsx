import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Api, CartMessages, pathOf } from '@tarab/contracts';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { LicensePlaylistPanel } from './license-playlist-panel';

const quote = {
  playlist_id: 7,
  name: 'Trailer',
  items: [
    { music_id: 1, title: 'Oud at Dusk', amount: 4.99 },
    { music_id: 2, title: 'Ney of the Dunes', amount: 7.99 },
  ],
  excluded: [
    { music_id: 3, title: 'Already Mine', reason: 'owned' },
    { music_id: 4, title: 'Riq 92', reason: 'loop' },
    { music_id: 5, title: 'Withdrawn', reason: 'unpublished' },
  ],
  count: 2,
  total: 12.98,
  currency: 'usd',
  subscriber: false,
  max_items: 100,
};
const playlist = { id: 7 };

function Probe() {
  const location = useLocation();
  return <h1>{`At ${location.pathname}`}</h1>;
}

const renderPanel = () =>
  renderRoutes(
    [
      { path: '/saved/details/:id', element: <LicensePlaylistPanel playlistId="7" /> },
      { path: '/checkout/local/:id', element: <Probe /> },
    ],
    { user: testUser, path: '/saved/details/7' },
  );

describe('LicensePlaylistPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the count, the total and what is left out, and goes to the checkout page', async () => {
    let posts = 0;
    const { fetchStub, calls } = stubRoutes([
      on(Api.cart.quote, playlist, () => jsonResponse(200, { data: quote })),
      on(Api.cart.checkout, playlist, () => {
        posts++;
        return jsonResponse(200, {
          checkout_url: '/checkout/local/cs_local_1',
          session_id: 'cs_local_1',
          count: 2,
          total: 12.98,
        });
      }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderPanel();

    const button = await screen.findByRole('button', { name: 'License all (2) · $12.98' });
    expect(screen.getByRole('heading', { name: 'License the whole playlist' })).toBeInTheDocument();
    expect(screen.getByText(/One checkout for/)).toHaveTextContent(
      'One checkout for 2 tracks, one licence each. Total $12.98.',
    );
    expect(screen.getByRole('heading', { name: 'Left out (3)' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Already Mine — already licensed',
      'Riq 92 — loop: loops come with a subscription',
      'Withdrawn — no longer on sale',
    ]);
    expect(calls.map((c) => c.url)).toEqual([pathOf(Api.cart.quote, playlist)]);

    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'At /checkout/local/cs_local_1' })).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('tells a subscriber there is nothing to pay, and shows a refusal from the server', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.cart.quote, playlist, () => jsonResponse(200, { data: { ...quote, subscriber: true } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderPanel();
    expect(await screen.findByText(/Your subscription covers these tracks/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /License all/ })).not.toBeInTheDocument();
  });

  it('shows the server message when the checkout cannot start', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.cart.quote, playlist, () => jsonResponse(200, { data: quote })),
      on(Api.cart.checkout, playlist, () =>
        jsonResponse(409, { code: 'nothing_to_license', message: CartMessages.nothingToLicense }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'License all (2) · $12.98' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CartMessages.nothingToLicense);
  });

  it('says when nothing is left to license', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.cart.quote, playlist, () => jsonResponse(200, { data: { ...quote, items: [], count: 0, total: 0 } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderPanel();
    expect(await screen.findByText('Nothing left to license: every music track is covered.')).toBeInTheDocument();
  });
});

describe('LicensePlaylistPanel in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the count with its Arabic plural, the total, what is left out and why, and the refusal in Arabic', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.cart.quote, playlist, () => jsonResponse(200, { data: quote })),
      on(Api.cart.checkout, playlist, () =>
        jsonResponse(409, { code: 'cart_in_progress', message: CartMessages.cartInProgress }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const tracks = [
      { id: 3, kind: 'music', title: 'Already Mine', title_ar: 'ملكي بالفعل' },
      { id: 4, kind: 'loop', title: 'Riq 92' },
    ];
    renderArabicRoutes(
      [{ path: '/saved/details/:id', element: <LicensePlaylistPanel playlistId="7" tracks={tracks} /> }],
      {
        user: testUser,
        path: '/saved/details/7',
      },
    );
    const button = await screen.findByRole('button', { name: /^ترخيص الكل \(2\) · / });
    expect(screen.getByRole('heading', { name: 'ترخيص قائمة التشغيل كاملة' })).toBeInTheDocument();
    expect(screen.getByText(/^عملية دفع واحدة تشمل/)).toHaveTextContent(
      /^عملية دفع واحدة تشمل مقطوعتين، بترخيص لكل منها\. الإجمالي .*12\.98/,
    );
    expect(screen.getByRole('heading', { name: 'مستثناة (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ملكي بالفعل — مرخّصة بالفعل',
      'Riq 92 — حلقة: الحلقات مشمولة بالاشتراك',
      'Withdrawn — لم تعد معروضة للبيع',
    ]);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'هناك عملية دفع جارية لهذه المقطوعات بالفعل. يُرجى المحاولة مرة أخرى.',
    );
  });
});
