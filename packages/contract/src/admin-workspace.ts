import { z } from 'zod';
import { OfficeSchema, ROLE_CODES } from './access';
import { idSchema, queryIdSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';
import { isoDateSchema } from './quotations';
import { singleLine } from './single-line';

/**
 * The carrier's admin workspace (issue 13): users, companies (parties), offices and the audit viewer, under
 * `/cp/admin/…`. Company membership requests keep their own endpoints (`companies.ts`).
 */

const skip = z.coerce.number().int().min(0).max(1_000_000).default(0);
const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
/** A search term of a list: trimmed, at most 100 characters. */
const searchTerm = z.string().trim().max(100, 'must be at most 100 characters');
const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/* ---------------------------------------------------------------- users */

export const AdminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  isStaff: z.boolean(),
  roles: z.array(z.enum(ROLE_CODES)),
  offices: z.array(OfficeSchema),
  selectedOfficeId: z.number().int().nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), status: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListQuerySchema = listQuerySchema({
  /** Part of the e-mail address or of the name, any case. */
  search: searchTerm.optional(),
  is_active: booleanQuery.optional(),
  role: z.enum(ROLE_CODES).optional(),
  office_id: queryIdSchema.optional(),
  skip,
  limit: limit(100, 20),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(AdminUserSchema),
});

export const SetUserActiveBodySchema = z.object({ isActive: z.boolean({ message: 'is required' }) });
export type SetUserActiveBody = z.infer<typeof SetUserActiveBodySchema>;

/** The roles a user holds: at least one; a customer role never alongside a carrier-staff role. */
export const SetUserRolesBodySchema = z.object({
  roles: z
    .array(z.enum(ROLE_CODES, { message: `must be one of ${ROLE_CODES.join(', ')}` }))
    .min(1, 'Choose at least one role')
    .max(ROLE_CODES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'must not repeat a role')
    .refine(
      (roles) => !(roles.includes('CUSTOMER') && roles.length > 1),
      'A customer cannot also hold a carrier-staff role',
    ),
});
export type SetUserRolesBody = z.infer<typeof SetUserRolesBodySchema>;

/** The offices a member of staff works for (may be empty: they then reach no office's records). */
export const SetUserOfficesBodySchema = z.object({
  officeIds: z
    .array(idSchema())
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an office'),
});
export type SetUserOfficesBody = z.infer<typeof SetUserOfficesBodySchema>;

export const ADMIN_USER_MESSAGES = {
  activated: 'User activated',
  deactivated: 'User deactivated: their sessions have ended',
  rolesSaved: 'Roles saved',
  officesSaved: 'Offices saved',
  verificationSent: 'Verification e-mail sent',
  notSelf: 'You cannot deactivate your own account',
  keepOwnAdmin: 'You cannot remove your own administrator role',
  corporateRolesOnly:
    'Only the corporate office grants or removes the administrator and corporate staff roles',
  alreadyVerified: 'This address is already verified',
  secondFactorReset: 'Second factor reset: the user sets up a new one at the next sign-in',
  noSecondFactor: 'This user has no second factor to reset',
  notOwnSecondFactor:
    'You cannot reset your own second factor here: change it on your profile, or ask another administrator',
} as const;

/* ---------------------------------------------------------------- companies (parties) */

/** Party role codes (specification sections 6 and 9). */
export const PARTY_ROLES = ['CO', 'CHA', 'N', 'DDR', 'CN', 'OS'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  CO: 'Company (CO)',
  CHA: 'Customs house agent (CHA)',
  N: 'Notify party (N)',
  DDR: 'Freight forwarder (DDR)',
  CN: 'Consignee (CN)',
  OS: 'Shipper (OS)',
};
/** APPR is approved (specification section 9); PENDING awaits approval; REFUSED was a refused request. */
export const PARTY_STATUSES = ['APPR', 'PENDING', 'REFUSED'] as const;

export const AdminCompanySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  roles: z.array(z.string()),
  status: z.string(),
  isActive: z.boolean(),
  address: z.string().nullable(),
  countryCode: z.string().nullable(),
  mobile: z.string().nullable(),
  emailId: z.string().nullable(),
  taxId: z.string().nullable(),
  members: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;

export const AdminCompanyListQuerySchema = listQuerySchema({
  /** Part of the name or the code, any case and accents. */
  search: searchTerm.optional(),
  status: z.enum(PARTY_STATUSES).optional(),
  role: z.enum(PARTY_ROLES).optional(),
  is_active: booleanQuery.optional(),
  skip,
  limit: limit(100, 20),
});
export type AdminCompanyListQuery = z.infer<typeof AdminCompanyListQuerySchema>;

