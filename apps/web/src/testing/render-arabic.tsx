import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import type { User } from '@/features/auth/types';
import { arabic } from './arabic-catalogue';
import { createTestQueryClient } from './render-app';

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
  // Inside `dir="rtl"` as `<html>` is on `/ar/` pages.
  const result = render(
    <div dir="rtl" lang="ar" data-testid="arabic-page">
      <AppProvider queryClient={queryClient} locale="ar" messages={arabic}>
        <RouterProvider router={router} />
      </AppProvider>
    </div>,
  );
  return { ...result, router, queryClient };
}
