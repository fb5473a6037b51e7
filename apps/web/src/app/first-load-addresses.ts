/**
 * The addresses whose first load renders without the router (main.tsx): the login page. The build (build/
 * route-preloads.ts) leaves the router's chunk out of their HTML preloads, and puts it in every other address's.
 */
export const SIGN_IN_FIRST = /^\/app-login\/?$/;
