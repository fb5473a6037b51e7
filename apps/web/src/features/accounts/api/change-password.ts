import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type ChangePasswordInput = { id: number; currentPassword: string; newPassword: string };

/** POST authenticate/oauth/users/{id}/change-password/ */
export function changePassword({
  id,
  currentPassword,
  newPassword,
}: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest(`/authenticate/oauth/users/${id}/change-password/`, {
    method: 'POST',
    json: { current_password: currentPassword, new_password: newPassword },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
