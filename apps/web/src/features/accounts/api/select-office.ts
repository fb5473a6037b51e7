import type { AuthData } from '@lading/contract/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeAuthData } from './get-auth-data';

/** PUT authenticate/oauth/users/{id}/selected-office/: the office a member of staff works as; answers new auth data. */
export function selectOffice({ userId, officeId }: { userId: number; officeId: number }): Promise<AuthData> {
  return apiRequest<AuthData>(`/authenticate/oauth/users/${userId}/selected-office/`, {
    method: 'PUT',
    json: { officeId },
  });
}

/**
 * Switches the office, keeps the new auth data with the session, then resets every query: the server scopes lists
 * by the selected office, so nothing fetched for the previous office may stay on screen, and the screens in view
 * refetch at once.
 */
export function useSelectOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectOffice,
    onSuccess: async (authData, { userId }) => {
      storeAuthData(userId, authData);
      await queryClient.resetQueries();
    },
  });
}
