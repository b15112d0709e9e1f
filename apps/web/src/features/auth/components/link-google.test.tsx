import { Api, pathOf } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, meBody, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { LinkGoogle } from './link-google';

const routes = [{ path: '/profile', element: <LinkGoogle /> }];
const grantToken = () => {
  window.google = {
    accounts: {
      oauth2: { initTokenClient: (c) => ({ requestAccessToken: () => c.callback({ access_token: 'ya29.link' }) }) },
    },
  };
};

describe('Link Google sign-in (profile)', () => {
  afterEach(() => {
    delete window.google;
  });

  it("sends Google's access token to POST /api/me/google and says it is linked", async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.auth.providers, () => jsonResponse(200, { google: { client_id: 'cid' } })),
      on(Api.auth.linkGoogle, () => jsonResponse(200, meBody(testUser))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    grantToken();
    renderRoutes(routes, { user: testUser, path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Google sign-in' }));
    expect(await screen.findByText(Messages.googleLinked)).toBeInTheDocument();
    const call = calls.find((c) => c.url.includes(pathOf(Api.auth.linkGoogle)));
    expect(JSON.parse(String(call?.init?.body))).toEqual({ access_token: 'ya29.link' });
  });

  it("shows the server's reason when the Google account is linked elsewhere (409)", async () => {
    const { fetchStub } = stubRoutes([
      on(Api.auth.providers, () => jsonResponse(200, { google: { client_id: 'cid' } })),
      on(Api.auth.linkGoogle, () => jsonResponse(409, { message: Messages.googleLinkedElsewhere })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    grantToken();
    renderRoutes(routes, { user: testUser, path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Google sign-in' }));
    expect(await screen.findByText(Messages.googleLinkedElsewhere)).toBeInTheDocument();
  });
});
