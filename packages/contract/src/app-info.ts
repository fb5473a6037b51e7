/** Facts the shell shows (specification section 2 and 9). */
export const APP_VERSION = '1.0.0';
/** The portal's OAuth client (re-exported by accounts.ts). */
export const PORTAL_CLIENT_ID = 'lading-portal';
export const COPYRIGHT_YEAR = 2023;
export const DEFAULT_PAGE_SIZE = 10;
export const MOBILE_WIDTH = 780;
export const TOAST_TIMEOUT_MS = 4000;
export const TYPEAHEAD_DEBOUNCE_MS = 300;
/** Busy overlay delays: [start, stop] in ms. The BL screen starts at once and lingers. */
export const BUSY_DELAYS = {
  default: { start: 200, stop: 200 },
  billOfLading: { start: 0, stop: 300 },
} as const;
