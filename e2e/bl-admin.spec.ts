import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { BASE_URL, expect, expectNoSeriousAxeViolations, expectToast, test } from './fixtures';
import { waitForMail } from './mailbox';
import {
  type Api,
  type Bill,
  type Customer,
  draftBillFor,
  enterAs,
  newCustomer,
  type Person,
  submitBill,
} from './records';

// The admin's review workflow, worked by a carrier admin made for each test on bills of a customer made for this file: each test
// submits the bills it reviews (returns, approves, issues), so no seeded bill changes and no test reads another's.

let owner: Customer;
test.beforeAll(async ({ carrier }) => {
  owner = await newCustomer(BASE_URL, carrier);
});
test.afterAll(async () => owner?.api.dispose());

/** A bill of the owner's, completed and submitted: UPDATE PENDING, awaiting review. */
async function submittedBill(carrier: Api): Promise<Bill> {
  const { bill } = await draftBillFor(owner, carrier);
  return submitBill(owner, bill);
}

/** An administrator of the test's own opens the dashboard, whose BL review queue opens the work list. */
async function openQueue(page: Page, staff: Person) {
  await enterAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await page.getByRole('link', { name: /^Bills of lading to review/ }).click();
  await expect(page).toHaveURL(/\/app-dashboard-admin\/bl-review$/);
}

async function openReview(page: Page, number: string) {
  await page.getByRole('link', { name: `Review ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Review ${number}` })).toBeVisible();
}

/**
 * Clicks and waits for the server's answer to the POST the click sends (`path` ends its address): the toast and the
 * new status follow that answer, which a busy machine may be slow to give.
 */
async function clickAndAwait(page: Page, target: Locator, path: RegExp) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname),
  );
  await target.click();
  const response = await answered;
  expect(response.ok(), `${response.url()}: ${response.status()}`).toBe(true);
}

const statusBadge = (page: Page) => page.getByText('Status', { exact: true }).locator('xpath=..');

// Each test submits its bills, starts from the dashboard and opens the review queue: room for that on a busy machine
// (the return test took 96 s on a 2-core machine with two other suites beside it).
test.describe.configure({ timeout: 180_000 });

test('the review queue lists the bills awaiting review, oldest first', async ({ page, carrier, staff }) => {
  // Two bills submitted one after the other (the first waits longest), one left a draft, one already approved.
  const older = await submittedBill(carrier);
  const newer = await submittedBill(carrier);
  const { bill: draft } = await draftBillFor(owner, carrier);
  const approved = await submittedBill(carrier);
  await carrier.call('POST', `/cp/bill-of-ladings/${approved.id}/approve/`, { version: approved.version });

  const loadedFrom = Date.now();
  await openQueue(page, staff);
  const queue = page.getByRole('table', { name: /UPDATE PENDING/ });
  await expect(queue).toBeVisible();
  const row = (number: string) =>
    queue.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
  await expect(row(older.number)).toBeVisible();
  await expect(row(older.number)).toContainText(owner.companyName);
  await expect(row(older.number)).toContainText(owner.email);
  await expect(row(older.number)).toContainText('(INNSA)');
  await expect(row(newer.number)).toBeVisible();
  await expect(row(draft.number)).toHaveCount(0);
  await expect(row(approved.number)).toHaveCount(0);
  // Oldest first: of this customer's bills, the one submitted first comes first.
  const numbers = await queue.getByRole('rowheader').allTextContents();
  expect(numbers.filter((number) => number === older.number || number === newer.number)).toEqual([
    older.number,
    newer.number,
  ]);

  // Every row shown was awaiting review when the queue was read: it still is, or it has changed since (other specs
  // review their own bills meanwhile).
  const hrefs = await queue
    .getByRole('link', { name: /^Review / })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs).toHaveLength(numbers.length);
  for (const href of hrefs) {
    const id = Number(/\/bl-review\/(\d+)$/.exec(href)?.[1]);
    const bill = await carrier.call<{ number: string; status: string; updatedAt: string }>(
      'GET',
      `/cp/bill-of-ladings/${id}`,
    );
    if (bill.status !== 'UPDATE PENDING')
      expect(Date.parse(bill.updatedAt), `${bill.number} is ${bill.status}`).toBeGreaterThan(
        loadedFrom - 2_000,
      );
  }
  await expectNoSeriousAxeViolations(page);
});

