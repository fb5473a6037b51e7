import type { UserProfile } from '@lading/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET authenticate/oauth/users/{id}: the user and the profile. */
export function getUserProfile(id: number): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/authenticate/oauth/users/${id}`);
}

export const userProfileKey = (id: number) => ['user-profile', id] as const;

export function useUserProfile(id: number | undefined) {
  return useQuery({
    queryKey: userProfileKey(id ?? 0),
    queryFn: () => getUserProfile(id!),
    enabled: id !== undefined,
  });
}
