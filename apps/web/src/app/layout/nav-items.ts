import type { PermissionSet } from '@lading/contract/access';
import { holds, type PermissionCode } from '../../lib/permissions';

/** The header menu (specification section 2), each entry shown only to users holding its permission. */
export type NavItem = { label: string; to: string };

type MenuEntry = { label: string; choices: readonly { to: string; requires: PermissionCode }[] };

/**
 * Labels and order as the specification lists them. Dashboard leads to the admin dashboard for carrier staff and to
 * the customer dashboard for customers (the first choice the user holds); Rate Enquiry needs CP.RATE_ENQUIRY.VIEW,
 * which staff do not hold, so admins never see it.
 */
const MENU: readonly MenuEntry[] = [
  {
    label: 'Dashboard',
    choices: [
      { to: '/app-dashboard-admin', requires: 'ADMIN.DASHBOARD.VIEW' },
      { to: '/app-dashboard', requires: 'CP.DASHBOARD.VIEW' },
    ],
  },
  // Sailing schedules (issue 26), for customers and staff: where an enquiry usually starts.
  { label: 'Schedules', choices: [{ to: '/app-dashboard/app-schedules', requires: 'CP.SCHEDULE.VIEW' }] },
  {
    label: 'Rate Enquiry',
    choices: [{ to: '/app-dashboard/app-rate-enquiry', requires: 'CP.RATE_ENQUIRY.VIEW' }],
  },
  {
    label: 'Quotation List',
    choices: [{ to: '/app-dashboard/app-active-quotation', requires: 'CP.QUOTATION.VIEW' }],
  },
  { label: 'Bookings', choices: [{ to: '/app-dashboard/app-booking-list', requires: 'CP.BOOKING.VIEW' }] },
  { label: 'BL', choices: [{ to: '/app-dashboard/bl-list', requires: 'CP.BL.VIEW' }] },
  // Track and trace (issue 30), for customers and staff: a container, bill-of-lading or booking number.
  { label: 'Track', choices: [{ to: '/app-dashboard/app-track', requires: 'CP.TRACKING.VIEW' }] },
];

export function navItems(permissions: PermissionSet | null | undefined): NavItem[] {
  return MENU.flatMap(({ label, choices }) => {
    const choice = choices.find(({ requires }) => holds(permissions, requires));
    return choice ? [{ label, to: choice.to }] : [];
  });
}

/**
 * The carrier's admin workspace (issue 13): every screen a member of staff may open, each behind its VIEW
 * permission, in the order work arrives (requests first, the trail last). Tariffs belong to the commercial desk;
 * vessels, services and voyages are the carrier's schedule, equipment events the moves of its containers.
 */
const WORKSPACE: readonly { label: string; to: string; requires: PermissionCode }[] = [
  { label: 'Company requests', to: '/app-dashboard-admin/company-requests', requires: 'ADMIN.COMPANY.VIEW' },
  { label: 'Companies', to: '/app-dashboard-admin/companies', requires: 'ADMIN.COMPANY.VIEW' },
  { label: 'Users', to: '/app-dashboard-admin/users', requires: 'ADMIN.USER.VIEW' },
  { label: 'Offices', to: '/app-dashboard-admin/offices', requires: 'ADMIN.OFFICE.VIEW' },
  { label: 'Tariffs', to: '/app-dashboard-admin/tariffs', requires: 'ADMIN.TARIFF.VIEW' },
  { label: 'Inland tariffs', to: '/app-dashboard-admin/inland-tariffs', requires: 'ADMIN.TARIFF.VIEW' },
  { label: 'Vessels', to: '/app-dashboard-admin/vessels', requires: 'ADMIN.VESSEL.VIEW' },
  { label: 'Services', to: '/app-dashboard-admin/services', requires: 'ADMIN.SERVICE.VIEW' },
  { label: 'Voyages', to: '/app-dashboard-admin/voyages', requires: 'ADMIN.VOYAGE.VIEW' },
  // Recording container moves (issue 30): no list to view, so the permission to record shows it.
  {
    label: 'Equipment events',
    to: '/app-dashboard-admin/equipment-events',
    requires: 'ADMIN.EQUIPMENT_EVENT.CREATE',
  },
  { label: 'Audit trail', to: '/app-dashboard-admin/audit', requires: 'ADMIN.AUDIT.VIEW' },
];

export function workspaceItems(permissions: PermissionSet | null | undefined): NavItem[] {
  return WORKSPACE.filter(({ requires }) => holds(permissions, requires)).map(({ label, to }) => ({
    label,
    to,
  }));
}
