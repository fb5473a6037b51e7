import type { Browser, Page } from '@playwright/test';
import {
  api,
  BASE_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  pick,
  signInAs,
  test,
} from './fixtures';
import { enterAs, newCompany, signUp, uniqueTag } from './records';

// The admin workspace with data of its own: a new customer asks for a new company, the administrator approves the
// request, deactivates the customer (who then cannot sign in) and finds both in the audit trail; a branch office is
// edited. On the way, the server's refusals show where they belong: a company's status while its request waits (409
// on status), the administrator's own role (400 on roles), a port another office serves (409 on the port); an office
// is saved; an office and a company are saved by someone else while their form is open (412: said in the form,
// entries kept, reload). The customer, the companies and the branch office are made by each try of each test (a
// retry starts afresh), and every list, filter and count checked is narrowed to them: other specs running beside
// these create companies, users, memberships, offices and audit entries of their own. An administrator made for the
// test acts (staff sign in with their own authenticator app, decision 023); nothing of the seeded records changes.
// Each test walks many screens with axe checks on a two-core machine that other runs share.
test.describe.configure({ timeout: 120_000 });

const password = 'harbour lights at dusk';

/** A verified customer of the test's own, signed in once to ask for a new company (pending approval). */
async function customerWithCompanyRequest(
  browser: Browser,
  { email, company }: { email: string; company: string },
) {
  await signUp(BASE_URL, { email, password, firstName: 'Wren', lastName: 'Workspace' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, { email, password }, '/app-profile');
  await expect(page).toHaveURL(/\/app-profile$/);
  const status = await page.evaluate(async (name) => {
    const session = JSON.parse(window.localStorage.getItem('lading.session')!) as { accessToken: string };
    const response = await fetch('/cp/companies/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ name, address: '9 Wharf Road, Kochi', country: 'India', taxId: 'WS-2026-1' }),
    });
    return response.status;
  }, company);
  expect(status).toBe(201);
  return { context, page };
}

/** Opens a workspace screen from the header's Workspace menu with the keyboard. */
async function openFromWorkspaceMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Workspace', exact: true }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: label });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
}

