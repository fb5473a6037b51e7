import { useSyncExternalStore } from 'react';

/** One toast, as Mantine's notification store takes it. */
export type ToastMessage = { message: string; color: string; title?: string };
type Show = (toast: ToastMessage) => unknown;

/**
 * Toasts go to Mantine's notification store, which loads with the first toast (app/toast-host.tsx fetches the stack
 * and hands its `show` here): until then they wait here, in order, and go to the store when it comes.
 */
let show: Show | undefined;
const waiting: ToastMessage[] = [];
const listeners = new Set<() => void>();

function raise(toast: ToastMessage) {
  if (show) {
    show(toast);
    return;
  }
  waiting.push(toast);
  if (waiting.length === 1) for (const listener of listeners) listener();
}

/** The notification store's `show`, once loaded: the toasts raised so far go to it first. */
export function attachToastStore(storeShow: Show) {
  show = storeShow;
  for (const toast of waiting.splice(0)) show(toast);
}

/** Whether a toast was ever raised: the host loads the stack then. */
export function useToastRaised(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => show !== undefined || waiting.length > 0,
  );
}

/** Toasts last 4000 ms with a progress bar (set once on <Notifications>). */
export const toast = {
  success: (message: string) => raise({ message, color: 'green', title: 'Success' }),
  warning: (message: string) => raise({ message, color: 'yellow', title: 'Warning' }),
  error: (message: string) => raise({ message, color: 'red', title: 'Error' }),
  info: (message: string) => raise({ message, color: 'blue' }),
};
