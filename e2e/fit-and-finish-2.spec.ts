import AxeBuilder from '@axe-core/playwright';
import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import type { Locator, Page } from '@playwright/test';
import {
  BASE_URL,
  expect,
  expectBillForm,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  test,
  typedDate,
} from './fixtures';
import { linkIn, mailsMatching, waitForMail } from './mailbox';
import {
  Api,
  bookingFor,
  draftBillFor,
  enterAs,
  freshContainerNumber,
  newCompany,
  type Person,
  returnBill,
  signUp,
  submitBill,
  uniqueTag,
} from './records';

/**
 * Issue 28, "Fit and finish, round two": items 7 (container numbers as written on papers), 9 (the VGM warning in
 * words, the value whole), 10 (the verification link), 12 (accessibility: the status filter's clear button, toast
 * contrast, the password toggle, a pending member's rate enquiry) and 13 (the review diff's numbers), each at 1440
 * and 390 px with axe on the screen.
 */

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Opens a staff screen at each width: the test's administrator signs in on the first visit (each sign-in spends one of
 * their authenticator's codes, decision 023); the page keeps the session for the next.
 */
async function openAsStaff(page: Page, staff: Person, path: string, first: boolean) {
  if (first) await enterAs(page, staff, path);
  else await page.goto(path);
}

// axe takes seconds per screen on a busy machine, and each test checks two widths.
test.describe.configure({ timeout: 120_000 });

/** The input shows its whole value: nothing scrolls inside it. */
async function expectWholeValue(input: Locator) {
  await expect
    .poll(() => input.evaluate((element: HTMLInputElement) => element.scrollWidth - element.clientWidth))
    .toBeLessThanOrEqual(0);
}

test('item 7: a container number pasted as on papers ("LDSU 123456-7") keeps its check digit', async ({
  page,
  customer,
  staff,
}) => {
  for (const [index, { width, height }] of WIDTHS.entries()) {
    const booking = await bookingFor(customer);
    await page.setViewportSize({ width, height });
    await openAsStaff(page, staff, `/app-dashboard-admin/bookings-to-confirm/${booking.id}`, index === 0);
    await expect(page.getByRole('heading', { name: `Booking ${booking.number}` })).toBeVisible();
    const { valid } = freshContainerNumber();
    const written = `${valid.slice(0, 4)} ${valid.slice(4, 10)}-${valid.slice(10)}`;
    const input = page.getByRole('textbox', { name: /^Container number 1/ });
    await input.focus();
    // As a paste: the text arrives at once, and the input's maxlength cuts what it does not take.
    await page.keyboard.insertText(written);
    await expect(input).toHaveValue(valid);
    await expect(page.getByTestId('container-check-0')).toHaveText('Check digit OK');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  }
});

test('item 9: the VGM warning on the bill’s edit screen is in words, and the VGM shows whole', async ({
  page,
  customer,
  carrier,
}) => {
  const { bill, containers } = await draftBillFor(customer, carrier);
  // Cargo gross 17,800 kg + tare 2,200 kg: 20,000 kg expected.
  const draft = await returnBill(
    carrier,
    await submitBill(customer, bill, { containers: [{ gross: 17_800 }] }),
  );
  const number = containers[0]!;
  const warning = 'VGM differs from cargo gross + tare (20,000.00 kg) by more than 5 %.';
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await enterAs(page, customer, `/bl_view/${draft.id}`);
    await expectBillForm(page, draft.number);
    const vgm =
      name === 'desktop'
        ? page.getByLabel(`VGM (kg), container ${number}`)
        : page.getByTestId('container-card').filter({ hasText: number }).getByLabel('VGM (kg)');
    await vgm.fill('99999.99');
    await vgm.blur();
    await expect(vgm).toHaveValue('99,999.99');
    await expectWholeValue(vgm);
    const text = page.getByRole('status').filter({ hasText: warning });
    await expect(text).toBeVisible();
    await expect(text).toContainText(name === 'desktop' ? `⚠ ${number}: ${warning}` : `⚠ ${warning}`);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  }
});

/** axe on the visible toast alone, once it has faded in; the pointer rests on it so it stays while axe reads it. */
async function expectToastPassesAxe(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await toast.hover();
  await expect
    .poll(() => toast.evaluate((element) => Number(getComputedStyle(element.parentElement!).opacity)))
    .toBe(1);
  const results = await new AxeBuilder({ page }).include('.mantine-Notification-root').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('items 9 and 12: the VGM screen’s warning is in words with the mass whole; its toast’s text is AA', async ({
  page,
  customer,
  carrier,
}) => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (const { width, height } of WIDTHS) {
    const { bill, containers } = await draftBillFor(customer, carrier);
    await submitBill(customer, bill, { containers: [{ gross: 17_800 }] });
    await page.setViewportSize({ width, height });
    await enterAs(page, customer, `/app-dashboard/app-vgm/${bill.bookingId}`);
    const form = page.getByRole('form', { name: containers[0] });
    await form.getByLabel(/^SM1/).check();
    const mass = form.getByLabel(/^Verified gross mass/);
    await mass.fill('99999.99');
    await mass.blur();
    await expect(mass).toHaveValue('99,999.99');
    await expectWholeValue(mass);
    await expect(form.getByRole('status')).toContainText(
      'The VGM (99,999.99 kg) is 400.00 % above cargo gross + tare (20,000.00 kg)',
    );
    await form.getByRole('textbox', { name: /^Weighing date/ }).fill(typedDate(yesterday));
    await form.getByLabel(/^Weighing party/).fill('Nhava Sheva CFS weighbridge');
    await form.getByLabel(/^Authorised signatory/).fill('PRIYA SHAH');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Declare VGM' }).click();
    await expectToastPassesAxe(page, `VGM of ${containers[0]} declared`);
  }
});

