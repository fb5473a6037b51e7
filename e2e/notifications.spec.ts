import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectNoSeriousAxeViolations, signInAs } from './fixtures';

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
 * The bell, live: the customer has a page open; the carrier approves and then returns one of their draft bills
 * (its status ends where it began, DRAFT, so specs that count bills are not affected); the open page's bell shows
 * both within 10 seconds without a reload; mark one read, follow the other's link.
 */
test('the customer’s bell shows the carrier’s return live, marks read and leads to the bill', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins (argon2) on a shared two-core machine: more than the default 30 s at times.
  test.setTimeout(60_000);
  await signInAs(page, DEMO.customer);
  await expect(page).toHaveURL(/\/app-dashboard/);
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
  await expect(items.nth(1)).toContainText(`Bill of lading ${bill.number} approved`);
  await expectNoSeriousAxeViolations(page);

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
