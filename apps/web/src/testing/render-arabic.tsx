import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import type { User } from '@/features/auth/types';
import arabic from '@/lang/compiled/ar.json';
import type { Messages } from '@/lib/i18n/messages';
import { createTestQueryClient } from './render-app';

/**
 * `renderRoutes` as an Arabic page renders: the app providers with the `ar` locale and its compiled
 * catalogue, inside `dir="rtl"` as `<html>` is on `/ar/` pages (decision 045).
 */
export function renderRoutesInArabic(
  routes: RouteObject[],
  { user, path = '/' }: { user?: User | null; path?: string } = {},
) {
  const queryClient = createTestQueryClient(user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <div dir="rtl" lang="ar" data-testid="arabic-page">
      <AppProvider queryClient={queryClient} locale="ar" messages={arabic as Messages}>
        <RouterProvider router={router} />
      </AppProvider>
    </div>,
  );
  return { ...result, router, queryClient };
}