export const AdminCompanyListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(AdminCompanySchema),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** Create or edit a company (carrier staff). Edits send the version read (If-Match or `version`). */
export const CompanyBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(2, 'Code is required (2 to 20 characters)')
    .max(20, 'Code is at most 20 characters')
    .regex(/^[A-Z0-9][A-Z0-9-]*$/, 'Capital letters, digits and - only'),
  name: singleLine(
    z.string().trim().min(2, 'Company name is required').max(200, 'must be at most 200 characters'),
  ),
  roles: z
    .array(z.enum(PARTY_ROLES, { message: `must be one of ${PARTY_ROLES.join(', ')}` }))
    .min(1, 'Choose at least one party role')
    .refine((roles) => new Set(roles).size === roles.length, 'must not repeat a role'),
  status: z.enum(PARTY_STATUSES, { message: `must be one of ${PARTY_STATUSES.join(', ')}` }),
  isActive: z.boolean({ message: 'is required' }),
  address: optionalText(500),
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, 'must be a two-letter country code')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  mobile: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 ()-]{6,20})?$/, 'must be a phone number')
    // The same, said of the text before it is trimmed.
    .meta({ pattern: '^\\s*(?:\\+?[0-9()-][0-9 ()-]{4,18}[0-9()-])?\\s*$' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  emailId: z
    .union([z.literal(''), z.email('Invalid Email').max(200)])
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  taxId: optionalText(40),
  version: versionSchema.optional(),
});
export type CompanyBody = z.input<typeof CompanyBodySchema>;
export type CompanyValues = z.output<typeof CompanyBodySchema>;

/* ---------------------------------------------------------------- offices */

export const AdminOfficeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isCorporate: z.boolean(),
  port: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  staff: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), isActive: z.boolean() }),
  ),
  /** Sent back as If-Match (or `version`) with an edit. */
  version: z.number().int(),
});
export type AdminOffice = z.infer<typeof AdminOfficeSchema>;

export const AdminOfficeListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(AdminOfficeSchema),
});

/**
 * Create or edit an office. Whether it is the corporate office is not editable (TSX is). A port is served by one
 * office at most, and only the corporate office changes which. Edits send the version read (If-Match or `version`).
 */
export const OfficeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(2, 'Code is required (2 to 10 characters)')
    .max(10, 'Code is at most 10 characters')
    .regex(/^[A-Z0-9]+$/, 'Capital letters and digits only'),
  name: singleLine(
    z.string().trim().min(2, 'Office name is required').max(200, 'must be at most 200 characters'),
  ),
  portId: idSchema().nullable(),
  version: versionSchema.optional(),
});
export type OfficeBody = z.infer<typeof OfficeBodySchema>;

export const ADMIN_OFFICE_MESSAGES = {
  codeTaken: 'another office has this code',
  portTaken: 'another office serves this port',
  portCorporateOnly: 'Only the corporate office changes the port an office serves',
  stale: 'This office was changed by someone else since you opened it. Reload to see the changes.',
} as const;

/* ---------------------------------------------------------------- audit viewer */

/** Record types written to the audit trail so far (the viewer's filter offers these; any other text is allowed). */
export const AUDIT_RECORD_TYPES = [
  'BILL_OF_LADING',
  'BOOKING',
  'QUOTATION',
  'TARIFF',
  'INLAND_TARIFF',
  'COMPANY_MEMBERSHIP',
  'COMPANY',
  'USER',
  'OFFICE',
  /** A company's API client: its creation, revocation and each call it makes (action API_CALL). */
  'API_CLIENT',
] as const;

export const AuditEventListQuerySchema = listQuerySchema({
  record_type: z
    .string()
    .trim()
    .regex(/^[A-Z_]{2,40}$/, 'must be a record type such as BILL_OF_LADING')
    .optional(),
  record_id: queryIdSchema.optional(),
  /** The acting user: part of their e-mail address or name. */
  user: searchTerm.optional(),
  actor_id: queryIdSchema.optional(),
  action: z
    .string()
    .trim()
    .regex(/^[A-Z_]{2,40}$/, 'must be an action such as APPROVED')
    .optional(),
  /** From this day (UTC), inclusive. */
  from: isoDateSchema.optional(),
  /** To this day (UTC), inclusive. */
  to: isoDateSchema.optional(),
  skip,
  limit: limit(100, 20),
})
  .refine((query) => !query.record_id || query.record_type, {
    path: ['record_type'],
    message: 'is required with record_id',
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must not be before from',
  });
export type AuditEventListQuery = z.infer<typeof AuditEventListQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  module: z.string(),
  recordType: z.string(),
  recordId: z.number().int(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  version: z.number().int().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  comment: z.string().nullable(),
  /** The company API client a row of record type API_CLIENT is about (its calls are made by it), else null. */
  apiClient: z
    .object({ id: z.number().int(), name: z.string(), company: z.string(), clientId: z.string() })
    .nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(AuditEventSchema),
});
