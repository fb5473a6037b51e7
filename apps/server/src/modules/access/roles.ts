import { ALL_PERMISSIONS, type Permission, type RoleCode } from '@lading/contract/access';

type Grants = { [M in Permission['module']]?: { [resource: string]: readonly string[] } };

const flatten = (grants: Grants): Permission[] =>
  Object.entries(grants).flatMap(([module, resources]) =>
    Object.entries(resources ?? {}).flatMap(([resource, operations]) =>
      operations.map((operation) => ({ module, resource, operation }) as Permission),
    ),
  );

/** What every member of carrier staff holds: the customer-portal screens to look at, and the BL review desk. */
const STAFF: Grants = {
  CP: {
    BL: ['VIEW', 'PRINT', 'MAIL'],
    BOOKING: ['VIEW'],
    QUOTATION: ['VIEW'],
    PROFILE: ['VIEW'],
    NOTIFICATION: ['VIEW', 'EDIT'],
    SCHEDULE: ['VIEW'],
    // The shipper declares the VGM; staff read the declarations of their scope (decision 014).
    VGM: ['VIEW'],
    TRACKING: ['VIEW'],
  },
  ADMIN: {
    DASHBOARD: ['VIEW'],
    BL_REVIEW: ['VIEW', 'APPROVE', 'RETURN', 'ISSUE'],
    BOOKING: ['VIEW', 'CONFIRM', 'REJECT'],
    QUOTATION: ['VIEW', 'PRICE'],
    TARIFF: ['VIEW'],
    COMPANY: ['VIEW', 'APPROVE'],
    AUDIT: ['VIEW'],
    VESSEL: ['VIEW'],
    SERVICE: ['VIEW'],
    // A branch delays, omits and records the calls at its own port (the scope of a transport call).
    VOYAGE: ['VIEW', 'EDIT'],
    // A branch records the container moves at its port and of its bookings (issue 30).
    EQUIPMENT_EVENT: ['CREATE'],
  },
};

/**
 * The seeded roles and their grants. The code is the source of truth: `seedAccessModel` brings the tables in line
 * with it at every start-up (adds what is new, removes what was dropped). Scope (whose records) is not a grant: it
 * comes from the user's kind and selected office (lib/principal.ts).
 */
export const ROLE_DEFINITIONS: Record<RoleCode, { name: string; isStaff: boolean; grants: Permission[] }> = {
  CUSTOMER: {
    name: 'Customer',
    isStaff: false,
    grants: flatten({
      CP: {
        BL: ['VIEW', 'EDIT', 'PRINT', 'MAIL'],
        BOOKING: ['VIEW', 'CANCEL'],
        QUOTATION: ['VIEW', 'ACCEPT', 'REJECT'],
        RATE_ENQUIRY: ['VIEW', 'CREATE'],
        PROFILE: ['VIEW', 'EDIT'],
        NOTIFICATION: ['VIEW', 'EDIT'],
        DASHBOARD: ['VIEW'],
        SCHEDULE: ['VIEW'],
        VGM: ['VIEW', 'EDIT'],
        TRACKING: ['VIEW'],
        // Any approved member of a company manages its API clients (decision 025); the service checks the membership.
        API_CLIENT: ['VIEW', 'EDIT'],
      },
    }),
  },
  CARRIER_STAFF_BRANCH: { name: 'Carrier staff (branch)', isStaff: true, grants: flatten(STAFF) },
  CARRIER_STAFF_CORPORATE: {
    name: 'Carrier staff (corporate)',
    isStaff: true,
    grants: [
      ...flatten(STAFF),
      ...flatten({
        ADMIN: {
          TARIFF: ['CREATE', 'EDIT'],
          COMPANY: ['CREATE', 'EDIT'],
          USER: ['VIEW'],
          OFFICE: ['VIEW'],
          VESSEL: ['CREATE', 'EDIT'],
          SERVICE: ['CREATE', 'EDIT'],
          VOYAGE: ['CREATE'],
        },
      }),
    ],
  },
  CARRIER_ADMIN: {
    name: 'Carrier administrator',
    isStaff: true,
    grants: [...flatten({ CP: STAFF.CP }), ...ALL_PERMISSIONS.filter((p) => p.module === 'ADMIN')],
  },
};
