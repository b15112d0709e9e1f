import { Api, pathOf, urlOf } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Limits } from '@tarab/contracts/limits';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser, toastAutoCloseMs } from '@/testing/render-app';
import { recordDownloads } from '@/testing/record-downloads';
import { downloadsBody, makeDownload, makeSubscription, makeTrack } from '../testing/fixtures';
import { PurchaseActions } from './purchase-actions';

function Probe() {
  const location = useLocation();
  return <h1>{`Probe ${location.pathname}`}</h1>;
}

const subscriber: typeof testUser = { ...testUser, subscriptions: [makeSubscription()] };

function renderActions(user: typeof testUser | null, track = makeTrack()) {
  return renderRoutes(
    [
      { path: '/loops', element: <PurchaseActions track={track} /> },
      { path: '*', element: <Probe /> },
    ],
    { user, path: '/loops' },
  );
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('PurchaseActions', () => {
  let started: ReturnType<typeof recordDownloads>;
  beforeEach(() => {
    started = recordDownloads();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    started.stop();
  });

  it('shows a visitor "License" with no price; the click goes to login with the reason and the intent', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    const { router } = renderActions(null);

    const button = screen.getByRole('button', { name: 'License Desert Caravan' });
    expect(button).toHaveTextContent(/^License$/);
    expect(button).not.toHaveTextContent('$');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Probe /auth/login' })).toBeInTheDocument();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('next')).toBe('/loops?license=11');
    expect(query.get('reason')).toBe('license');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/loops', search: '?license=11', hash: '' },
      intent: { reason: 'license', title: 'Desert Caravan' },
    });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows a visitor a loop\'s "Download", whose login reason is download', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    const { router } = renderActions(null, makeTrack({ id: 31, kind: 'loop', title: 'Darbuka Loop' }));
    await user.click(screen.getByRole('button', { name: 'Download Darbuka Loop' }));
    await screen.findByRole('heading', { name: 'Probe /auth/login' });
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('download');
  });

  it('shows a listener "License · $4.99" and no Download', async () => {
    const { fetchStub } = stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody([])))]);
    vi.stubGlobal('fetch', fetchStub);
    renderActions(testUser);
    const button = await screen.findByRole('button', { name: 'License Desert Caravan · $4.99' });
    expect(button).toHaveTextContent('License · $4.99');
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
  });

  it('shows a subscriber "Download" and no price', async () => {
    const { fetchStub } = stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody([])))]);
    vi.stubGlobal('fetch', fetchStub);
    renderActions(subscriber);
    const button = await screen.findByRole('button', { name: 'Download Desert Caravan' });
    expect(button).toHaveTextContent(/^Download$/);
    expect(document.body).not.toHaveTextContent('$');
  });

  it('finishes the action after login: back with ?license=<id>, the listener goes to the checkout once', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.commerce.checkout, () =>
        jsonResponse(200, { checkout_url: '/checkout/local/cs_local_9', session_id: 'cs_local_9' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(
      [
        {
          path: '/loops',
          element: (
            <>
              <PurchaseActions track={makeTrack()} />
              <PurchaseActions track={makeTrack()} />
            </>
          ),
        },
        { path: '*', element: <Probe /> },
      ],
      { user: testUser, path: '/loops?license=11' },
    );
    expect(await screen.findByRole('heading', { name: 'Probe /checkout/local/cs_local_9' })).toBeInTheDocument();
    // Two buttons of the same track on the page: one checkout.
    expect(calls.filter((c) => c.url === pathOf(Api.commerce.checkout))).toHaveLength(1);
  });

  it('finishes the action after login for a subscriber: the download starts and the intent leaves the URL', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.downloads.fromSubscription, () =>
        jsonResponse(200, {
          message: 'Music | loop downloaded successfully',
          data: {
            track_id: 11,
            license_key: 'TRB-1',
            download_url: pathOf(Api.downloads.byToken, { token: 'signed-token' }),
          },
        }),
      ),
      on(Api.downloads.prepare, { id: 11 }, () =>
        jsonResponse(200, {
          data: { ready: true, format: 'mp3', url: pathOf(Api.downloads.zip, { id: 11 }), retry_after: null },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes([{ path: '/loops', element: <PurchaseActions track={makeTrack()} /> }], {
      user: subscriber,
      path: '/loops?q=oud&license=11',
    });
    await vi.waitFor(() => expect(started.urls).toContain(pathOf(Api.downloads.zip, { id: 11 })));
    expect(calls.filter((c) => c.url === pathOf(Api.downloads.fromSubscription))).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=oud');
  });

  it('ignores an intent for another track', async () => {
    const { fetchStub, calls } = stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody([])))]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/loops', element: <PurchaseActions track={makeTrack()} /> }], {
      user: testUser,
      path: '/loops?license=12',
    });
    await screen.findByRole('button', { name: 'License Desert Caravan · $4.99' });
    expect(calls.some((c) => c.url === pathOf(Api.commerce.checkout))).toBe(false);
  });

  it('downloads through the subscription for a subscriber', async () => {
    let downloads = downloadsBody([]);
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloads)),
      on(Api.downloads.fromSubscription, () => {
        downloads = downloadsBody([makeDownload({ source: 'subscription' })]);
        return jsonResponse(200, {
          message: 'Music | loop downloaded successfully',
          data: {
            track_id: 11,
            license_key: 'TRB-1',
            download_url: pathOf(Api.downloads.byToken, { token: 'signed-token' }),
          },
        });
      }),
      on(Api.downloads.prepare, { id: 11 }, () =>
        jsonResponse(200, {
          data: { ready: true, format: 'mp3', url: pathOf(Api.downloads.zip, { id: 11 }), retry_after: null },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(subscriber);

    await user.click(await screen.findByRole('button', { name: 'Download Desert Caravan' }));
    expect(await screen.findByText('Music | loop downloaded successfully')).toBeInTheDocument();
    // The licence is recorded; then the MP3 zip is prepared (if need be) and downloaded.
    expect(started.urls).toContain(pathOf(Api.downloads.zip, { id: 11 }));
    expect(
      calls.some((c) => c.url === urlOf(Api.downloads.prepare, { params: { id: 11 }, query: { format: 'mp3' } })),
    ).toBe(true);
    const call = calls.find((c) => c.url === pathOf(Api.downloads.fromSubscription));
    expect(call?.init?.method).toBe('POST');
    expect(bodyOf(call?.init)).toEqual({ music_id: 11, loop_id: 11 });
    // The downloads are refreshed: the row now shows Downloaded.
    expect(await screen.findByRole('button', { name: /^Downloaded/ })).toBeInTheDocument();
  });

  it('uses the loop endpoint for a loop and shows Download failed on errors', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.downloads.loopFromSubscription, () => jsonResponse(500, { message: 'Boom' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(subscriber, makeTrack({ id: 31, kind: 'loop', title: 'Darbuka Loop' }));

    await user.click(await screen.findByRole('button', { name: 'Download Darbuka Loop' }));
    expect(await screen.findByText('Download failed. Please try again.')).toBeInTheDocument();
    // A product message: 1500 ms (spec §4/§9), not the 5000 ms default.
    expect(toastAutoCloseMs('Download failed. Please try again.')).toBe(Limits.toastFavouritesMs);
    expect(bodyOf(calls.find((c) => c.url === pathOf(Api.downloads.loopFromSubscription))?.init)).toEqual({
      music_id: 31,
      loop_id: 31,
    });
    expect(started.urls).toEqual([]);
  });

  it('starts the purchase of a music track without a subscription', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.commerce.checkout, () =>
        jsonResponse(200, { checkout_url: '/checkout/local/cs_local_1', session_id: 'cs_local_1' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(testUser);

    await user.click(await screen.findByRole('button', { name: 'License Desert Caravan · $4.99' }));
    expect(await screen.findByRole('heading', { name: 'Probe /checkout/local/cs_local_1' })).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.url === pathOf(Api.commerce.checkout))?.init)).toEqual({
      music_id: 11,
      title: 'Desert Caravan',
      price: 4.99,
    });
    expect(calls.some((c) => c.url.includes('from-subscription'))).toBe(false);
  });

  it('asks for the email choice before a hosted payment page, and keeps an untick on the open checkout', async () => {
    const hosted = 'https://checkout.stripe.com/c/pay/cs_test_7';
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.commerce.checkout, () => jsonResponse(200, { checkout_url: hosted, session_id: 'cs_test_7' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(testUser);

    await user.click(await screen.findByRole('button', { name: 'License Desert Caravan · $4.99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before you pay' });
    const box = screen.getByRole('checkbox', { name: 'Share my email with the artist' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.url === pathOf(Api.commerce.checkout))).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.url === pathOf(Api.commerce.checkout));
    expect(bodyOf(first?.init)).toEqual({ music_id: 11, title: 'Desert Caravan', price: 4.99 });
    expect(bodyOf(second?.init)).toEqual({ music_id: 11, title: 'Desert Caravan', price: 4.99, share_email: false });
    expect(dialog).toBeInTheDocument();
  });

  it('closes the email choice on Cancel without a second checkout call', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.commerce.checkout, () =>
        jsonResponse(200, { checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_8', session_id: 'cs_test_8' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(testUser);

    await user.click(await screen.findByRole('button', { name: 'License Desert Caravan · $4.99' }));
    await screen.findByRole('dialog', { name: 'Before you pay' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url === pathOf(Api.commerce.checkout))).toHaveLength(1);
  });

  it('offers a non-subscriber a loop through a plan: Subscribe to download goes to the plans', async () => {
    const { fetchStub, calls } = stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody([])))]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(testUser, makeTrack({ id: 31, kind: 'loop', title: 'Darbuka Loop' }));

    const button = await screen.findByRole('button', { name: 'Subscribe to download Darbuka Loop' });
    expect(button).not.toHaveTextContent('$');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Probe /subscription-plan' })).toBeInTheDocument();
    expect(
      await screen.findByText('As a subscribed user, you can download loops for free from the loops section.'),
    ).toBeInTheDocument();
    expect(toastAutoCloseMs('As a subscribed user, you can download loops for free from the loops section.')).toBe(
      Limits.toastFavouritesMs,
    );
    expect(calls.map((c) => c.url)).toEqual([urlOf(Api.downloads.list, { query: { per_page: 100 } })]);
  });

  it('shows Downloaded for an owned track, which downloads the zip again', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([makeDownload()]))),
      on(Api.downloads.prepare, { id: 11 }, () =>
        jsonResponse(200, {
          data: { ready: true, format: 'mp3', url: pathOf(Api.downloads.zip, { id: 11 }), retry_after: null },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(testUser);

    const downloaded = await screen.findByRole('button', { name: /^Downloaded/ });
    expect(screen.queryByRole('button', { name: /^(Download|License) Desert Caravan/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Lossless WAV of Desert Caravan' })).toHaveAttribute(
      'href',
      urlOf(Api.downloads.zip, { params: { id: 11 }, query: { format: 'wav' } }),
    );
    await user.click(downloaded);
    await vi.waitFor(() => expect(started.urls).toContain(pathOf(Api.downloads.zip, { id: 11 })));
  });
});
