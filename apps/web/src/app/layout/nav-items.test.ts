import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';

describe('header menu', () => {
  it('shows Rate Enquiry to customers', () => {
    expect(navItems(false).map((i) => i.label)).toEqual([
      'Dashboard',
      'Rate Enquiry',
      'Quotation List',
      'Bookings',
      'BL',
    ]);
  });
  it('hides Rate Enquiry from admins and sends Dashboard to the admin area', () => {
    const items = navItems(true);
    expect(items.map((i) => i.label)).toEqual(['Dashboard', 'Quotation List', 'Bookings', 'BL']);
    expect(items[0]?.to).toBe('/app-dashboard-admin');
  });
});
