import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { Limits } from '@tarab/contracts/limits';
import { isApiError } from '@/lib/api-client';

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

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Spec §4 "Toasts": top-right, 5000 ms, pause on hover and focus loss, swipe 80 %. */}
      <ToastContainer
        position="top-right"
        autoClose={Limits.toastDefaultMs}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        theme="dark"
        newestOnTop={false}
      />
    </QueryClientProvider>
  );
}

/**
 * Calls `onStarted` once the app's first render is on the page (hydrated or rendered): main.tsx
 * handles link clicks itself until then. Renders its child as it is (in the prerender too, so the
 * trees match).
 */
export function AppStarted({ onStarted, children }: { onStarted?: () => void; children: ReactNode }) {
  useEffect(() => onStarted?.(), [onStarted]);
  return children;
}
