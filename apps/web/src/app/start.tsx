import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readCachedUser } from '@/features/auth/lib/user-cache';
import { dirOf, localeOfPath } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { AppProvider, AppStarted, createQueryClient } from './provider';
import { createAppRouter, whenRouterReady } from './router';

/**
 * Starts the React app in `container`: hydrates the page the build prerendered into it
 * (entry-prerender.tsx), or renders from scratch. The page's catalogue is loaded first, so the first
 * render is in the page's language (decision 063). Resolves with the React root (tests unmount it).
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  const locale = localeOfPath(window.location.pathname);
  // The server sends each locale's pages with their own <html lang dir> (scripts/web-postbuild.mjs);
  // the dev server sends index.html as it is.
  document.documentElement.lang = locale;
  document.documentElement.dir = dirOf(locale);
  /** The path the build prerendered this page for, if it did. */
  const prerendered = container.dataset['prerendered'];
  // The prerender shows a visitor at its own path; a remembered user gets their own header, rendered afresh.
  const hydrates = prerendered === window.location.pathname.replace(/(.)\/+$/, '$1') && readCachedUser() === null;
  // Until the app runs, the prerendered page's buttons do nothing: say so (assistive technology, and
  // Playwright, which waits for controls to be enabled before acting on them).
  if (prerendered !== undefined) container.setAttribute('aria-disabled', 'true');
  const started = () => container.removeAttribute('aria-disabled');

  const messages = await loadMessages(locale);
  // The routes start their pages' queries from their loaders (router.tsx), but not a prerendered
  // page's before it is hydrated: an answer landing first would change the markup React must match.
  const queryClient = createQueryClient();
  let prefetching = !hydrates;
  const router = createAppRouter(locale, { queryClient, now: () => prefetching });
  const app = (
    <StrictMode>
      <AppProvider locale={locale} messages={messages} queryClient={queryClient}>
        <AppStarted onStarted={started}>
          <RouterProvider router={router} />
        </AppStarted>
      </AppProvider>
    </StrictMode>
  );
  if (!hydrates) {
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  // The first render must be the prerendered page: wait for the code of its route (the router's `lazy`).
  await whenRouterReady(router);
  // Loaders run again on navigations, which come after hydration.
  prefetching = true;
  // A transition, as React Router's own entry does: hydration yields to the browser every few milliseconds.
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root!;
}
