import { useSyncExternalStore } from 'react';

/** How many API calls are in flight; the busy overlay shows while it is above zero. */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export async function trackBusy<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  emit();
  try {
    return await work;
  } finally {
    pending -= 1;
    emit();
  }
}

export function usePendingCalls(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
