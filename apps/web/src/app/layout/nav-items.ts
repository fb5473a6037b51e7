/** The header menu (specification section 2). Rate Enquiry is for customers only. */
export type NavItem = { label: string; to: string; customersOnly?: boolean };

export function navItems(isAdmin: boolean): NavItem[] {
  const items: NavItem[] = [
    { label: 'Dashboard', to: isAdmin ? '/app-dashboard-admin' : '/app-dashboard' },
    { label: 'Rate Enquiry', to: '/app-dashboard/app-rate-enquiry', customersOnly: true },
    { label: 'Quotation List', to: '/app-dashboard/app-active-quotation' },
    { label: 'Bookings', to: '/app-dashboard/app-booking-list' },
    { label: 'BL', to: '/app-dashboard/bl-list' },
  ];
  return items.filter((item) => !(item.customersOnly && isAdmin));
}
