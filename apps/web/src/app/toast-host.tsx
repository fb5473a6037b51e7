import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })));

/**
 * Toasts (lib/toast.ts) go to Mantine's notification store at once; the component that shows them (and its
 * transitions) is fetched with the first toast and then stays, so pages that never toast do not load it.
 */
export function ToastHost() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