test('the administrator approves a company request, deactivates a user and filters the audit trail', async ({
  page,
  browser,
  carrier,
  staff,
}) => {
  const tag = uniqueTag();
  const email = `e2e.workspace.${tag}@example.com`;
  const company = `Workspace Spec Traders ${tag}`;
  const customer = await customerWithCompanyRequest(browser, { email, company });
  // The request's id, to find its approval in the audit trail.
  const pending = await carrier.call<{ results: { id: number; user: { email: string } }[] }>(
    'GET',
    '/cp/company-memberships/?status=PENDING&limit=100',
  );
  const membershipId = String(pending.results.find((m) => m.user.email === email)!.id);

  await enterAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);

  // Companies: the requested company waits for approval, so its status is decided in Company requests (409).
  await openFromWorkspaceMenu(page, 'Companies');
  await page.getByLabel('Name or code').fill(company);
  await page.getByRole('button', { name: `Edit ${company}` }).click();
  const companyDialog = page.getByRole('dialog', { name: `Edit ${company}` });
  await companyDialog.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'Approved (APPR)' }).click();
  await companyDialog.getByRole('button', { name: 'Save company' }).click();
  await expect(companyDialog.getByText(/a membership request for this company is pending/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Company requests: the spec's request among the pending ones, oldest first; approve it.
  await openFromWorkspaceMenu(page, 'Company requests');
  await expect(page).toHaveURL(/\/app-dashboard-admin\/company-requests$/);
  await expect(page.getByText(company)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // By keyboard: Approve asks first (issue 28 item 1), its dialog starts on Cancel; confirmed, the request leaves
  // the list, and the focus goes to the list's count, not to the top of the page.
  await page.getByRole('button', { name: `Approve ${email} for ${company}` }).focus();
  await page.keyboard.press('Enter');
  const approveAsk = page.getByRole('dialog', { name: `Approve ${email} for ${company}?` });
  await expect(approveAsk).toContainText(
    `The new company ${company} is approved and made active, and Wren Workspace becomes its member.`,
  );
  await expect(approveAsk.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(approveAsk.getByRole('button', { name: 'Approve request' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, `${email} is now a member of ${company}`);
  await expect(page.getByText(company)).toHaveCount(0);
  await expect(page.getByText(/ waiting, oldest first$|^No request is waiting/)).toBeFocused();

  // Users: find the customer, deactivate them.
  await openFromWorkspaceMenu(page, 'Users');
  await expect(page).toHaveURL(/\/app-dashboard-admin\/users$/);
  await page.getByLabel('E-mail or name').fill(email);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await expect(page.getByText(`${company}`)).toBeVisible();
  await page.getByRole('button', { name: `Manage ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Wren Workspace' });
  await dialog.getByRole('button', { name: 'Deactivate user' }).click();
  // Asks first, on top of the user's dialog: Escape closes the question only.
  const deactivateAsk = page.getByRole('dialog', { name: `Deactivate ${email}?` });
  await expect(deactivateAsk).toContainText('Their sessions end at once and they can no longer sign in');
  await page.keyboard.press('Escape');
  await expect(deactivateAsk).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Deactivate user' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Deactivate user' }).click();
  await deactivateAsk.getByRole('button', { name: 'Deactivate user' }).click();
  await expectToast(page, 'User deactivated: their sessions have ended');
  await expect(dialog.getByRole('button', { name: 'Activate user' })).toBeVisible();
  // axe measures a fading toast's text against its half-transparent self: check once it has gone.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('status-badge').filter({ hasText: 'Deactivated' })).toBeVisible();

  // The deactivated customer's open session is over, and signing in again is refused.
  await customer.page.reload();
  await expect(customer.page).toHaveURL(/\/app-login/);
  await signInAs(customer.page, email, password);
  // Section 8: a failed login says "Invalid credentials", whatever the step.
  await expectToast(customer.page, 'Invalid credentials');
  await expect(customer.page).toHaveURL(/\/app-login/);
  await customer.context.close();

  // Audit trail: the approval of the request and the deactivation by the administrator. The record type and id keep
  // each count to this test's own record (the administrator approves and deactivates for other specs too).
  const users = await api<{ results: { id: number }[] }>(
    page,
    'GET',
    `/cp/admin/users/?search=${encodeURIComponent(email)}`,
  );
  const customerId = String(users.results[0]!.id);
  await openFromWorkspaceMenu(page, 'Audit trail');
  await expect(page).toHaveURL(/\/app-dashboard-admin\/audit$/);
  await page.getByLabel('User (e-mail or name)').fill(staff.email);
  await page.getByRole('combobox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'Company membership', exact: true }).click();
  await page.getByLabel('Record id').fill(membershipId);
  // The unfiltered trail may already show the approval: wait for the filtered answer before looking for it.
  const approvals = page.waitForResponse(
    (response) =>
      response.url().includes('/cp/admin/audit-events/') &&
      response.url().includes('action=APPROVED') &&
      decodeURIComponent(response.url()).includes(`user=${staff.email}`) &&
      response.url().includes(`record_id=${membershipId}`),
  );
  await page.getByRole('textbox', { name: 'Action' }).fill('APPROVED');
  expect((await approvals).status()).toBe(200);
  await expect(page.getByText('1 entry, newest first')).toBeVisible();
  await expect(page.getByText(`Company membership #${membershipId}`, { exact: true })).toBeVisible();
  await expect(page.getByText('APPROVED (PENDING → APPROVED)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Action' }).fill('DEACTIVATED');
  await page.getByRole('combobox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await page.getByLabel('Record id').fill(customerId);
  await expect(page.getByText('1 entry, newest first')).toBeVisible();
  await expect(page.getByText(`${staff.firstName} ${staff.lastName} (${staff.email})`)).toBeVisible();
  await expect(page.getByText('DEACTIVATED (ACTIVE → INACTIVE)')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('saves refused in their forms: a company saved by someone else meanwhile (412), the administrator’s own role (400)', async ({
  page,
  carrier,
  staff,
}) => {
  // An approved company of the test's own.
  const tag = uniqueTag();
  const company = `Workspace Spec Shippers ${tag}`;
  await newCompany(carrier, {
    name: company,
    codePrefix: 'WS',
    address: '9 Wharf Road, Kochi',
    taxId: 'WS-2026-1',
  });
  await enterAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);

  // An approved company saved by someone else while its form is open: the save is refused (412) in the form, which
  // keeps what was typed; reloading shows their version.
  await openFromWorkspaceMenu(page, 'Companies');
  await page.getByLabel('Name or code').fill(company);
  await page.getByRole('button', { name: `Edit ${company}` }).click();
  const companyDialog = page.getByRole('dialog', { name: `Edit ${company}` });
  const taxId = companyDialog.getByRole('textbox', { name: /^Tax or registration number/ });
  await taxId.fill('WS-MINE');
  const otherCompanySave = await page.evaluate(async (name) => {
    const { accessToken } = JSON.parse(window.localStorage.getItem('lading.session')!) as {
      accessToken: string;
    };
    const authorization = `Bearer ${accessToken}`;
    const found = (await (
      await fetch(`/cp/admin/companies/?search=${encodeURIComponent(name)}`, { headers: { authorization } })
    ).json()) as { results: Record<string, unknown>[] };
    const { id, version, code, roles, status, isActive, address, countryCode, mobile, emailId } =
      found.results[0]!;
    const response = await fetch(`/cp/admin/companies/${id}/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization, 'if-match': `W/"${version}"` },
      body: JSON.stringify({
        code,
        name,
        roles,
        status,
        isActive,
        address,
        countryCode,
        mobile,
        emailId,
        taxId: 'WS-THEIRS',
      }),
    });
    return response.status;
  }, company);
  expect(otherCompanySave).toBe(200);
  await companyDialog.getByRole('button', { name: 'Save company' }).click();
  const companyRefusal = companyDialog.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(companyRefusal).toContainText('This company was changed by someone else since you opened it.');
  await expect(taxId).toHaveValue('WS-MINE');
  await companyRefusal.getByRole('button', { name: 'Reload companies' }).click();
  await expect(companyDialog).toBeHidden();
  await page.getByRole('button', { name: `Edit ${company}` }).click();
  await expect(taxId).toHaveValue('WS-THEIRS');
  await page.keyboard.press('Escape');
  await expect(companyDialog).toBeHidden();

  await openFromWorkspaceMenu(page, 'Users');
  await expect(page).toHaveURL(/\/app-dashboard-admin\/users$/);
  // The administrator cannot drop their own administrator role: the server's 400 shows under the roles.
  await page.getByLabel('E-mail or name').fill(staff.email);
  await page.getByRole('button', { name: `Manage ${staff.email}` }).click();
  const self = page.getByRole('dialog', { name: `${staff.firstName} ${staff.lastName}` });
  await self.getByRole('checkbox', { name: 'Carrier administrator' }).uncheck();
  await self.getByRole('checkbox', { name: 'Carrier staff (corporate)' }).check();
  await self.getByRole('button', { name: 'Save roles' }).click();
  await expect(self.getByText('You cannot remove your own administrator role')).toBeVisible();
  await page.keyboard.press('Escape');
});

test('offices: a port another office serves is refused, a save goes through, a save over someone else’s is refused', async ({
  page,
  carrier,
  staff,
}) => {
  // A branch office of the test's own (no port yet), which the test edits instead of a seeded one.
  const tag = uniqueTag();
  const officeCode = `W${tag.slice(-9).toUpperCase()}`;
  const originalName = `Workspace Branch ${tag}`;
  await carrier.call('POST', '/cp/admin/offices/', { code: officeCode, name: originalName, portId: null });
  await enterAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);

  // Offices: the port the corporate office serves cannot go to the branch too (409 on the port, nothing saved).
  await openFromWorkspaceMenu(page, 'Offices');
  await expect(page).toHaveURL(/\/app-dashboard-admin\/offices$/);
  await page.getByRole('button', { name: `Edit office ${officeCode}` }).click();
  const office = page.getByRole('dialog', { name: `Edit office ${officeCode}` });
  await pick(page, /^Port served/, 'INNSA', /\(INNSA\)/);
  await office.getByRole('button', { name: 'Save office' }).click();
  await expect(office.getByText('another office serves this port')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await office.getByRole('button', { name: 'Cancel' }).click();
  await expect(office).toBeHidden();

  // A save that goes through: the branch's new name is in the list.
  const officeName = office.getByRole('textbox', { name: /^Office name/ });
  await page.getByRole('button', { name: `Edit office ${officeCode}` }).click();
  await expect(officeName).toHaveValue(originalName);
  const renamed = `${originalName} renamed`;
  await officeName.fill(renamed);
  await office.getByRole('button', { name: 'Save office' }).click();
  await expectToast(page, `Office ${officeCode} saved`);
  await expect(office).toBeHidden();
  await expect(page.getByText(`${officeCode} · ${renamed}`)).toBeVisible();

  // Someone else saves the office (back to its first name) while the form is open: the save is refused (412), the
  // form says so and keeps what was typed; reloading shows their version, which the form then opens with.
  await page.getByRole('button', { name: `Edit office ${officeCode}` }).click();
  await officeName.fill(`${renamed} again`);
  const otherSave = await page.evaluate(
    async ({ code, name }) => {
      const { accessToken } = JSON.parse(window.localStorage.getItem('lading.session')!) as {
        accessToken: string;
      };
      const authorization = `Bearer ${accessToken}`;
      const offices = (await (await fetch('/cp/admin/offices/', { headers: { authorization } })).json()) as {
        results: { id: number; code: string; port: { id: number } | null; version: number }[];
      };
      const branch = offices.results.find((item) => item.code === code)!;
      const response = await fetch(`/cp/admin/offices/${branch.id}/`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization, 'if-match': `W/"${branch.version}"` },
        body: JSON.stringify({ code, name, portId: branch.port?.id ?? null }),
      });
      return response.status;
    },
    { code: officeCode, name: originalName },
  );
  expect(otherSave).toBe(200);
  await office.getByRole('button', { name: 'Save office' }).click();
  const refusal = office.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(refusal).toContainText('This office was changed by someone else since you opened it.');
  await expect(officeName).toHaveValue(`${renamed} again`);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousAxeViolations(page);
  await refusal.getByRole('button', { name: 'Reload offices' }).click();
  await expect(office).toBeHidden();
  await expect(page.getByText(`${officeCode} · ${originalName}`)).toBeVisible();
  await page.getByRole('button', { name: `Edit office ${officeCode}` }).click();
  await expect(officeName).toHaveValue(originalName);
  await office.getByRole('button', { name: 'Cancel' }).click();
  await expect(office).toBeHidden();
});

test('on a phone: the menu drawer leads to the workspace, whose screens fit, and the audit trail’s filters fold into a drawer', async ({
  page,
  carrier,
  customer,
  staff,
}) => {
  // A customer of the test's own, deactivated by the administrator: the user and the audit entry the filters find.
  await carrier.call('PUT', `/cp/admin/users/${customer.api.userId}/active/`, { isActive: false });
  const customerId = String(customer.api.userId);
  // On a phone (390 px): the menu drawer lists the workspace; the screens fit without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await enterAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  // The menu (loaded on the first press) gives the focus back to its button when closed by keyboard.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/app-dashboard-admin\/users$/);
  await page.getByLabel('E-mail or name').fill(customer.email);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);

  // The audit trail's six filters fold into a drawer on a phone, behind a Filters button that counts those in use.
  await page.goto('/app-dashboard-admin/audit');
  await expect(page.getByRole('textbox', { name: 'Action' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter the audit trail' });
  await filters.getByRole('textbox', { name: 'Action' }).fill('DEACTIVATED');
  // The worker's carrier administrator deactivated the customer.
  await filters.getByLabel('User (e-mail or name)').fill(carrier.email);
  await filters.getByRole('combobox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await filters.getByLabel('Record id').fill(customerId);
  await expectNoSeriousAxeViolations(page);
  await filters.getByRole('button', { name: 'Show 1 entry' }).click();
  await expect(filters).toBeHidden();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('4');
  await expect(page.getByText('1 entry, newest first')).toBeVisible();
  await expect(page.getByText('DEACTIVATED (ACTIVE → INACTIVE)')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);

  // A refused filter (400) is said, with the field's label, where the phone user reads it: outside the drawer.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await filters.getByRole('textbox', { name: 'From', exact: true }).fill('31/12/2026');
  await filters.getByRole('textbox', { name: 'To', exact: true }).fill('01/01/2026');
  await expect(filters.getByText('must not be before from')).toBeVisible();
  await filters.getByRole('button', { name: /^Show / }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These filters cannot be used' })).toContainText(
    'To: must not be before from',
  );
  // Checked once the drawer has faded out (axe reads its title and labels at part opacity as low contrast).
  await expect(filters).toBeHidden();
  await expectNoSeriousAxeViolations(page);
});
