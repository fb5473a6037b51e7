/** The signed-in user's profile, and the stored country (kept by name) looked up for its calling code. */
export const accountKeys = {
  userProfile: (id: number) => ['user-profile', id] as const,
  storedCountry: (name: string | null) => ['country-by-name', name] as const,
};
