import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { startSmtpServer } from '../apps/server/src/test/smtp';
import { DEMO, expectNoSeriousAxeViolations, expectToast, SMTP_PORT, signInAs } from './fixtures';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => smtp.close());

/** Opens a bill from the list by its number, as a person would. */
async function openBill(page: Page, number: string) {
  await page.goto(`/app-dashboard/bl-list?blNo=${number}`);
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Bill Of Lading ${number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Primary Details' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await expect(page).toHaveURL(/\/app-dashboard$/);
});

test('the BL list shows only my bills, filters by status in the address, and sorts', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BL' }).click();
  await expect(page).toHaveURL(/\/app-dashboard\/bl-list/);
  await expect(page.getByText('8 bills of lading')).toBeVisible();
  await expect(page.getByRole('cell', { name: /LDG2611000[9]|LDG261100(1[0-4])/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'ISSUED' }).click();
  await expect(page).toHaveURL(/status=ISSUED/);
  await expect(page.getByText('1 bill of lading')).toBeVisible();
  await expect(page.getByRole('link', { name: 'LDG26110006', exact: true })).toBeVisible();

  // Reloading keeps the filter.
  await page.reload();
  await expect(page.getByText('1 bill of lading')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('8 bills of lading')).toBeVisible();

  await page.getByRole('button', { name: /^BL No/ }).click();
  await expect(page).toHaveURL(/sort=number&order=asc/);
  await expect(page.getByRole('row').nth(1)).toContainText('LDG26110001');
});

test('"Container Not Allocated !" and one empty cargo row for a bill without containers', async ({
  page,
}) => {
  await openBill(page, 'LDG26110002');
  await expect(page.getByText('Container Not Allocated !')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 1' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 2' })).toHaveCount(0);
});

test('submitting an invalid form shows the required-field toast, highlights the cells and calls nothing', async ({
  page,
}) => {
  await openBill(page, 'LDG26110008');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') calls.push(request.url());
  });
  await page.getByLabel(/^Shipper Name as in BL/).fill('');
  await page.getByRole('textbox', { name: 'Package Details, cargo row 1' }).fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please Fill All required Fields');
  await expect(page.getByLabel(/^Shipper Name as in BL/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Package Details, cargo row 1' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(calls).toEqual([]);

  // Clear resets the form to the values it loaded with.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel(/^Shipper Name as in BL/)).toHaveValue('Demo Exports Pvt Ltd');
  await expect(page.getByRole('textbox', { name: 'Package Details, cargo row 1' })).toHaveValue('300 cases');
});

test('add and remove cargo rows: Delete removes the last row only', async ({ page }) => {
  await openBill(page, 'LDG26110008');
  await page.getByRole('button', { name: 'Add Cargo Details' }).click();
  await page.getByRole('button', { name: 'Add Cargo Details' }).click();
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 3' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Package Details, cargo row 3' }).fill('third');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 3' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Package Details, cargo row 1' })).toHaveValue('300 cases');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('a successful save: UPDATE PENDING, totals recomputed, notify party kept, and axe finds nothing serious', async ({
  page,
}) => {
  // Open, axe, edit, save, reload and check again: on a loaded 2-core machine (two suites side by side) this took
  // more than the default 30 s once the save had gone through, and a retry then finds the bill no longer a DRAFT.
  test.slow();
  await openBill(page, 'LDG26110001');
  await expect(page.getByText('DRAFT', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const number = (await page.getByRole('rowheader').first().textContent()) ?? '';
  const gross = page.getByRole('textbox', { name: `Cargo Gross Weight (KG), container ${number.trim()}` });
  await gross.fill('10000.46');
  await gross.blur();
  // Live totals: 10000.46 + 9750.40 net; + 2 × 3900 tare gross.
  await expect(page.getByText('19,750.86 kg')).toBeVisible();
  await expect(page.getByText('27,550.86 kg')).toBeVisible();

  await page.getByLabel('Add Notify Party').check();
  await page.getByRole('textbox', { name: 'Notify Party 1', exact: true }).fill('rotterdam');
  await page.getByRole('option', { name: /Rotterdam Distribution BV/ }).click();
  await expect(page.getByLabel(/^Notify Party 1 Name in BL/)).toHaveValue('Rotterdam Distribution BV');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Bl Updated Successfully');
  await expect(page.getByText('UPDATE PENDING', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByText('UPDATE PENDING', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Add Notify Party')).toBeChecked();
  await expect(page.getByLabel(/^Notify Party 1 Name in BL/)).toHaveValue('Rotterdam Distribution BV');
  await expect(
    page.getByRole('textbox', { name: `Cargo Gross Weight (KG), container ${number.trim()}` }),
  ).toHaveValue('10,000.46');
  await expect(page.getByText('19,750.86 kg')).toBeVisible();
});

test("a customer cannot open another customer's bill", async ({ page }) => {
  await page.goto('/bl_view/9');
  await expect(page.getByText('Bill of lading not found')).toBeVisible();
});

test('the PDF downloads from the edit screen and the bill is e-mailed from the list', async ({ page }) => {
  await openBill(page, 'LDG26110005');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF of LDG26110005' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('LDG26110005.pdf');
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/app-dashboard/bl-list?blNo=LDG26110005');
  await page.getByRole('button', { name: 'E-mail LDG26110005' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail bill of lading LDG26110005' });
  await dialog.getByLabel(/^To/).fill('partner@example.com');
  await dialog.getByLabel(/^To/).press('Enter');
  await dialog.getByLabel(/^Message/).fill('Please check the draft.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  const mail = await smtp.waitFor((m) => m.to.includes('partner@example.com'));
  expect(mail.text).toContain('Please check the draft.');
  expect(mail.attachments.map((a) => a.filename)).toContain('LDG26110005.pdf');
});

test('the DCSA JSON downloads from the edit screen and from the list', async ({ page }) => {
  await openBill(page, 'LDG26110005');
  const [fromScreen] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download DCSA JSON of LDG26110005' }).click(),
  ]);
  expect(fromScreen.suggestedFilename()).toBe('LDG26110005.dcsa.json');
  const document = JSON.parse(await readFile((await fromScreen.path())!, 'utf8'));
  expect(document).toMatchObject({
    transportDocumentReference: 'LDG26110005',
    transportDocumentTypeCode: 'BOL',
  });
  expect(document.utilizedTransportEquipments).toHaveLength(1);

  await page.goto('/app-dashboard/bl-list?blNo=LDG26110005');
  const [fromList] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download DCSA JSON of LDG26110005' }).click(),
  ]);
  expect(fromList.suggestedFilename()).toBe('LDG26110005.dcsa.json');
});
