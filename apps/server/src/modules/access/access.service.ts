import type { AuthData } from '@lading/contract/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { createPrincipal, type Principal } from '../../lib/principal';
import {
  findPrincipalData,
  isUserOffice,
  requiresSecondFactor,
  updateSelectedOffice,
} from './access.repository';

export const toAuthData = (principal: Principal): AuthData => ({
  permissions: principal.permissions,
  offices: principal.offices,
  selectedOffice: principal.selectedOffice,
  isCorporateOffice: principal.isCorporateOffice,
  yardId: principal.yardId,
});

export function createAccessService(deps: { db: Db }) {
  const { db } = deps;
  /** Auth data is read and changed by its own user only; another id is 404, as for any record out of scope. */
  const ownOnly = (principal: Principal, id: number) => {
    if (principal.userId !== id) throw notFound('User');
  };

  return {
    loadPrincipal: (userId: number) => findPrincipalData(db, userId),

    /** The second-factor policy: whether any of the user's roles requires one (identity asks it at sign-in). */
    requiresSecondFactor: (userId: number) => requiresSecondFactor(db, userId),

    getAuthData(principal: Principal, id: number): AuthData {
      ownOnly(principal, id);
      return toAuthData(principal);
    },

    /** Carrier staff switch the office they work as; it must be one of theirs. Scopes follow at once. */
    async selectOffice(principal: Principal, id: number, officeId: number): Promise<AuthData> {
      ownOnly(principal, id);
      if (!(await isUserOffice(db, id, officeId))) {
        throw new AppError('VALIDATION_FAILED', 'officeId: is not one of your offices', {
          fields: { officeId: 'is not one of your offices' },
        });
      }
      await updateSelectedOffice(db, id, officeId);
      const data = await findPrincipalData(db, id);
      if (!data) throw notFound('User');
      return toAuthData(
        createPrincipal(data, { requestId: principal.requestId, grantId: principal.grantId }),
      );
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
