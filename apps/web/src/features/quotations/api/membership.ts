import type { User } from '@lading/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeUserCompany, useSession } from '../../../lib/session';
import { rateEnquiryKeys } from './query-keys';

export type Membership =
  | { state: 'open' }
  | { state: 'checking' }
  | { state: 'pending'; companyName: string | null };

/**
 * Whether the rate enquiry is open to the signed-in customer: not while their company membership waits for the
 * carrier's approval (issue 28). The session says PENDING until the user's own profile changes, so a pending session
 * is checked once against the server (GET authenticate/oauth/users/{id}); an approval since is kept in the session.
 * An approved member makes no request.
 */
export function useMembership(): Membership {
  const user = useSession()?.user;
  const pending = user?.companyStatus === 'PENDING';
  const check = useQuery({
    queryKey: rateEnquiryKeys.membership(user?.id ?? 0),
    queryFn: async () => {
      const fresh = await apiRequest<User>(`/authenticate/oauth/users/${user!.id}`);
      storeUserCompany(fresh);
      return fresh;
    },
    enabled: pending,
    staleTime: 0,
  });
  if (!pending) return { state: 'open' };
  // The session still says PENDING: wait for the answer (a failed check keeps what the session says).
  if (check.isPending && check.fetchStatus !== 'idle') return { state: 'checking' };
  return { state: 'pending', companyName: user?.party_name ?? null };
}
