import { sharedQueryRoots } from '../../../lib/query-keys';

/** The signed-in user's profile, and the stored country (kept by name) looked up for its calling code. */
export const accountKeys = {
  userProfile: (id: number) => [...sharedQueryRoots.userProfile, id] as const,
  storedCountry: (name: string | null) => ['country-by-name', name] as const,
  /** Where the signed-in user is signed in (the profile's sessions list). */
  sessions: ['my-sessions'] as const,
  /** The signed-in user's second factors. */
  secondFactor: ['my-second-factor'] as const,
  /** The signed-in user's passkeys. */
  passkeys: ['my-passkeys'] as const,
};
