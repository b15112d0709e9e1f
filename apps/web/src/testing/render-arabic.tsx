import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import type { User } from '@/features/auth/types';
import arabic from '@/lang/compiled/ar.json';
import { loadServerMessages } from '@/lib/i18n/server-messages';
import { createTestQueryClient } from './render-app';

// An Arabic page loads the server messages' table with its catalogue (lib/i18n/messages.ts).
await loadServerMessages();

/**
 * Renders routes as an Arabic page does (decision 045): Arabic messages, the router under the `/ar`
 * basename, at `path` (a path without `/ar`, e.g. `/profile`), with a chosen session.
 */
export function renderArabicRoutes(
  routes: RouteObject[],
  { user, path = '/' }: { user?: User | null; path?: string } = {},
) {
  const queryClient = createTestQueryClient(user);
  const router = createMemoryRouter(routes, { initialEntries: [`/ar${path}`], basename: '/ar' });
  const result = render(
    <AppProvider queryClient={queryClient} locale="ar" messages={arabic}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
