import { Api, pathOf } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/features/auth/api/get-me';
import { RequireAuth } from '@/features/auth/components/require-auth';
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
import LoginRoute from './login';

const routes: RouteObject[] = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/auth/login', element: <LoginRoute /> },
  { path: '/auth/sign-up', element: <h1>Sign-up page</h1> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/profile', element: <h1>Profile page</h1> },
      { path: '/artist-analytics', element: <h1>Analytics page</h1> },
    ],
  },
];

const authBody = (user = testUser) => ({ data: { user: userDto(user), token: 'a-token' } });

async function submit(email = 'amira@example.com', password = 'secret-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('Login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has an email input, a password with show/hide, a link to sign-up and no Google button', async () => {
    renderRoutes(routes, { user: null, path: '/auth/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await userEvent.setup().click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/sign-up');
    expect(screen.queryByRole('button', { name: /google/i })).toBeNull();
  });

  it('logs in, toasts, refreshes the session and returns to the guarded page', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.auth.login, () => jsonResponse(200, authBody())),
      on(Api.auth.me, () => jsonResponse(200, meBody(testUser))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router, queryClient } = renderRoutes(routes, { user: null, path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();

    await submit();

    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    const login = calls.find((call) => call.url === pathOf(Api.auth.login));
    expect(JSON.parse(String(login?.init?.body))).toEqual({ email: 'amira@example.com', password: 'secret-password' });
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ email: testUser.email });
    await vi.waitFor(() => expect(calls.some((call) => call.url === pathOf(Api.auth.me))).toBe(true));
  });

  it('sends an artist to /artist-analytics, whatever page they came from', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.login, () => jsonResponse(200, authBody(testArtist))),
      on(Api.auth.me, () => jsonResponse(200, meBody(testArtist))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(routes, { user: null, path: '/profile' });
    await screen.findByRole('heading', { name: 'Log in' });

    await submit('karim@example.com');

    expect(await screen.findByRole('heading', { name: 'Analytics page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/artist-analytics');
  });

  it('goes home when it did not come from a guarded page', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.login, () => jsonResponse(200, authBody())),
      on(Api.auth.me, () => jsonResponse(200, meBody(testUser))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(routes, { user: null, path: '/auth/login' });
    await submit();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['wrong credentials', 401, { message: 'Invalid email or password.' }, 'Invalid email or password.'],
    ['an error without a message', 401, {}, 'Invalid email or password.'],
    [
      'too many attempts',
      429,
      { message: 'Too many attempts. Please try again later.' },
      'Too many attempts. Please try again later.',
    ],
    ['an answer without token', 200, { data: { user: userDto(testUser) } }, 'Login failed: Invalid response'],
  ])('shows the error for %s', async (_case, status, body, text) => {
    const { fetchStub } = stubRoutes([on(Api.auth.login, () => jsonResponse(status, body))]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(routes, { user: null, path: '/auth/login' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('shows a network failure as invalid credentials (spec §8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRoutes(routes, { user: null, path: '/auth/login' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it.each([
    [testUser, '/', 'Home page'],
    [testArtist, '/artist-analytics', 'Analytics page'],
  ])('sends a logged-in user away from the login page', async (user, path, heading) => {
    const { router } = renderRoutes(routes, { user, path: '/auth/login' });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
