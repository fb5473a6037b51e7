import { notifications } from '@mantine/notifications';

/** Toasts last 4000 ms with a progress bar (set once on <Notifications>). */
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'green', title: 'Success' }),
  warning: (message: string) => notifications.show({ message, color: 'yellow', title: 'Warning' }),
  error: (message: string) => notifications.show({ message, color: 'red', title: 'Error' }),
  info: (message: string) => notifications.show({ message, color: 'blue' }),
};
