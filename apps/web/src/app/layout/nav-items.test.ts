import { describe, expect, it } from 'vitest';
import { CUSTOMER_PERMISSIONS, permissionSetOf, STAFF_PERMISSIONS } from '../../test/permission-sets';
import { navItems, workspaceItems } from './nav-items';

describe('header menu by permission set', () => {
  it('shows customers every entry, in the specification order, Dashboard to the customer home', () => {
    const items = navItems(CUSTOMER_PERMISSIONS);
    expect(items.map((i) => i.label)).toEqual([
      'Dashboard',
      'Schedules',
      'Rate Enquiry',
      'Quotation List',
      'Bookings',
      'BL',
      'Track',
    ]);
    expect(items[0]?.to).toBe('/app-dashboard');
    expect(items[6]?.to).toBe('/app-dashboard/app-track');
    expect(items[1]?.to).toBe('/app-dashboard/app-schedules');
    expect(items[2]?.to).toBe('/app-dashboard/app-rate-enquiry');
  });
  it('hides Rate Enquiry from carrier staff and sends Dashboard to the admin area', () => {
    const items = navItems(STAFF_PERMISSIONS);
    expect(items.map((i) => i.label)).toEqual([
      'Dashboard',
      'Schedules',
      'Quotation List',
      'Bookings',
      'BL',
      'Track',
    ]);
    expect(items[0]?.to).toBe('/app-dashboard-admin');
  });
  it('shows only what the set holds, keeping the order', () => {
    expect(navItems(permissionSetOf('CP.BL.VIEW', 'CP.QUOTATION.VIEW')).map((i) => i.label)).toEqual([
      'Quotation List',
      'BL',
    ]);
    // A VIEW is needed: other operations on the resource do not show the entry.
    expect(navItems(permissionSetOf('CP.RATE_ENQUIRY.CREATE', 'CP.BOOKING.CANCEL'))).toEqual([]);
  });
  it('shows nothing without a permission set', () => {
    expect(navItems(undefined)).toEqual([]);
    expect(navItems({ modules: [] })).toEqual([]);
  });
});

describe('workspace menu by permission set', () => {
  it('lists the screens a member of staff may open, each by its VIEW permission', () => {
    expect(workspaceItems(CUSTOMER_PERMISSIONS)).toEqual([]);
    expect(
      workspaceItems(permissionSetOf('ADMIN.COMPANY.VIEW', 'ADMIN.AUDIT.VIEW')).map((i) => i.label),
    ).toEqual(['Company requests', 'Companies', 'Audit trail']);
    expect(workspaceItems(permissionSetOf('ADMIN.USER.EDIT', 'ADMIN.TARIFF.VIEW'))).toEqual([
      { label: 'Tariffs', to: '/app-dashboard-admin/tariffs' },
      { label: 'Inland tariffs', to: '/app-dashboard-admin/inland-tariffs' },
    ]);
  });

  it('lists the carrier’s schedule (vessels, services, voyages) after the tariffs, each by its VIEW', () => {
    expect(workspaceItems(STAFF_PERMISSIONS).map((i) => i.label)).toEqual([
      'Vessels',
      'Services',
      'Voyages',
      'Equipment events',
    ]);
    expect(
      workspaceItems(permissionSetOf('ADMIN.TARIFF.VIEW', 'ADMIN.VOYAGE.VIEW', 'ADMIN.AUDIT.VIEW')),
    ).toEqual([
      { label: 'Tariffs', to: '/app-dashboard-admin/tariffs' },
      { label: 'Inland tariffs', to: '/app-dashboard-admin/inland-tariffs' },
      { label: 'Voyages', to: '/app-dashboard-admin/voyages' },
      { label: 'Audit trail', to: '/app-dashboard-admin/audit' },
    ]);
    // Editing voyages is not viewing them.
    expect(workspaceItems(permissionSetOf('ADMIN.VOYAGE.EDIT', 'ADMIN.VESSEL.CREATE'))).toEqual([]);
  });

  it('lists the recording of container moves to those who may record them (there is nothing to view)', () => {
    expect(workspaceItems(permissionSetOf('ADMIN.EQUIPMENT_EVENT.CREATE'))).toEqual([
      { label: 'Equipment events', to: '/app-dashboard-admin/equipment-events' },
    ]);
    expect(workspaceItems(permissionSetOf('CP.TRACKING.VIEW'))).toEqual([]);
  });
});
