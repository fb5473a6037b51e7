import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { startSmtpServer } from '../apps/server/src/test/smtp';
import { DEMO, expectNoSeriousAxeViolations, expectToast, SMTP_PORT, signInAs } from './fixtures';

// The admin's review workflow. It returns LDG26110003 (customer) to DRAFT and issues LDG26110010 (customer2);
// it issues nothing of the first customer's, whose list other specs count by status.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => smtp.close());

async function openReview(page: Page, number: string) {
  await page.getByRole('link', { name: `Review ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Review ${number}` })).toBeVisible();
}

const statusBadge = (page: Page) => page.getByText('Status', { exact: true }).locator('xpath=..');

// Each test starts from the dashboard and opens the review queue: room for that on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  // The dashboard's BL review queue opens the work list.
  await page.getByRole('link', { name: /^Bills of lading to review/ }).click();
  await expect(page).toHaveURL(/\/app-dashboard-admin\/bl-review$/);
});

test('the review queue lists the bills awaiting review, oldest first', async ({ page }) => {
  const queue = page.getByRole('table', { name: /UPDATE PENDING/ });
  await expect(queue).toBeVisible();
  const rows = queue.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('LDG26110003');
  await expect(rows.nth(1)).toContainText('customer@demo.lading.test');
  await expect(rows.nth(1)).toContainText('(INNSA)');
  await expect(rows.nth(2)).toContainText('LDG26110010');
  await expectNoSeriousAxeViolations(page);
});

test('review side by side, download the PDF, and return a bill with a comment that reaches the customer', async ({
  page,
}) => {
  await openReview(page, 'LDG26110003');
  const comparison = page.getByRole('table', { name: /Side by side/ });
  await expect(comparison.getByRole('columnheader', { name: 'Current' })).toBeVisible();
  await expect(comparison.getByRole('rowheader', { name: 'Shipper name as in BL' })).toBeVisible();
  await expect(comparison.getByRole('row', { name: /Container 1 · Seal No/ })).toContainText('SL100301');
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
  await expect(statusBadge(page)).toContainText('UPDATE PENDING');
  await expectNoSeriousAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('LDG26110003.pdf');
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('list', { name: 'History' })).toContainText('Printed');

  await page.getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return LDG26110003 to the customer' });
  await dialog.getByRole('button', { name: 'Return to customer' }).click();
  await expect(dialog.getByText('Please write a comment for the customer')).toBeVisible();
  const comment = 'Please add the consignee tax id to the description of goods.';
  await dialog.getByLabel(/Comment for the customer/).fill(comment);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Return to customer' }).click();
  await expectToast(page, 'Bill of lading returned to the customer');
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page)).toContainText('DRAFT');
  await expect(page.getByText('Returned with comment')).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toContainText(comment);
  await expect(page.getByRole('button', { name: 'Return' })).toBeDisabled();

  const mail = await smtp.waitFor((m) => m.subject === 'Bill of lading LDG26110003 returned with comment');
  expect(mail.to).toEqual([DEMO.customer]);
  expect(mail.text).toContain(comment);

  await page.getByRole('link', { name: 'Back to the review queue' }).click();
  await expect(page.getByRole('link', { name: 'Review LDG26110003' })).toHaveCount(0);
});

test('e-mail a bill from the review screen: addresses are checked before sending', async ({ page }) => {
  await openReview(page, 'LDG26110010');
  await page.getByRole('button', { name: 'E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail bill of lading LDG26110010' });
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
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'The bill of lading will be e-mailed shortly');
  const mail = await smtp.waitFor((m) => m.subject.startsWith('Bill of lading LDG26110010'));
  expect(mail.to).toEqual(['bank@example.com']);
  expect(mail.attachments[0]).toMatchObject({ filename: 'LDG26110010.pdf', mimeType: 'application/pdf' });
});

test('approve and then issue a bill', async ({ page }) => {
  await openReview(page, 'LDG26110010');
  await expect(page.getByRole('button', { name: 'Issue' })).toBeDisabled();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Bill of lading approved');
  await expect(statusBadge(page)).toContainText('APPROVED');
  await expect(page.getByText('No changes since the last approved version.')).toBeVisible();

  await page.getByRole('button', { name: 'Issue' }).click();
  await expectToast(page, 'Bill of lading issued');
  await expect(statusBadge(page)).toContainText('ISSUED');
  for (const name of ['Approve', 'Return', 'Issue']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Approved · UPDATE PENDING → APPROVED');
  await expect(history).toContainText('Issued · APPROVED → ISSUED');
  await expect(history).toContainText('Asha Admin');
});

test('customers cannot open the review screen', async ({ page }) => {
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await signInAs(page, DEMO.customer);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await page.goto('/app-dashboard-admin/bl-review/3');
  await expect(page.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
  await expect(page).toHaveURL(/\/app-dashboard-admin\/bl-review\/3$/);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});