test('review side by side, download the PDF, and return a bill with a comment that reaches the customer', async ({
  page,
  carrier,
  staff,
}) => {
  const bill = await submittedBill(carrier);
  const seal = `SL${bill.blContainerDetails[0]!.containerNumber.slice(4, 10)}`;
  await openQueue(page, staff);
  await openReview(page, bill.number);
  const comparison = page.getByRole('table', { name: /Side by side/ });
  await expect(comparison.getByRole('columnheader', { name: 'Current' })).toBeVisible();
  await expect(comparison.getByRole('rowheader', { name: 'Shipper name as in BL' })).toBeVisible();
  await expect(comparison.getByRole('row', { name: /Container 1 · Seal No/ })).toContainText(seal);
  // Created from the booking, then submitted by the customer.
  const history = page.getByRole('list', { name: 'History' });
  const entries = history.locator(':scope > li');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Updated by the customer · DRAFT → UPDATE PENDING');
  await expect(entries.nth(1)).toContainText('Created');
  await expect(statusBadge(page)).toContainText('UPDATE PENDING');
  await expectNoSeriousAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${bill.number}.pdf`);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Printed');

  await page.getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${bill.number} to the customer` });
  await dialog.getByRole('button', { name: 'Return to customer' }).click();
  await expect(dialog.getByText('Please write a comment for the customer')).toBeVisible();
  const comment = 'Please add the consignee tax id to the description of goods.';
  await dialog.getByLabel(/Comment for the customer/).fill(comment);
  await expectNoSeriousAxeViolations(page);
  await clickAndAwait(page, dialog.getByRole('button', { name: 'Return to customer' }), /\/return\/$/);
  await expectToast(page, 'Bill of lading returned to the customer');
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page)).toContainText('DRAFT');
  await expect(page.getByText('Returned with comment')).toBeVisible();
  await expect(history).toContainText(comment);
  await expect(page.getByRole('button', { name: 'Return' })).toBeDisabled();

  const mail = await waitForMail((m) => m.subject === `Bill of lading ${bill.number} returned with comment`);
  expect(mail.to).toEqual([owner.email]);
  expect(mail.text).toContain(comment);

  await page.getByRole('link', { name: 'Back to the review queue' }).click();
  await expect(page.getByRole('table', { name: /UPDATE PENDING/ })).toBeVisible();
  await expect(page.getByRole('link', { name: `Review ${bill.number}` })).toHaveCount(0);
});

test('e-mail a bill from the review screen: addresses are checked before sending', async ({
  page,
  carrier,
  staff,
}) => {
  const bill = await submittedBill(carrier);
  await openQueue(page, staff);
  await openReview(page, bill.number);
  await page.getByRole('button', { name: 'E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: `E-mail bill of lading ${bill.number}` });
  const to = dialog.getByLabel(/^To/);
  await to.fill('not-an-address');
  await to.press('Enter');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/Address 1 \(not-an-address\) must be an e-mail address/)).toBeVisible();

  // Backspace in the empty input removes the last address.
  await to.press('Backspace');
  await expect(dialog.getByText('not-an-address')).toHaveCount(0);
  await to.fill('bank@example.com');
  await to.press('Enter');
  await dialog.getByLabel('Message').fill('Draft for your records.');
  await expectNoSeriousAxeViolations(page);
  await clickAndAwait(page, dialog.getByRole('button', { name: 'Send' }), /\/send_mail_bl\/$/);
  await expectToast(page, 'The bill of lading will be e-mailed shortly');
  const mail = await waitForMail(
    (m) => m.subject.startsWith(`Bill of lading ${bill.number}`) && m.to.includes('bank@example.com'),
  );
  expect(mail.to).toEqual(['bank@example.com']);
  expect(mail.attachments[0]).toMatchObject({ filename: `${bill.number}.pdf`, mimeType: 'application/pdf' });
});

test('approve and then issue a bill', async ({ page, carrier, staff }) => {
  const bill = await submittedBill(carrier);
  await openQueue(page, staff);
  await openReview(page, bill.number);
  await expect(page.getByRole('button', { name: 'Issue' })).toBeDisabled();
  // Approve and Issue ask first (issue 28 item 1): what will happen, the action named on the button.
  await page.getByRole('button', { name: 'Approve' }).click();
  const approveAsk = page.getByRole('dialog', { name: `Approve ${bill.number}?` });
  await expect(approveAsk).toContainText('The customer is told it is approved.');
  await clickAndAwait(
    page,
    approveAsk.getByRole('button', { name: 'Approve bill of lading' }),
    /\/approve\/$/,
  );
  await expectToast(page, 'Bill of lading approved');
  await expect(statusBadge(page)).toContainText('APPROVED');
  await expect(page.getByText('No changes since the last approved version.')).toBeVisible();

  // Issuing cannot be undone: the dialog says so, starts on Cancel, and Escape issues nothing.
  await page.getByRole('button', { name: 'Issue' }).click();
  const issueAsk = page.getByRole('dialog', { name: `Issue ${bill.number}?` });
  await expect(issueAsk).toContainText('The customer can no longer change it. Issuing cannot be undone.');
  await expect(issueAsk.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(issueAsk).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Issue' })).toBeFocused();
  await expect(statusBadge(page)).toContainText('APPROVED');
  await page.getByRole('button', { name: 'Issue' }).click();
  await clickAndAwait(page, issueAsk.getByRole('button', { name: 'Issue bill of lading' }), /\/issue\/$/);
  await expectToast(page, 'Bill of lading issued');
  await expect(statusBadge(page)).toContainText('ISSUED');
  for (const name of ['Approve', 'Return', 'Issue']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Approved · UPDATE PENDING → APPROVED');
  await expect(history).toContainText('Issued · APPROVED → ISSUED');
  await expect(history).toContainText(`${staff.firstName} ${staff.lastName}`);
});

test('customers cannot open the review screen', async ({ page, carrier }) => {
  // Not even of a bill of their own.
  const { bill } = await draftBillFor(owner, carrier);
  await enterAs(page, owner);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await page.goto(`/app-dashboard-admin/bl-review/${bill.id}`);
  await expect(page.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app-dashboard-admin/bl-review/${bill.id}$`));
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});
