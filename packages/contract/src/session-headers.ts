// Headers of the idle timeout, in a file of their own: the web app's API client (on every first load) reads them
// without the session schemas.

/** Seconds until an idle session ends, sent on every signed-in answer (the web app warns a minute before). */
export const IDLE_REMAINING_HEADER = 'x-session-idle-remaining';
/** Marks a call the app makes on its own (a poll): it does not count as the user's activity. */
export const BACKGROUND_HEADER = 'x-lading-background';
