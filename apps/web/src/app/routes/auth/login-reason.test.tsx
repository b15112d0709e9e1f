import { Api, pathOf } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadsBody, makeTrack } from '@/features/commerce/testing/fixtures';
import {
  jsonResponse,
  meBody,
  on,
  renderRoutes,
  stubRoutes,
  testArtist,
  testUser,
  userDto,
} from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { TrackPrimaryAction } from '@/app/compose/track-row-actions';
import LoginRoute from './login';

function Probe() {
  const location = useLocation();
  return <h1>{`Probe ${location.pathname}${location.search}`}</h1>;
}

const routes: RouteObject[] = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/auth/login', element: <LoginRoute /> },
  { path: '/music', element: <TrackPrimaryAction track={makeTrack()} /> },
  { path: '*', element: <Probe /> },
];

const authBody = (user = testUser) => ({ data: { user: userDto(user), token: 'a-token' } });

async function submit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'amira@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('Login with a reason, then the action finished (issue #32)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says why, logs in, comes back and opens the checkout of the track', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.auth.login, () => jsonResponse(200, authBody())),
      on(Api.auth.me, () => jsonResponse(200, meBody(testUser))),
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.commerce.checkout, () =>
        jsonResponse(200, { checkout_url: '/checkout/local/cs_local_5', session_id: 'cs_local_5' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null, path: '/music' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'License Desert Caravan' }));
    expect(await screen.findByTestId('login-reason')).toHaveTextContent('Log in to license Desert Caravan');
    await submit();

    expect(await screen.findByRole('heading', { name: 'Probe /checkout/local/cs_local_5' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === pathOf(Api.commerce.checkout))).toHaveLength(1);
  });

  it('names the reason without a title when the page is opened from its address alone', async () => {
    renderRoutes(routes, { user: null, path: '/auth/login?reason=download&next=%2Floops' });
    expect(await screen.findByTestId('login-reason')).toHaveTextContent('Log in to download this track');
  });

  it('shows no reason on a plain login page', async () => {
    renderRoutes(routes, { user: null, path: '/auth/login' });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByTestId('login-reason')).toBeNull();
  });

  it('says it in Arabic, the Latin title isolated', async () => {
    renderArabicRoutes(routes, { user: null, path: '/auth/login?reason=license&next=%2Fmusic' });
    const notice = await screen.findByTestId('login-reason');
    expect(notice).toHaveTextContent('سجّل الدخول لترخيص هذا المقطع');
  });

  it('follows a safe next, for an artist too', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.login, () => jsonResponse(200, authBody(testArtist))),
      on(Api.auth.me, () => jsonResponse(200, meBody(testArtist))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(routes, { user: null, path: '/auth/login?next=%2Fplaylist%3Fx%3D1%23top' });
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/playlist'));
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.location.hash).toBe('#top');
  });

  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    '/auth/login',
    '%2F%2Fevil.com',
  ])('ignores the unsafe next %s and goes home', async (next) => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.login, () => jsonResponse(200, authBody())),
      on(Api.auth.me, () => jsonResponse(200, meBody(testUser))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(routes, {
      user: null,
      path: `/auth/login?${new URLSearchParams({ next }).toString()}`,
    });
    await submit();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user who is logged in already straight to a safe next', async () => {
    const { router } = renderRoutes(routes, { user: testUser, path: '/auth/login?next=%2Fsaved' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/saved'));
  });
});
