import { z } from 'zod';
import { idSchema } from './ids';

/**
 * The permission codes of the access model (specification section 6: modules, resources, operations by code).
 * A permission is one (module, resource, operation) triple; roles grant sets of them (see apps/server/src/modules/access/README.md).
 */
export const MODULES = {
  /** The customer portal: a customer's own records. Carrier staff hold the VIEW/PRINT/MAIL parts, scoped by office. */
  CP: {
    BL: ['VIEW', 'EDIT', 'PRINT', 'MAIL'],
    BOOKING: ['VIEW', 'CANCEL'],
    QUOTATION: ['VIEW', 'ACCEPT', 'REJECT'],
    RATE_ENQUIRY: ['VIEW', 'CREATE'],
    PROFILE: ['VIEW', 'EDIT'],
    NOTIFICATION: ['VIEW', 'EDIT'],
    DASHBOARD: ['VIEW'],
    /** Sailing schedules (point-to-point search, a voyage's calls and cut-offs): customers and staff. */
    SCHEDULE: ['VIEW'],
    /**
     * SOLAS VGM declarations of a booking's containers: the booking's customer views and declares (EDIT); carrier
     * staff view them within their scope and do not declare (the shipper declares the VGM: decision 014).
     */
    VGM: ['VIEW', 'EDIT'],
    /**
     * Track & Trace events (DCSA T&T): customers and staff read them; a company's API client holding `tnt:read` reads
     * them too (decision 025).
     */
    TRACKING: ['VIEW'],
    /** The API clients of the customer's company (profile): list them (VIEW), create and revoke them (EDIT). */
    API_CLIENT: ['VIEW', 'EDIT'],
  },
  /** The carrier's admin workspace. */
  ADMIN: {
    BL_REVIEW: ['VIEW', 'APPROVE', 'RETURN', 'ISSUE'],
    BOOKING: ['VIEW', 'CONFIRM', 'REJECT'],
    QUOTATION: ['VIEW', 'PRICE'],
    TARIFF: ['VIEW', 'CREATE', 'EDIT'],
    USER: ['VIEW', 'EDIT'],
    COMPANY: ['VIEW', 'CREATE', 'EDIT', 'APPROVE'],
    OFFICE: ['VIEW', 'EDIT'],
    AUDIT: ['VIEW'],
    DASHBOARD: ['VIEW'],
    VESSEL: ['VIEW', 'CREATE', 'EDIT'],
    /** Liner services: rotation, vessels deployed, default cut-offs. */
    SERVICE: ['VIEW', 'CREATE', 'EDIT'],
    /** Voyages: CREATE generates them from a service; EDIT delays, omits, records actuals, sets cut-offs. */
    VOYAGE: ['VIEW', 'CREATE', 'EDIT'],
    /** Recording container moves (one event or a CSV of terminal moves): staff, at the places their office serves. */
    EQUIPMENT_EVENT: ['CREATE'],
  },
} as const;

type Modules = typeof MODULES;
export type ModuleCode = keyof Modules;
export type ResourceCode<M extends ModuleCode = ModuleCode> = Extract<keyof Modules[M], string>;
export type OperationCode<
  M extends ModuleCode = ModuleCode,
  R extends ResourceCode<M> = ResourceCode<M>,
> = Modules[M][R] extends readonly (infer O)[] ? O & string : never;

/** One permission, typed so that only codes of MODULES can be written. */
export type Permission = {
  [M in ModuleCode]: {
    [R in ResourceCode<M>]: { module: M; resource: R; operation: OperationCode<M, R> };
  }[ResourceCode<M>];
}[ModuleCode];

export const permissionKey = (p: { module: string; resource: string; operation: string }) =>
  `${p.module}.${p.resource}.${p.operation}`;

/** Every permission MODULES defines, in order. */
export const ALL_PERMISSIONS: Permission[] = Object.entries(MODULES).flatMap(([module, resources]) =>
  Object.entries(resources).flatMap(([resource, operations]) =>
    (operations as readonly string[]).map((operation) => ({ module, resource, operation }) as Permission),
  ),
);

/** Role codes seeded on every database; `isStaff` roles make `is_admin` true in the user read. */
export const ROLE_CODES = [
  'CUSTOMER',
  'CARRIER_STAFF_BRANCH',
  'CARRIER_STAFF_CORPORATE',
  'CARRIER_ADMIN',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** The corporate office (specification section 3): its staff see every office's records. */
export const CORPORATE_OFFICE_CODE = 'TSX';

export const OfficeSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Office = z.infer<typeof OfficeSchema>;

/** The permission set as the specification keeps it: modules, each with resources, each with operations. */
export const PermissionSetSchema = z.object({
  modules: z.array(
    z.object({
      code: z.string(),
      resources: z.array(z.object({ code: z.string(), operations: z.array(z.object({ code: z.string() })) })),
    }),
  ),
});
export type PermissionSet = z.infer<typeof PermissionSetSchema>;

/** GET authenticate/oauth/users/{id}/auth-data/ (section 3, "auth data kept locally"). */
export const AuthDataSchema = z.object({
  permissions: PermissionSetSchema,
  offices: z.array(OfficeSchema),
  selectedOffice: OfficeSchema.nullable(),
  isCorporateOffice: z.boolean(),
  yardId: z.number().int().nullable(),
});
export type AuthData = z.infer<typeof AuthDataSchema>;

export const SelectOfficeBodySchema = z.object({
  officeId: idSchema(),
});

/** 403 body: the "rejection with a false marker" of section 6, with what was missing. */
export const ForbiddenBodySchema = z.object({
  granted: z.literal(false),
  error: z.object({
    /** MFA_ENROLMENT_REQUIRED: a session that must set up a second factor first (decision 023). */
    code: z.enum(['FORBIDDEN', 'MFA_ENROLMENT_REQUIRED']),
    message: z.string(),
    required: z.object({ module: z.string(), resource: z.string(), operation: z.string() }).optional(),
    /** An API client's refusal: the scope the route needs (decision 025). */
    scope: z.string().optional(),
  }),
});
export type ForbiddenBody = z.infer<typeof ForbiddenBodySchema>;

/** Builds the nested permission set from flat grants (sorted, as MODULES orders them). */
export function toPermissionSet(grants: Iterable<{ module: string; resource: string; operation: string }>) {
  const held = new Set([...grants].map(permissionKey));
  const modules: PermissionSet['modules'] = [];
  for (const [module, resources] of Object.entries(MODULES)) {
    const resourceList: PermissionSet['modules'][number]['resources'] = [];
    for (const [resource, operations] of Object.entries(resources)) {
      const ops = (operations as readonly string[])
        .filter((operation) => held.has(permissionKey({ module, resource, operation })))
        .map((code) => ({ code }));
      if (ops.length) resourceList.push({ code: resource, operations: ops });
    }
    if (resourceList.length) modules.push({ code: module, resources: resourceList });
  }
  return { modules };
}

// hasPermission lives in permission-check.ts, free of zod for the web's shell (route guards, menus).
export { hasPermission } from './permission-check';
