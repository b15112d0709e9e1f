import { Messages } from '@tarab/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_CACHE_KEY } from '../lib/user-cache';
import { UNEXPECTED_ANSWER } from '@/lib/api-client';
import { meBody } from '@/testing/render-app';
import { getMe } from './get-me';

const user = { id: 7, name: 'Layla', email: 'layla@example.com', type: 'artist' };

function stub(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
}

describe('getMe', () => {
  // A user is stored (spec §3) unless a test says otherwise: then /api/me is asked.
  beforeEach(() => window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user)));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('rejects with No token found, without calling the API, when no user is stored', async () => {
    window.localStorage.removeItem(USER_CACHE_KEY);
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    await expect(getMe()).rejects.toThrow(Messages.noTokenFound);
    await expect(getMe()).rejects.toMatchObject({ message: 'No token found' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('reads the user from the answer and caches it', async () => {
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify({ ...user, name: 'Old name' }));
    stub(200, meBody(user));
    await expect(getMe()).resolves.toMatchObject(user);
    expect(JSON.parse(window.localStorage.getItem(USER_CACHE_KEY) ?? 'null')).toMatchObject(user);
  });

  it("rejects an answer that is not the contract's user (the session is unknown, not absent)", async () => {
    stub(200, { data: user });
    await expect(getMe()).rejects.toMatchObject({ status: 200, message: UNEXPECTED_ANSWER });
  });

  it('treats 401 as logged out and clears the cache', async () => {
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user));
    stub(401, { message: 'Unauthenticated.' });
    await expect(getMe()).resolves.toBeNull();
    expect(window.localStorage.getItem(USER_CACHE_KEY)).toBeNull();
  });

  it('rejects on a server failure (the session is unknown, not absent)', async () => {
    stub(500, { message: 'Boom' });
    await expect(getMe()).rejects.toMatchObject({ status: 500, message: 'Boom' });
  });
});
