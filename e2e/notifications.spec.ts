import type { NotificationListResponse } from '@lading/contract/notifications';
import { expect, expectNoSeriousAxeViolations, expectNoSidewaysScroll, expectToast, test } from './fixtures';
import { mailsMatching, waitForMail } from './mailbox';
import { draftBillFor, enterAs } from './records';

/** The bell's label for this many unread notices. */
const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

/**
 * The bell, live: a new customer with a draft bill of their own turns off the e-mail copy of "Bill of lading
 * approved" on the profile and keeps the profile open; the carrier approves and then returns the bill; the open
 * page's bell shows both within 10 seconds without a reload, but only the return is e-mailed. At 390 px: the bell's
 * dialog fits and traps focus; mark one read, follow the other's link.
 */
test('the customer’s bell shows the carrier’s return live, e-mails what is wanted, fits a phone and leads to the bill', async ({
  page,
  customer,
  carrier,
}) => {
  // A customer, a booking confirmed into a bill, a sign-in in the page (argon2 each) and three axe checks, on a
  // two-core machine that other runs share.
  test.setTimeout(90_000);
  const { bill } = await draftBillFor(customer, carrier);
  // The notices of the set-up (membership approved, booking confirmed) are delivered after the request that caused
  // them, oldest first: once the booking's is in (the customer's only booking), the count before the review is known.
  const notices = () => customer.api.call<NotificationListResponse>('GET', '/cp/notifications/?limit=100');
  await expect
    .poll(async () => (await notices()).results.map((n) => n.kind), { timeout: 20_000 })
    .toContain('BOOKING_CONFIRMED');
  const before = (await notices()).unreadCount;

  // E-mail copies: one kind off, by keyboard; it stays off after a reload.
  await enterAs(page, customer, '/app-profile');
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
  await expect(bell).toHaveAttribute('aria-label', bellLabel(before));

  // The carrier, in a session of its own, approves the customer's draft and then returns it with a comment.
  const version = async () =>
    (await carrier.call<{ version: number }>('GET', `/cp/bill-of-ladings/${bill.id}`)).version;
  const approve = await carrier.raw('POST', `/cp/bill-of-ladings/${bill.id}/approve/`, {
    version: await version(),
  });
  expect(approve.status()).toBe(200);
  const comment = 'Please add the consignee’s tax id.';
  const returned = await carrier.raw('POST', `/cp/bill-of-ladings/${bill.id}/return/`, {
    version: await version(),
    comment,
  });
  expect(returned.status()).toBe(200);

  // No reload: the open page's bell counts both within 10 s.
  await expect(bell).toHaveAttribute('aria-label', bellLabel(before + 2), { timeout: 10_000 });
  await expect(page.getByTestId('notification-badge').locator('[data-count]')).toHaveText(
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
    m.to.includes(customer.email) && m.subject === subject;
  await waitForMail(mailFor(`Bill of lading ${bill.number} returned with comment`));
  expect(mailsMatching(mailFor(`Bill of lading ${bill.number} approved`))).toEqual([]);

  // On a phone: Escape closes the dialog; opened again by keyboard it fits 390 px and keeps focus inside. Over the
  // dashboard: at 390 px the profile itself scrolls sideways with an address as long as the new customer's (its
  // e-mail field does not wrap), which is no matter of the bell's.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();
  await page.goto('/app-dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
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
  await expect(bell).toHaveAttribute('aria-label', bellLabel(before + 1));
  await expect(items.first().getByRole('button', { name: /^Mark/ })).toHaveCount(0);

  // Following a notice marks it read and opens the record.
  await items.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/bl_view/${bill.id}$`));
  await expect(dialog).toBeHidden();
  await expect(bell).toHaveAttribute('aria-label', bellLabel(before));
  await expect(bell).toBeFocused();
});
