import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The one query client of the signed-in portal: the portal layout provides it, the route loaders start their calls
 * through it (`routes/prefetch-*.ts`), sign-out clears it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not fix themselves; retry only network and server failures, once.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    },
  },
});
