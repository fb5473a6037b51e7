import {
  CORPORATE_OFFICE_CODE,
  hasPermission,
  type Office,
  type Permission,
  type PermissionSet,
  type RoleCode,
} from '@lading/contract/access';
import type { Scope } from './scopes';

export type CompanyStatus = 'PENDING' | 'APPROVED' | null;

/** The caller of one request, built by the auth hook from the access token. Services ask it; nothing reads roles directly. */
export type Principal = {
  userId: number;
  email: string;
  /** The OAuth grant the access token belongs to. */
  grantId: string | undefined;
  /** The public id of the portal session the grant was issued under (the sessions list marks it as this one). */
  sessionId: string | undefined;
  /**
   * A session that may only set up a second factor (decision 023): admitted to the routes marked `enrolment` alone,
   * by its cookie, with no token.
   */
  enrolmentOnly?: boolean;
  requestId: string;
  /** The company the user is an approved member of. */
  partyId: number | null;
  companyStatus: CompanyStatus;
  roles: RoleCode[];
  /** Holds a carrier-staff role; `is_admin` in the user read. */
  isStaff: boolean;
  permissions: PermissionSet;
  offices: Office[];
  selectedOffice: Office | null;
  isCorporateOffice: boolean;
  yardId: number | null;
  scope: Scope;
  can(permission: Permission): boolean;
};

export type PrincipalData = Omit<
  Principal,
  'scope' | 'can' | 'isCorporateOffice' | 'requestId' | 'grantId' | 'sessionId' | 'enrolmentOnly'
> & {
  selectedOfficeIsCorporate: boolean;
};

export function createPrincipal(
  data: PrincipalData,
  request: { requestId: string; grantId?: string; sessionId?: string; enrolmentOnly?: boolean },
): Principal {
  const isCorporateOffice =
    data.selectedOffice !== null &&
    (data.selectedOfficeIsCorporate || data.selectedOffice.code === CORPORATE_OFFICE_CODE);
  const { selectedOfficeIsCorporate: _, ...rest } = data;
  const scope: Scope = !data.isStaff
    ? { kind: 'own', userId: data.userId }
    : isCorporateOffice
      ? { kind: 'all' }
      : { kind: 'offices', officeIds: data.selectedOffice ? [data.selectedOffice.id] : [] };
  return {
    ...rest,
    requestId: request.requestId,
    grantId: request.grantId,
    sessionId: request.sessionId,
    ...(request.enrolmentOnly ? { enrolmentOnly: true } : {}),
    isCorporateOffice,
    scope,
    can: (permission) => hasPermission(data.permissions, permission),
  };
}
