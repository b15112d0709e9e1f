import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import arabic from '@/lang/ar.messages';
import { createTestQueryClient } from '@/testing/render-app';
import { AppProvider } from '../provider';
import { RootLayout } from './root-layout';

/** The header of a page in `locale` at `path` (a path of that locale), logged out. */
function renderPage(locale: 'en' | 'ar', path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ path: '*', element: null }] }],
    {
      initialEntries: [path],
      ...(locale === 'ar' ? { basename: '/ar' } : {}),
    },
  );
  render(
    <AppProvider
      queryClient={createTestQueryClient(null)}
      locale={locale}
      {...(locale === 'ar' ? { messages: arabic } : {})}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return screen.getByRole('banner');
}

describe('pages in Arabic (decision 045)', () => {
  afterEach(() => {
    document.cookie = 'tarab_locale=; Max-Age=0; Path=/';
  });

  it('keeps every header link in Arabic, and the switch goes to the same page in English', async () => {
    const banner = renderPage('ar', '/ar/loops?maqam=Hijaz');
    const nav = within(banner).getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getByRole('link', { name: 'الموسيقى' })).toHaveAttribute('href', '/ar/music');
    expect(within(nav).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/ar');
    const english = within(banner).getByRole('link', { name: 'English' });
    expect(english).toHaveAttribute('href', '/loops?maqam=Hijaz');
    expect(english).toHaveAttribute('hreflang', 'en');
    english.click();
    expect(document.cookie).toContain('tarab_locale=en');
  });

  it('offers Arabic from an English page, at the same path under /ar', () => {
    const banner = renderPage('en', '/album/detail/3');
    const link = within(banner).getByRole('link', { name: 'العربية' });
    expect(link).toHaveAttribute('href', '/ar/album/detail/3');
    expect(link).toHaveAttribute('lang', 'ar');
    expect(within(banner).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
