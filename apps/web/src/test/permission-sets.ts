import { type PermissionSet, toPermissionSet } from '@lading/contract/access';
import { type PermissionCode, toPermission } from '../lib/permissions';
import type { Session } from '../lib/session';

/** A permission set holding exactly these permissions, shaped as the auth-data endpoint answers it. */
export const permissionSetOf = (...codes: PermissionCode[]): PermissionSet =>
  toPermissionSet(codes.map(toPermission));

/** What the server grants a customer (apps/server/src/modules/access/roles.ts), written out for the web's tests. */
export const CUSTOMER_PERMISSIONS = permissionSetOf(
  'CP.BL.VIEW',
  'CP.BL.EDIT',
  'CP.BL.PRINT',
  'CP.BL.MAIL',
  'CP.BOOKING.VIEW',
  'CP.BOOKING.CANCEL',
  'CP.QUOTATION.VIEW',
  'CP.QUOTATION.ACCEPT',
  'CP.QUOTATION.REJECT',
  'CP.RATE_ENQUIRY.VIEW',
  'CP.RATE_ENQUIRY.CREATE',
  'CP.PROFILE.VIEW',
  'CP.PROFILE.EDIT',
  'CP.NOTIFICATION.VIEW',
  'CP.NOTIFICATION.EDIT',
  'CP.DASHBOARD.VIEW',
  'CP.SCHEDULE.VIEW',
  'CP.VGM.VIEW',
  'CP.VGM.EDIT',
  'CP.TRACKING.VIEW',
);

/** What every member of carrier staff holds (branch and corporate alike, as far as the screens go). */
export const STAFF_PERMISSIONS = permissionSetOf(
  'CP.BL.VIEW',
  'CP.BL.PRINT',
  'CP.BL.MAIL',
  'CP.BOOKING.VIEW',
  'CP.QUOTATION.VIEW',
  'CP.PROFILE.VIEW',
  'CP.NOTIFICATION.VIEW',
  'CP.NOTIFICATION.EDIT',
  'CP.SCHEDULE.VIEW',
  'CP.VGM.VIEW',
  'ADMIN.DASHBOARD.VIEW',
  'ADMIN.BL_REVIEW.VIEW',
  'ADMIN.BL_REVIEW.APPROVE',
  'ADMIN.BL_REVIEW.RETURN',
  'ADMIN.BL_REVIEW.ISSUE',
  'ADMIN.VESSEL.VIEW',
  'ADMIN.SERVICE.VIEW',
  'ADMIN.VOYAGE.VIEW',
  'ADMIN.VOYAGE.EDIT',
  'CP.TRACKING.VIEW',
  'ADMIN.EQUIPMENT_EVENT.CREATE',
);

/** A signed-in customer-like session holding `permissions`, for a component test's `setSession`. */
export const sessionWith = (permissions: PermissionSet): Session => ({
  accessToken: 'token',
  user: {
    id: 7,
    is_admin: false,
    email: 'c@example.com',
    first_name: 'C',
    last_name: 'D',
    username: 'c@example.com',
    party: null,
    party_name: null,
    party_code: null,
  },
  authData: { permissions, offices: [], selectedOffice: null, isCorporateOffice: false, yardId: null },
});
