import type { Page } from '@playwright/test';
import {
  BASE_URL,
  DEMO,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  signInAs,
  test,
} from './fixtures';
import { enterAs, newStaff, signUp, uniqueTag } from './records';

// Permissions, route guards, offices and company requests as each kind of account sees them: the demo customer, and
// members of staff made for the test with the demo staff's roles and offices (staff sign in with their own
// authenticator app, decision 023). The office switcher is worked by a member of corporate staff (TSX and MAA).

// The demo seed (apps/server/src/seed/demo-bills.ts) loads at INMAA, so issues at the Chennai branch (MAA),
// LDG26110008 (customer) and LDG26110009–14 (customer2); LDG26110001–07 load at INNSA/INMUN and are issued by TSX.
const CHENNAI_BILLS = Array.from({ length: 7 }, (_, i) => `LDG261100${String(8 + i).padStart(2, '0')}`);
const OTHER_BILLS = Array.from({ length: 7 }, (_, i) => `LDG2611000${1 + i}`);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The header menu's entries (the brand link "Lading" comes first). */
const menuLinks = (page: Page) => nav(page).getByRole('link');
const officeButton = (page: Page) => page.getByRole('button', { name: /Change office$/ });

/** The seeded Chennai bills, and none of the others (no spec adds a bill loaded at INMAA: all load at INNSA). */
async function expectOnlyChennaiBills(page: Page) {
  await expect(page.getByText(`${CHENNAI_BILLS.length} bills of lading`)).toBeVisible();
  for (const number of CHENNAI_BILLS) {
    await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();
  }
  for (const number of OTHER_BILLS) {
    await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(0);
  }
}

/** The number of bills the list says it holds ("N bills of lading"). */
async function billCount(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ bills? of lading$/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')?.[1]);
}

/** A member of corporate staff who works for TSX and MAA (the switcher's two offices). */
const corporateStaff = (carrier: Parameters<typeof newStaff>[1]) =>
  newStaff(BASE_URL, carrier, { roles: ['CARRIER_STAFF_CORPORATE'], offices: ['TSX', 'MAA'] });

