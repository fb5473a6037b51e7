import type { UserProfile } from '@lading/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** GET authenticate/oauth/users/{id}: the user and the profile. */
export function getUserProfile(id: number): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/authenticate/oauth/users/${id}`);
}

export function useUserProfile(id: number | undefined) {
  return useQuery({
    queryKey: accountKeys.userProfile(id ?? 0),
    queryFn: () => getUserProfile(id!),
    enabled: id !== undefined,
  });
}
