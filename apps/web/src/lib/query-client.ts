import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { getSession, subscribeSession } from './session';

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

// What one user's calls answered is never shown to the next: the cache is emptied whenever the session's user
// changes (a sign-out here or in another tab, a refused call, a sign-in as someone else).
let cachedFor = getSession()?.user.id;
subscribeSession(() => {
  const userId = getSession()?.user.id;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});
