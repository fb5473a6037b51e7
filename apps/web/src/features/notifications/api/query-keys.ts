/** The bell's latest notices and the user's e-mail preferences. */
export const notificationKeys = {
  latest: ['notifications'],
  preferences: ['notification-preferences'],
} as const;
