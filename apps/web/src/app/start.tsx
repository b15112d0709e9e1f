import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readCachedUser } from '@/features/auth/lib/user-cache';
import { localeOfPath } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { AppProvider, AppStarted } from './provider';
import { createAppRouter, whenRouterReady } from './router';

/**
 * Starts the React app in `container`: hydrates the page the build prerendered into it
 * (entry-prerender.tsx), or renders from scratch. `onStarted`: once the first render is on the page.
 */
export async function startApp(container: HTMLElement, onStarted?: () => void): Promise<void> {
  const locale = localeOfPath(window.location.pathname);
  const messages = await loadMessages(locale);
  const router = createAppRouter(locale);
  const app = (
    <StrictMode>
      <AppProvider locale={locale} messages={messages}>
        <AppStarted {...(onStarted ? { onStarted } : {})}>
          <RouterProvider router={router} />
        </AppStarted>
      </AppProvider>
    </StrictMode>
  );

  /** The path the build prerendered this page for, if it did. */
  const prerendered = container.dataset['prerendered'];
  if (prerendered === undefined) {
    createRoot(container).render(app);
    return;
  }
  // Keep the prerendered page on screen until this page's code is here: no spinner in between.
  await whenRouterReady(router);
  const samePage = prerendered === window.location.pathname.replace(/(.)\/+$/, '$1');
  // The prerender shows a visitor; a remembered user gets their own header, rendered afresh.
  if (samePage && readCachedUser() === null) {
    // A transition: hydration yields to the browser every few milliseconds (no long task).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}
