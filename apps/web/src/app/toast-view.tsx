import { TOAST_TIMEOUT_MS } from '@lading/contract/app-info';
import { Notifications, notifications } from '@mantine/notifications';
import type { ToastMessage } from '../lib/toast';

/** Mantine's notification stack, loaded by ToastHost with the first toast. */
export function ToastView() {
  return <Notifications position="top-right" autoClose={TOAST_TIMEOUT_MS} withAutoCloseProgress limit={5} />;
}

/** Mantine's notification store: lib/toast.ts sends the toasts here once this module has loaded. */
export function showToast(toast: ToastMessage) {
  notifications.show(toast);
}
