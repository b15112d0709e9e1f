import { Api } from '@tarab/contracts';
import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApp } from './app/start';
import { USER_CACHE_KEY } from './features/auth/lib/user-cache';
import { jsonResponse, on, stubRoutes, testUser } from './testing/render-app';
import { prerenderPages, render } from './entry-prerender';
import { localizePath, type Locale } from './lib/i18n/locales';

/** The page as the build writes it (scripts/web-postbuild.mjs): the markup in #root, <title> moved out. */
async function prerenderedRoot(path: string, locale: Locale = 'en'): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset['prerendered'] = localizePath(path, locale).replace(/(.)\/+$/, '$1');
  container.innerHTML = (await render(path, locale)).markup.replace(/<title>[^<]*<\/title>/g, '');
  document.body.append(container);
  return container;
}

describe('prerendered pages', () => {
  // jsdom has no requestIdleCallback: one that never calls back keeps the player dock out.
  beforeEach(() => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  /** The apps each test started: unmounted after it (the web project's files share one page). */
  const started: Root[] = [];
  const start = async (container: HTMLElement) => {
    await act(async () => {
      started.push(await startApp(container));
    });
  };
  afterEach(() => {
    act(() => started.splice(0).forEach((root) => root.unmount()));
    document.body.innerHTML = '';
    // startApp gives <html> the page's lang and dir: the files after this one start from a bare page.
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
    window.localStorage.clear();
  });

  it.each(
    (['en', 'ar'] as const).flatMap((locale) =>
      prerenderPages.map((page) => [localizePath(page.path, locale), locale, page.path] as const),
    ),
  )('hydrate %s without a mismatch', async (_url, locale, path) => {
    vi.stubGlobal('fetch', stubRoutes([on(Api.auth.me, () => jsonResponse(401, { message: 'No session' }))]).fetchStub);
    const errors = vi.spyOn(console, 'error');
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => uncaught.push(event.error);
    window.addEventListener('error', onError);
    window.history.replaceState(null, '', localizePath(path, locale));

    const container = await prerenderedRoot(path, locale);
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBeTruthy();
    await start(container);
    // Hydration kept the server's nodes (a mismatch would have rendered new ones) and wired them up.
    await waitFor(() => expect(Object.keys(heading ?? {}).some((key) => key.startsWith('__react'))).toBe(true));
    expect(container.contains(heading)).toBe(true);
    window.removeEventListener('error', onError);
    expect(uncaught).toEqual([]);
    expect(errors.mock.calls.filter((call) => /hydrat|did not match|server/i.test(String(call[0])))).toEqual([]);
  });

  it('prerenders the home page whole, what is under the track list (its own chunk) too, and hydrates it as it is', async () => {
    vi.stubGlobal('fetch', stubRoutes([on(Api.auth.me, () => jsonResponse(401, { message: 'No session' }))]).fetchStub);
    window.history.replaceState(null, '', '/');
    const container = await prerenderedRoot('/');
    const banner = container.querySelector('#trial-title');
    expect(banner?.textContent).toBe('Unlimited downloads, one subscription');
    expect(container.querySelector('#home-albums-title')?.textContent).toBe('Album');
    // Prerendering loaded its chunk in this process (preloadAll), so it hydrates at once: the same nodes.
    await start(container);
    await waitFor(() => expect(Object.keys(banner ?? {}).some((key) => key.startsWith('__react'))).toBe(true));
    expect(container.contains(banner)).toBe(true);
  });

  it("gives a page's own description to its HTML, and none to pages that have none", async () => {
    expect((await render('/privacy-policy')).description).toMatch(/^.{40,}$/);
    expect((await render('/terms-of-use')).description).not.toBe((await render('/privacy-policy')).description);
    expect((await render('/pricing')).description).toBeUndefined();
  });

  it('renders afresh, without hydrating, for a remembered user', async () => {
    vi.stubGlobal('fetch', stubRoutes([on(Api.auth.me, () => jsonResponse(200, testUser))]).fetchStub);
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(testUser));
    window.history.replaceState(null, '', '/pricing');
    const container = await prerenderedRoot('/pricing');
    const heading = container.querySelector('h1');
    await start(container);
    await waitFor(() => expect(container.querySelector('button[aria-controls]')).not.toBeNull());
    expect(container.contains(heading)).toBe(false);
    expect(container.querySelector('h1')?.textContent).toBe('Pricing');
  });
});
