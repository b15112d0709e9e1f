import { Api, pathOf } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, userDto } from '@/testing/render-app';
import { GoogleSignIn } from './google-sign-in';

const routes = [
  { path: '/auth/login', element: <GoogleSignIn /> },
  { path: '/', element: <h1>Home page</h1> },
  { path: '/loops', element: <h1>Loops page</h1> },
];

describe('Google sign-in', () => {
  afterEach(() => {
    delete window.google;
  });

  it('is hidden when the server has no Google client id', async () => {
    const { fetchStub, calls } = stubRoutes([on(Api.auth.providers, () => jsonResponse(200, { google: null }))]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null, path: '/auth/login' });
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes(pathOf(Api.auth.providers)))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it("logs in with Google's access token and toasts", async () => {
    const user = { id: 9, name: 'G User', email: 'g@example.com', type: 'user' };
    const { fetchStub, calls } = stubRoutes([
      on(Api.auth.providers, () => jsonResponse(200, { google: { client_id: 'cid.apps.googleusercontent.com' } })),
      on(Api.auth.socialCallback, { provider: 'google' }, () =>
        jsonResponse(200, { token: 't'.repeat(43), user: userDto(user) }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const init = vi.fn((config: { client_id: string; callback: (r: { access_token: string }) => void }) => ({
      requestAccessToken: () => config.callback({ access_token: 'ya29.token' }),
    }));
    window.google = { accounts: { oauth2: { initTokenClient: init } } };
    renderRoutes(routes, { user: null, path: '/auth/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Logged in with Google!')).toBeInTheDocument();
    expect(init.mock.calls[0]![0].client_id).toBe('cid.apps.googleusercontent.com');
    const callback = calls.find((c) => c.url.includes(pathOf(Api.auth.socialCallback, { provider: 'google' })));
    expect(JSON.parse(String(callback?.init?.body))).toEqual({ access_token: 'ya29.token' });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows Google login failed. when the server refuses the token', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.providers, () => jsonResponse(200, { google: { client_id: 'cid' } })),
      on(Api.auth.socialCallback, { provider: 'google' }, () => jsonResponse(401, { message: 'Google login failed.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    window.google = {
      accounts: {
        oauth2: { initTokenClient: (c) => ({ requestAccessToken: () => c.callback({ access_token: 'bad' }) }) },
      },
    };
    renderRoutes(routes, { user: null, path: '/auth/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google login failed.')).toBeInTheDocument();
  });

  it('asks to log in with the password first when an account with that email exists (409)', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.providers, () => jsonResponse(200, { google: { client_id: 'cid' } })),
      on(Api.auth.socialCallback, { provider: 'google' }, () =>
        jsonResponse(409, { message: Messages.googleLinkNeedsPassword }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    window.google = {
      accounts: {
        oauth2: { initTokenClient: (c) => ({ requestAccessToken: () => c.callback({ access_token: 'ya29.x' }) }) },
      },
    };
    renderRoutes(routes, { user: null, path: '/auth/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(Messages.googleLinkNeedsPassword)).toBeInTheDocument();
  });
  it("finishes a visitor's action: a safe `next` of the login page wins, an unsafe one is ignored (issue #32)", async () => {
    const user = { id: 9, name: 'G User', email: 'g@example.com', type: 'user' };
    const { fetchStub } = stubRoutes([
      on(Api.auth.providers, () => jsonResponse(200, { google: { client_id: 'cid' } })),
      on(Api.auth.socialCallback, { provider: 'google' }, () =>
        jsonResponse(200, { token: 't'.repeat(43), user: userDto(user) }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    window.google = {
      accounts: {
        oauth2: { initTokenClient: (c) => ({ requestAccessToken: () => c.callback({ access_token: 'ya29.x' }) }) },
      },
    };
    const first = renderRoutes(routes, { user: null, path: '/auth/login?next=%2Floops' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Loops page' })).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, { user: null, path: '/auth/login?next=%2F%2Fevil.example%2Floops' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
