import {
  CORPORATE_OFFICE_CODE,
  hasPermission,
  type Office,
  type Permission,
  type PermissionSet,
  type RoleCode,
  toPermissionSet,
} from '@lading/contract/access';
import type { ApiClientScope } from '@lading/contract/api-clients';
import type { Scope } from './scopes';

export type CompanyStatus = 'PENDING' | 'APPROVED' | null;

/**
 * What each API-client scope grants (decision 025): the permissions of the read routes that declare the scope
 * (`config.apiClientScope`). Read-only by construction: `buildApp` refuses a route that is not GET, or whose permission
 * is not listed here, declaring a scope.
 */
export const API_CLIENT_SCOPE_PERMISSIONS: Record<ApiClientScope, readonly Permission[]> = {
  'tnt:read': [{ module: 'CP', resource: 'TRACKING', operation: 'VIEW' }],
  'ebl:read': [{ module: 'CP', resource: 'BL', operation: 'VIEW' }],
  'schedules:read': [{ module: 'CP', resource: 'SCHEDULE', operation: 'VIEW' }],
};

/** A company's API client calling with a client-credentials token: who it is and what its token may read. */
export type ApiClientCaller = {
  /** The row's id (`company_api_clients.id`), also the audit trail's record id. */
  id: number;
  clientId: string;
  name: string;
  companyName: string;
  /** The scopes of this token: those it was issued for that the client still holds. */
  scopes: ApiClientScope[];
};

/**
 * The principal data of an API client: no user (`userId` 0, which no user has), the company it belongs to as an
 * approved membership, the permissions its scopes grant, and no office; its scope is the company's (`createPrincipal`).
 */
export function apiClientPrincipalData(client: ApiClientCaller & { partyId: number }): PrincipalData {
  const { partyId, ...caller } = client;
  return {
    userId: 0,
    email: '',
    partyId,
    companyStatus: 'APPROVED',
    roles: [],
    isStaff: false,
    permissions: toPermissionSet(caller.scopes.flatMap((scope) => API_CLIENT_SCOPE_PERMISSIONS[scope])),
    offices: [],
    selectedOffice: null,
    selectedOfficeIsCorporate: false,
    yardId: null,
    apiClient: caller,
  };
}

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
  /** Set when the caller is a company's API client (decision 025), not a user; null for every user. */
  apiClient: ApiClientCaller | null;
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
  const scope: Scope = data.apiClient
    ? { kind: 'company', partyId: data.partyId ?? 0 }
    : !data.isStaff
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

/** The company the caller acts for: an approved member's company, or an API client's; null otherwise. */
export function companyOf(principal: Principal): number | null {
  return principal.companyStatus === 'APPROVED' ? principal.partyId : null;
}

/**
 * The caller's company-wide scope, for records a company shares (track-and-trace events and subscriptions): every
 * record a member of the caller's company owns. An API client's own scope is this already; a customer without an
 * approved company keeps their own records; staff keep their office scope.
 */
export function companyScopeOf(principal: Principal): Scope {
  if (principal.isStaff) return principal.scope;
  const partyId = companyOf(principal);
  return partyId === null ? principal.scope : { kind: 'company', partyId };
}
