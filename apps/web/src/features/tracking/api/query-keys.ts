import { sharedQueryRoots } from '../../../lib/query-keys';

/**
 * The Track screen's searches, under the root the bell refreshes on a milestone notice (lib/query-keys.ts); public
 * tracking's answers apart (nobody signed in, nothing refreshes them).
 */
export const trackingKeys = {
  all: sharedQueryRoots.tracking,
  track: (ref: string) => [...sharedQueryRoots.tracking, 'track', ref] as const,
  publicTrack: (ref: string) => ['public-track', ref] as const,
};
