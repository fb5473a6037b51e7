import { lazy, Suspense } from 'react';
import { attachToastStore, useToastRaised } from '../lib/toast';

const ToastView = lazy(() =>
  import('./toast-view').then((module) => {
    attachToastStore(module.showToast);
    return { default: module.ToastView };
  }),
);

/**
 * Toasts (lib/toast.ts) wait in lib/toast.ts until the first one: then Mantine's notification store and the stack
 * that shows it (and its transitions) are fetched, the waiting toasts go to the store in order, and the stack stays.
 * Pages that never toast load none of it.
 */
export function ToastHost() {
  if (!useToastRaised()) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
