import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ReactElement } from 'react';
import { AppProvider } from '@/app/provider';
import { meQueryKey } from '@/features/auth/api/get-me';
import type { User } from '@/features/auth/types';
import { I18nProvider } from '@/lib/i18n/i18n-provider';
export { meBody, userDto } from './make-user';
export { callTo, jsonResponse, on, stubRoutes, type RouteStub, type StubCall } from './stub-routes';

export const testUser: User = { id: 1, name: 'Amira Haddad', email: 'amira@example.com', type: 'user' };
export const testArtist: User = { id: 2, name: 'Karim Nassar', email: 'karim@example.com', type: 'artist' };

type RenderOptions = {
  /** `undefined`: /api/me not answered yet (fetch decides); `null`: logged out. */
  user?: User | null;
  path?: string;
};

export function createTestQueryClient(user?: User | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (user !== undefined) client.setQueryData(meQueryKey, user);
  return client;
}

/** Renders routes inside the real app providers, at `path`, with a chosen session. */
export function renderRoutes(routes: RouteObject[], { user, path = '/' }: RenderOptions = {}) {
  const queryClient = createTestQueryClient(user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * How long the toast showing `text` stays up, in ms: react-toastify draws its countdown as
 * the progress bar's animation. Null when it does not close by itself.
 */
export function toastAutoCloseMs(text: string): number | null {
  const toastElement = screen.getByText(text).closest('.Toastify__toast');
  const bar = toastElement?.querySelector<HTMLElement>('[role="progressbar"]');
  const duration = bar?.style.animationDuration;
  return duration ? Number.parseFloat(duration) : null;
}

/** Renders one component inside the app's message provider (English, decision 045), as the app does. */
export function renderInIntl(ui: ReactElement) {
  const result = render(<I18nProvider>{ui}</I18nProvider>);
  return { ...result, rerender: (next: ReactElement) => result.rerender(<I18nProvider>{next}</I18nProvider>) };
}
