import { TOAST_TIMEOUT_MS } from '@lading/contract/app-info';
import { Notifications } from '@mantine/notifications';

/** Mantine's notification stack, loaded by ToastHost with the first toast. */
export function ToastView() {
  return <Notifications position="top-right" autoClose={TOAST_TIMEOUT_MS} withAutoCloseProgress limit={5} />;
}
