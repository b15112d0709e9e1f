import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readCachedUser } from '@/features/auth/lib/user-cache';
import { holdAnswers, releaseAnswers } from '@/lib/hydration-gate';
import { localeOfPath } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { AppProvider, AppStarted } from './provider';
import { createAppRouter, whenRouterReady } from './router';

/**
 * Starts the React app in `container`: hydrates the page the build prerendered into it
 * (entry-prerender.tsx), or renders from scratch. `onStarted`: once the first render is on the page.
 */
export async function startApp(container: HTMLElement, onStarted?: () => void): Promise<void> {
  /** The path the build prerendered this page for, if it did. */
  const prerendered = container.dataset['prerendered'];
  const hydrates = () => prerendered === window.location.pathname.replace(/(.)\/+$/, '$1') && readCachedUser() === null;
  // The page's first queries start with the router: a hydration holds their answers from the start.
  if (hydrates()) holdAnswers();
  const locale = localeOfPath(window.location.pathname);
  const messages = await loadMessages(locale);
  const router = createAppRouter(locale);
  const started = () => {
    releaseAnswers();
    onStarted?.();
  };
  const app = (
    <StrictMode>
      <AppProvider locale={locale} messages={messages}>
        <AppStarted onStarted={started}>
          <RouterProvider router={router} />
        </AppStarted>
      </AppProvider>
    </StrictMode>
  );

  if (prerendered === undefined) {
    createRoot(container).render(app);
    return;
  }
  // Keep the prerendered page on screen until this page's code is here: no spinner in between.
  await whenRouterReady(router);
  // The prerender shows a visitor at its own path; a remembered user gets their own header, rendered afresh.
  if (hydrates()) {
    // A transition: hydration yields to the browser every few milliseconds (no long task). Answers
    // wait for it to be committed (hydration-gate.ts).
    holdAnswers();
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    releaseAnswers();
    createRoot(container).render(app);
  }
}