test('item 12: the BL list’s status filter has a named clear button that clears it', async ({
  page,
  customer,
  carrier,
}) => {
  await draftBillFor(customer, carrier);
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await enterAs(page, customer, '/app-dashboard/bl-list?status=DRAFT');
    await expect(page.getByRole('heading', { name: 'Bills of Lading' })).toBeVisible();
    if (name === 'phone') await page.getByRole('button', { name: /^Filters/ }).click();
    const clear = page.getByRole('button', { name: 'Clear Status' });
    await expect(clear).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await clear.click();
    await expect(page).not.toHaveURL(/status=/);
    await expectNoSidewaysScroll(page);
  }
});

test('item 12: the password’s show/hide button is reached with Tab and works from the keyboard', async ({
  page,
}) => {
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto('/app-login');
    const password = page.getByLabel(/^Password/);
    await password.fill('Harbour-ledger-2026');
    await password.focus();
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Show or hide password' });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await expectNoSeriousAxeViolations(page);
  }
});

test('item 12: a member whose company waits for approval reads why the rate enquiry is not open yet', async ({
  page,
  carrier,
}) => {
  const person = await signUp(BASE_URL, { role: 'customer' });
  const companyName = `Pending Exports ${uniqueTag().toUpperCase()}`;
  const company = await newCompany(carrier, { name: companyName });
  const api = await Api.signIn(BASE_URL, person.email, person.password);
  try {
    // The profile names the company: a membership request the carrier has not decided yet.
    await api.call('PATCH', `/authenticate/oauth/users/${api.userId}/update-cp-users/`, {
      id: api.userId,
      party: company.id,
      country: 'India',
      contact_number: '+912240001000',
      address: '12 Harbour Road, Mumbai 400001',
    });
  } finally {
    await api.dispose();
  }
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await enterAs(page, person, '/app-dashboard/app-rate-enquiry');
    await expect(page.getByRole('heading', { name: 'Rate Enquiry', level: 1 })).toBeVisible();
    const why = page
      .getByRole('status')
      .filter({ hasText: 'Rate enquiries open once your company membership' });
    await expect(why).toContainText(
      `Your membership of ${companyName} is waiting for the carrier’s approval`,
    );
    await expect(why.getByRole('link', { name: /company request on your profile/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get price' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  }
});

test('item 10: a second sign-up keeps the first link good; a malformed link reads "This link is not valid"', async ({
  page,
}) => {
  const email = `e2e.verify.${uniqueTag()}@example.com`;
  const body = {
    username: email,
    email,
    password: 'Harbour-ledger-2026',
    first_name: 'Meera',
    last_name: 'Twice',
    party: null,
  };
  for (let i = 0; i < 2; i++) {
    const created = await page.request.post('/authenticate/oauth/users/create-cp-users/', { data: body });
    expect(created.status()).toBe(201);
  }
  await waitForMail(
    () => mailsMatching((m) => m.to.includes(email) && m.subject.includes('Verify')).length >= 2,
  );
  const [first, second] = mailsMatching((m) => m.to.includes(email) && m.subject.includes('Verify')).map(
    (mail) => linkIn(mail, '/app-verify-email'),
  );
  // The page's outcome (the app's live region for route changes is a status too).
  const outcome = page.locator('.mantine-Alert-root[role="status"]');
  await page.goto(`${first!.pathname}${first!.search}`);
  await expect(outcome).toHaveText(ACCOUNT_MESSAGES.emailVerified);
  await page.goto(`${second!.pathname}${second!.search}`);
  await expect(outcome).toHaveText(ACCOUNT_MESSAGES.emailAlreadyVerified);

  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    // Cut short when copied from the mail.
    await page.goto(`/app-verify-email?token=${first!.searchParams.get('token')!.slice(0, 20)}`);
    await expect(outcome).toHaveText(ACCOUNT_MESSAGES.linkMalformed);
    await expect(outcome).toContainText('This link is not valid');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  }
});

test('item 13: the review comparison shows weights as the edit screen does (9,800.46)', async ({
  page,
  customer,
  carrier,
  staff,
}) => {
  const { bill } = await draftBillFor(customer, carrier);
  const submitted = await submitBill(customer, bill, { containers: [{ gross: 9800.46, packages: 1200 }] });
  for (const [index, { name, width, height }] of WIDTHS.entries()) {
    await page.setViewportSize({ width, height });
    await openAsStaff(page, staff, `/app-dashboard-admin/bl-review/${submitted.id}`, index === 0);
    const comparison = page.getByRole('table', { name: /Side by side/ });
    const gross = comparison.getByRole('row', { name: /^Container 1 · Cargo gross weight \(KG\)/ });
    await expect(gross).toContainText('9,800.46');
    await expect(gross).not.toContainText('9800.46');
    await expect(comparison.getByRole('row', { name: /^Container 1 · VGM \(kg\)/ })).toContainText(
      '12,000.46',
    );
    await expect(comparison.getByRole('row', { name: /^Container 1 · No of packages/ })).toContainText(
      '1,200',
    );
    // On a phone the comparison's layout (a scroll region axe wants focusable) is item 11's, checked with it.
    if (name === 'desktop') await expectNoSeriousAxeViolations(page);
  }
});
