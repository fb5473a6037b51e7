import {
  CORPORATE_OFFICE_CODE,
  hasPermission,
  type Office,
  type Permission,
  type PermissionSet,
  type RoleCode,
} from '@lading/contract/access';
import { type SQL, sql } from 'drizzle-orm';

export type CompanyStatus = 'PENDING' | 'APPROVED' | null;

/**
 * Whose records a caller reaches; decided once, when the principal is built, and applied by every query through
 * `scopeCondition`.
 * - `own`: a customer's own records (`created_by_id`, specification section 6).
 * - `offices`: carrier staff of a branch: records of the office they work as (an empty list reaches nothing).
 * - `all`: carrier staff working as the corporate office (TSX).
 */
export type Scope =
  | { kind: 'own'; userId: number }
  | { kind: 'offices'; officeIds: number[] }
  | { kind: 'all' };

/** The caller of one request, built by the auth hook from the access token. Services ask it; nothing reads roles directly. */
export type Principal = {
  userId: number;
  email: string;
  /** The OAuth grant the access token belongs to. */
  grantId: string | undefined;
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
  'scope' | 'can' | 'isCorporateOffice' | 'requestId' | 'grantId'
> & {
  selectedOfficeIsCorporate: boolean;
};

export function createPrincipal(
  data: PrincipalData,
  request: { requestId: string; grantId?: string },
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
    isCorporateOffice,
    scope,
    can: (permission) => hasPermission(data.permissions, permission),
  };
}

/**
 * The scope as a SQL condition over a record's owner and office columns, e.g.
 * `scopeCondition(p.scope, { owner: sql\`b.created_by_id\`, office: sql\`b.issuing_office_id\` })`.
 */
export function scopeCondition(scope: Scope, columns: { owner: SQL; office: SQL }): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'own':
      return sql`${columns.owner} = ${scope.userId}`;
    case 'offices':
      return scope.officeIds.length === 0
        ? sql`false`
        : sql`${columns.office} in (${sql.join(
            scope.officeIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  }
}
