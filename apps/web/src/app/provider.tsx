import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { Limits } from '@tarab/contracts/limits';
import { isApiError } from '@/lib/api-client';
import { loadToastify } from '@/lib/toast';
import { I18nProvider } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';

/** Client errors (4xx) are answers, not hiccups: don't retry them. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60 * 1000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The page's locale and its compiled messages (English by default: tests, decision 045). */
  locale?: Locale;
  messages?: Messages;
};

export function AppProvider({ children, queryClient, locale, messages }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nProvider locale={locale} messages={messages}>
      <QueryClientProvider client={client}>
        {children}
        <Toasts rtl={locale === 'ar'} />
      </QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The toast container, once the page has rendered: react-toastify loads after the first render
 * (decision 050), and toasts shown before it is here wait in its queue.
 */
function Toasts({ rtl }: { rtl: boolean }) {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  useEffect(() => {
    let active = true;
    void loadToastify().then(({ ToastContainer }) => {
      if (active) setContainer(() => ToastContainer);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!Container) return null;
  // Spec §4 "Toasts": top-right (top-left in Arabic, mirrored), 5000 ms, pause on hover and focus loss, swipe 80 %.
  return (
    <Container
      position={rtl ? 'top-left' : 'top-right'}
      autoClose={Limits.toastDefaultMs}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="dark"
      newestOnTop={false}
      rtl={rtl}
    />
  );
}

/**
 * Calls `onStarted` once the app's first render is on the page (hydrated or rendered; start.tsx).
 * Renders its child as it is (in the prerender too, so the trees match).
 */
export function AppStarted({ onStarted, children }: { onStarted?: () => void; children: ReactNode }) {
  useEffect(() => onStarted?.(), [onStarted]);
  return children;
}
