// App-wide providers: server-state cache and toasts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toasterDemand } from '../components/ui/toaster-demand.ts';
import { ApiError } from '../lib/api.ts';

const MAX_RETRIES = 2;

// Mounted by the first toast, once sonner's code has loaded (components/ui/toast.ts).
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry (bad input, signed out, not found); network blips may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}

function ToasterOnDemand() {
  const isNeeded = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.get);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
