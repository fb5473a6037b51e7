import { expect, type Page, test } from '@playwright/test';
import { startSmtpServer } from '../apps/server/src/test/smtp';
import {
  DEMO,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  SMTP_PORT,
  signInAs,
} from './fixtures';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => smtp.close());

const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('lading.session') ?? '{}') as { accessToken: string }).accessToken,
  );

const unreadIn = (label: string | null) => {
  const match = /Notifications, (none|\d+) unread/.exec(label ?? '');
  if (!match) throw new Error(`unexpected bell label: ${label}`);
  return match[1] === 'none' ? 0 : Number(match[1]);
};

/**
 * The bell, live: the customer turns off the e-mail copy of "Bill of lading approved" on the profile and keeps the
 * profile open; the carrier approves and then returns one of their draft bills (its status ends where it began,
 * DRAFT, so specs that count bills are not affected); the open page's bell shows both within 10 seconds without a
 * reload, but only the return is e-mailed. At 390 px: the bell's dialog fits and traps focus; mark one read, follow
 * the other's link.
 */
test('the customer’s bell shows the carrier’s return live, e-mails what is wanted, fits a phone and leads to the bill', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins (argon2) on a shared two-core machine: more than the default 30 s at times.
  test.setTimeout(60_000);
  await signInAs(page, DEMO.customer);
  await expect(page).toHaveURL(/\/app-dashboard/);

  // E-mail copies: one kind off, by keyboard; it stays off after a reload.
  await page.goto('/app-profile');
  const approvedMail = page.getByRole('switch', { name: 'Bill of lading approved' });
  await expect(approvedMail).toBeChecked();
  await approvedMail.focus();
  await page.keyboard.press('Space');
  await expect(approvedMail).not.toBeChecked();
  await page.getByRole('button', { name: 'Save e-mail preferences' }).press('Enter');
  await expectToast(page, 'E-mail preferences saved');
  await page.reload();
  await expect(approvedMail).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Bill of lading returned with a comment' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);

  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toBeVisible();
  const before = unreadIn(await bell.getAttribute('aria-label'));

  // One of the customer's draft bills (their own list, as the API gives it).
  const customerToken = await tokenOf(page);
  const list = await request.get('/cp/bill-of-ladings/?status=DRAFT&limit=100', {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  const drafts = (await list.json()).results as { id: number; number: string }[];
  const bill = drafts.at(-1)!;

  // The carrier, in a browser of its own, approves and then returns it with a comment.
  const carrier = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const carrierPage = await carrier.newPage();
  await signInAs(carrierPage, DEMO.admin);
  await expect(carrierPage).toHaveURL(/\/app-dashboard-admin/);
  const staff = { authorization: `Bearer ${await tokenOf(carrierPage)}` };
  const version = async () =>
    (await (await request.get(`/cp/bill-of-ladings/${bill.id}`, { headers: staff })).json())
      .version as number;
  const approve = await request.post(`/cp/bill-of-ladings/${bill.id}/approve/`, {
    headers: staff,
    data: { version: await version() },
  });
  expect(approve.status()).toBe(200);
  const comment = 'Please add the consignee’s tax id.';
  const returned = await request.post(`/cp/bill-of-ladings/${bill.id}/return/`, {
    headers: staff,
    data: { version: await version(), comment },
  });
  expect(returned.status()).toBe(200);
  await carrier.close();

  // No reload: the open page's bell counts both within 10 s.
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${before + 2} unread`, {
    timeout: 10_000,
  });
  await expect(page.getByTestId('notification-badge').locator('.mantine-Indicator-indicator')).toHaveText(
    before + 2 > 9 ? '9+' : String(before + 2),
  );

  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  const items = dialog.getByRole('listitem');
  await expect(items.first()).toContainText(`Bill of lading ${bill.number} returned`);
  await expect(items.first()).toContainText(comment);
  // When, in the portal's date format (specification section 9: dd/MM/YYYY), with the time.
  await expect(items.first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(items.nth(1)).toContainText(`Bill of lading ${bill.number} approved`);
  await expectNoSeriousAxeViolations(page);

  // Only the return was e-mailed: the approval's copy is off (mail leaves in the events' order).
  const mailFor = (subject: string) => (m: { to: string[]; subject: string }) =>
    m.to.includes(DEMO.customer) && m.subject === subject;
  await smtp.waitFor(mailFor(`Bill of lading ${bill.number} returned with comment`));
  expect(smtp.messages.filter(mailFor(`Bill of lading ${bill.number} approved`))).toEqual([]);
  // Back on, so later specs see the demo customer as seeded.
  const restored = await request.put('/cp/notifications/preferences/', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { preferences: [{ kind: 'BL_APPROVED', email: true }] },
  });
  expect(restored.status()).toBe(200);

  // On a phone: Escape closes the dialog; opened again by keyboard it fits 390 px and keeps focus inside.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();
  await page.setViewportSize({ width: 390, height: 844 });
  await bell.press('Enter');
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await expectNoSidewaysScroll(page);
  await expect(items.first()).toBeInViewport();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  await items
    .first()
    .getByRole('button', { name: /^Mark read: / })
    .click();
  await expect(bell).toHaveAttribute(
    'aria-label',
    before + 1 === 0 ? 'Notifications, none unread' : `Notifications, ${before + 1} unread`,
  );
  await expect(items.first().getByRole('button', { name: /^Mark/ })).toHaveCount(0);

  // Following a notice marks it read and opens the record.
  await items.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/bl_view/${bill.id}$`));
  await expect(dialog).toBeHidden();
  await expect(bell).toHaveAttribute(
    'aria-label',
    before === 0 ? 'Notifications, none unread' : `Notifications, ${before} unread`,
  );
  await expect(bell).toBeFocused();
});
