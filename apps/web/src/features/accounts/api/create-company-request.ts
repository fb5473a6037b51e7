import type { CompanyRequestBody } from '@lading/contract/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeUserCompany } from '../../../lib/session';
import { getUserProfile } from './get-user-profile';
import { accountKeys } from './query-keys';

type CompanyRequestResponse = { message: string; companyStatus: 'PENDING' };

/** POST cp/companies/: asks the carrier to add a company it does not know yet; the user becomes its pending member. */
export function createCompanyRequest(body: CompanyRequestBody): Promise<CompanyRequestResponse> {
  return apiRequest<CompanyRequestResponse>('/cp/companies/', { method: 'POST', json: body });
}

/** After the request the profile answers the new company's name and PENDING: reload it and keep it with the session. */
export function useCreateCompanyRequest(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyRequest,
    onSuccess: async () => {
      try {
        const profile = await queryClient.fetchQuery({
          queryKey: accountKeys.userProfile(userId),
          queryFn: () => getUserProfile(userId),
          staleTime: 0,
        });
        storeUserCompany(profile);
      } catch {
        // The request itself succeeded; the profile screen reloads on its own.
        await queryClient.invalidateQueries({ queryKey: accountKeys.userProfile(userId) });
      }
    },
  });
}
