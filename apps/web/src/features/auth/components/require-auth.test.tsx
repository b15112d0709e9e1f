import { Api } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, meBody, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { USER_CACHE_KEY } from '../lib/user-cache';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return (
    <div>
      <h1>Login page</h1>
      <p data-testid="from">{from ? `${from.pathname}${from.search}` : 'none'}</p>
    </div>
  );
}

const routes: RouteObject[] = [
  { path: '/auth/login', element: <LoginProbe /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/profile', element: <h1>Private profile</h1> }],
  },
];

describe('RequireAuth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor with no stored user to /auth/login without asking /api/me (No token found)', async () => {
    const { fetchStub, calls } = stubRoutes([on(Api.auth.me, () => jsonResponse(200, meBody(testUser)))]);
    vi.stubGlobal('fetch', fetchStub);

    const { router } = renderRoutes(routes, { path: '/profile' });

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls).toEqual([]);
  });

  it('sends a visitor whose session ended to /auth/login with the original location in state.from', async () => {
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(testUser));
    const { fetchStub } = stubRoutes([on(Api.auth.me, () => jsonResponse(401, { message: 'Unauthenticated.' }))]);
    vi.stubGlobal('fetch', fetchStub);

    const { router } = renderRoutes(routes, { path: '/profile?tab=orders' });

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/profile?tab=orders');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByText('Private profile')).not.toBeInTheDocument();
  });

  it('renders the page for a logged-in user', async () => {
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(testUser));
    const { fetchStub } = stubRoutes([on(Api.auth.me, () => jsonResponse(200, meBody(testUser)))]);
    vi.stubGlobal('fetch', fetchStub);

    const { router } = renderRoutes(routes, { path: '/profile' });

    expect(await screen.findByRole('heading', { name: 'Private profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shows a loading state, not a redirect, while /api/me is pending', async () => {
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(testUser));
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    const { router } = renderRoutes(routes, { path: '/profile' });

    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session');
    expect(router.state.location.pathname).toBe('/profile');

    answer(jsonResponse(200, meBody(testUser)));
    expect(await screen.findByRole('heading', { name: 'Private profile' })).toBeInTheDocument();
  });
});
