/** The caller's company's API clients (the profile's panel). */
export const apiClientKeys = {
  list: ['company-api-clients'] as const,
};
