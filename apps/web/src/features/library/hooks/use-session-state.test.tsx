import { Api, pathOf } from '@tarab/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse, on, stubRoutes, testUser } from '@/testing/render-app';
import { useSessionState } from './use-session-state';

/** The auth feature's session query, as the header runs it (same key, a real fetcher). */
const meQueryKey = ['auth', 'me'] as const;
const meQuery = {
  queryKey: meQueryKey,
  queryFn: async () => ((await (await fetch(pathOf(Api.auth.me))).json()) as { data: { user: unknown } }).data.user,
};

describe('useSessionState', () => {
  it('follows the session query: unknown, user, anonymous', () => {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSessionState(), { wrapper });
    expect(result.current).toBe('unknown');
    act(() => client.setQueryData(meQueryKey, testUser));
    expect(result.current).toBe('user');
    act(() => client.setQueryData(meQueryKey, null));
    expect(result.current).toBe('anonymous');
  });

  it('does not get in the way of refetching the session', async () => {
    const { fetchStub, calls } = stubRoutes([on(Api.auth.me, () => jsonResponse(200, { data: { user: testUser } }))]);
    vi.stubGlobal('fetch', fetchStub);
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The header's observer first, the library's reader rendered after it.
    const { result } = renderHook(() => ({ me: useQuery(meQuery), session: useSessionState() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.session).toBe('user'));

    await act(() => client.invalidateQueries({ queryKey: meQueryKey }));
    expect(calls.filter((call) => call.url === pathOf(Api.auth.me))).toHaveLength(2);
    expect(result.current.me.isError).toBe(false);
  });
});