test('a customer sees Dashboard, Schedules, Rate Enquiry, Quotation List, Bookings and BL, and no office', async ({
  page,
}) => {
  await signInAs(page, DEMO.customer);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await expect(menuLinks(page)).toHaveText([
    'Lading',
    'Dashboard',
    'Schedules',
    'Rate Enquiry',
    'Quotation List',
    'Bookings',
    'BL',
    'Track',
  ]);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app-dashboard');
  await expect(officeButton(page)).toHaveCount(0);
  await expect(page.getByText(/^Office:/)).toHaveCount(0);

  // The admin area, typed in the address bar: refused in place, the address kept.
  await page.goto('/app-dashboard-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Not permitted' })).toBeVisible();
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the corporate admin: no Rate Enquiry, and a typed rate-enquiry address shows "Not permitted"', async ({
  page,
  staff,
}) => {
  await signInAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await expect(menuLinks(page)).toHaveText([
    'Lading',
    'Dashboard',
    'Schedules',
    'Quotation List',
    'Bookings',
    'BL',
    'Track',
  ]);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/app-dashboard-admin',
  );
  await expect(officeButton(page)).toContainText('TSX');

  await page.goto('/app-dashboard/app-rate-enquiry');
  await expect(page.getByRole('heading', { level: 1, name: 'Not permitted' })).toBeVisible();
  await expect(page.getByText('Your account has no access to this screen.')).toBeVisible();
  await expect(page).toHaveURL(/\/app-dashboard\/app-rate-enquiry$/);
  await expect(page.getByRole('heading', { name: 'Rate Enquiry' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);

  // The customer home sends staff to their own dashboard.
  await page.goto('/app-dashboard');
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test("staff see bills read-only: View instead of Open, no Submit, and the reviewer's Review link", async ({
  page,
  staff,
}) => {
  await signInAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await page.goto('/app-dashboard/bl-list?blNo=LDG26110001');
  await expect(page.getByRole('link', { name: 'Open LDG26110001' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Review LDG26110001' })).toBeVisible();
  await page.getByRole('link', { name: 'View LDG26110001', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bill Of Lading LDG26110001' })).toBeVisible();
  await expect(page.getByText('Your account can view this bill of lading but not change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByLabel(/^Description of Goods/)).not.toBeEditable();
  await expectNoSeriousAxeViolations(page);
});

test('the branch admin: the same menu, their one office, and only the Chennai bills', async ({
  page,
  carrier,
}) => {
  await signInAs(
    page,
    await newStaff(BASE_URL, carrier, { roles: ['CARRIER_STAFF_BRANCH'], offices: ['MAA'] }),
  );
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await expect(menuLinks(page)).toHaveText([
    'Lading',
    'Dashboard',
    'Schedules',
    'Quotation List',
    'Bookings',
    'BL',
    'Track',
  ]);
  await expect(officeButton(page)).toHaveCount(0);
  await expect(page.getByText('Office: MAA')).toBeVisible();

  await nav(page).getByRole('link', { name: 'BL' }).click();
  await expect(page).toHaveURL(/\/app-dashboard\/bl-list/);
  await expect(page.getByText('Bills issued by Lading Chennai Branch (MAA)')).toBeVisible();
  await expectOnlyChennaiBills(page);
  await expectNoSeriousAxeViolations(page);
});

test.describe('corporate staff switching offices', () => {
  test('Chennai shows only its bills at once; back to TSX shows every office’s', async ({
    page,
    carrier,
  }) => {
    const staff = await corporateStaff(carrier);
    await enterAs(page, staff);
    await expect(page).toHaveURL(/\/app-dashboard-admin$/);
    await nav(page).getByRole('link', { name: 'BL' }).click();
    // Every office's bills: the 14 seeded ones and whatever other specs have added since.
    await expect(page.getByText(/^\d+ bills? of lading$/)).toBeVisible();
    const everyOffice = await billCount(page);
    expect(everyOffice).toBeGreaterThanOrEqual(CHENNAI_BILLS.length + OTHER_BILLS.length);

    await officeButton(page).click();
    await expect(
      page.getByRole('menuitemradio', { name: /Lading Corporate Office, Mumbai \(TSX\)/ }),
    ).toHaveAttribute('aria-checked', 'true');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('menuitemradio', { name: 'Lading Chennai Branch (MAA)' }).click();
    await expectToast(page, 'You are now working as Lading Chennai Branch (MAA).');
    await expect(officeButton(page)).toContainText('MAA');
    await expect(page).toHaveURL(/\/app-dashboard\/bl-list/);
    await expectOnlyChennaiBills(page);

    // The choice is kept with the session: a reload still works as Chennai.
    await page.reload();
    await expect(officeButton(page)).toContainText('MAA');
    await expectOnlyChennaiBills(page);

    // With the keyboard: Enter opens the menu on its first office, arrows move, Enter chooses.
    await officeButton(page).focus();
    await page.keyboard.press('Enter');
    const corporate = page.getByRole('menuitemradio', { name: /\(TSX\)/ });
    const chennai = page.getByRole('menuitemradio', { name: /\(MAA\)/ });
    await expect(corporate).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(chennai).toBeFocused();
    await expect(chennai).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(corporate).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(officeButton(page)).toContainText('TSX');
    await expect.poll(() => billCount(page)).toBeGreaterThanOrEqual(everyOffice);
  });
});

test('a customer requests a new company and sees it pending on the profile', async ({ page }) => {
  // A new customer of their own, so the demo customers keep their companies.
  const { email, password } = await signUp(BASE_URL, {
    email: `e2e.company.${uniqueTag()}@example.com`,
    password: 'ledger of the tides',
    firstName: 'Noor',
    lastName: 'Haddad',
  });

  await signInAs(page, email, password);
  await expect(page).toHaveURL(/\/app-profile$/);
  const update = page.getByRole('dialog', { name: 'Update Profile' });
  await expect(update).toBeVisible();
  await update.getByRole('button', { name: 'Request a new company' }).click();

  const dialog = page.getByRole('dialog', { name: 'Request a new company' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('Please pick a country from the list')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await dialog.getByLabel(/^Company name/).fill('Haddad Reefer Logistics');
  await dialog.getByLabel(/^Address/).fill('Warehouse 9, Jebel Ali Free Zone, Dubai');
  await dialog.getByLabel(/^Country/).fill('united arab');
  await page.getByRole('option', { name: /United Arab Emirates/ }).click();
  await dialog.getByLabel(/^Tax or registration number/).fill('TRN 100234567800003');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectToast(page, 'pending approval');
  await expect(dialog).toBeHidden();

  const companyInfo = page.getByRole('heading', { name: 'Company Info' }).locator('xpath=../..');
  await expect(companyInfo.getByText('Haddad Reefer Logistics')).toBeVisible();
  await expect(companyInfo.getByText('Pending approval')).toBeVisible();
  await expect(companyInfo.getByText(/company details appear here once the carrier approves/)).toBeVisible();
  await expect(companyInfo.getByText('Company code')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // It stays pending after a reload (the server says so, not just this page).
  await page.reload();
  await expect(page.getByText('Pending approval', { exact: true })).toBeVisible();
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the office switcher fits the header and works', async ({ page, carrier }) => {
    await enterAs(page, await corporateStaff(carrier));
    await expect(page).toHaveURL(/\/app-dashboard-admin$/);
    await expect(officeButton(page)).toBeVisible();
    await officeButton(page).click();
    await page.getByRole('menuitemradio', { name: 'Lading Chennai Branch (MAA)' }).click();
    await expect(officeButton(page)).toContainText('MAA');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'BL' }).click();
    await expectOnlyChennaiBills(page);

    await page.goto('/app-dashboard/app-rate-enquiry');
    await expect(page.getByRole('heading', { level: 1, name: 'Not permitted' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
