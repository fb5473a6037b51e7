import type { UpdateProfileBody, UserProfile } from '@lading/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** PATCH authenticate/oauth/users/{id}/update-cp-users/ */
export function updateUserProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/authenticate/oauth/users/${body.id}/update-cp-users/`, {
    method: 'PATCH',
    json: body,
  });
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.userProfile(profile.id), profile),
  });
}
