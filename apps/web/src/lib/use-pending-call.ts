import { useCallback, useState } from 'react';

/**
 * An action that caches nothing (a file download), with the pending flag its button shows: `mutateAsync` runs it and
 * settles as it does, `isPending` is true meanwhile, as TanStack Query's `useMutation` has them. Not `useMutation`
 * itself: on the BL list's rows it was the one mutation of the page's first load, which brought TanStack Query's
 * mutation observer (0.3 KB brotli, issue 29) for buttons that only start a download.
 */
export function usePendingCall<Input>(call: (input: Input) => Promise<unknown>) {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async (input: Input): Promise<void> => {
      setPending(true);
      try {
        await call(input);
      } finally {
        setPending(false);
      }
    },
    [call],
  );
  return { isPending, mutateAsync };
}
