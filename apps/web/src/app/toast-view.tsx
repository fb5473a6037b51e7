import { TOAST_TIMEOUT_MS } from '@lading/contract/app-info';
import { Notifications, notifications } from '@mantine/notifications';
import type { ToastMessage } from '../lib/toast';
import classes from './toast-view.module.css';

/**
 * Mantine's notification stack, loaded by ToastHost with the first toast: top right, below the signed-in header
 * (toast-view.module.css), so a toast never covers the header's menus or the bell.
 */
export function ToastView() {
  return (
    <Notifications
      position="top-right"
      classNames={{ root: classes.root }}
      autoClose={TOAST_TIMEOUT_MS}
      withAutoCloseProgress
      limit={5}
    />
  );
}

/** Mantine's notification store: lib/toast.ts sends the toasts here once this module has loaded. */
export function showToast(toast: ToastMessage) {
  notifications.show({ ...toast, classNames: { description: classes.description } });
}
