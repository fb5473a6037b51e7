import { readFile } from 'node:fs/promises';
import {
  BASE_URL,
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectBillForm,
  expectNoSeriousAxeViolations,
  expectToast,
  openBill,
  test,
} from './fixtures';
import { waitForMail } from './mailbox';
import {
  type Api,
  type Bill,
  type Customer,
  draftBillFor,
  type Equipment,
  enterAs,
  newCustomer,
  returnBill,
  submitBill,
} from './records';

// The customer's BL list and edit screen, on bills of a customer made for this file (and, for the list, of the
// test's own customer). Only the bill without containers is a seeded one, read and never saved: a booking cannot be
// confirmed without a container, so no API makes such a bill.

/**
 * A bill of the customer's with every required field filled, submitted and returned by the carrier with a comment:
 * a DRAFT again, ready to edit and submit.
 */
async function returnedDraft(
  customer: Customer,
  carrier: Api,
  { equipment, gross = [] }: { equipment?: Equipment; gross?: number[] } = {},
): Promise<Bill> {
  const { bill } = await draftBillFor(customer, carrier, { equipment });
  return returnBill(
    carrier,
    await submitBill(customer, bill, { containers: gross.map((g) => ({ gross: g })) }),
  );
}

let owner: Customer;
/** The owner's DRAFT of one 20' container and one cargo row; no test saves it. */
let ready: Bill;
test.beforeAll(async ({ carrier }) => {
  owner = await newCustomer(BASE_URL, carrier);
  ready = await returnedDraft(owner, carrier);
});
test.afterAll(async () => owner?.api.dispose());

test.describe('the BL list', () => {
  // A customer of its own, whose every bill the list shows: made in this order, a draft, one submitted, one issued.
  let lister: Customer;
  let draft: Bill;
  let pending: Bill;
  let issued: Bill;
  test.beforeAll(async ({ carrier }) => {
    lister = await newCustomer(BASE_URL, carrier);
    draft = (await draftBillFor(lister, carrier)).bill;
    pending = await submitBill(lister, (await draftBillFor(lister, carrier)).bill);
    const submitted = await submitBill(lister, (await draftBillFor(lister, carrier)).bill);
    const approved = await carrier.call<Bill>('POST', `/cp/bill-of-ladings/${submitted.id}/approve/`, {
      version: submitted.version,
    });
    issued = await carrier.call<Bill>('POST', `/cp/bill-of-ladings/${submitted.id}/issue/`, {
      version: approved.version,
    });
    expect([draft.status, pending.status, issued.status]).toEqual(['DRAFT', 'UPDATE PENDING', 'ISSUED']);
  });
  test.afterAll(async () => lister?.api.dispose());

  test('the BL list shows only my bills, filters by status in the address, and sorts', async ({ page }) => {
    // Dashboard, list, axe, filter, reload, sort: on a loaded 2-core machine the dashboard's busy overlay alone held
    // the click on BL for 20 s, and the whole took more than the default 60 s.
    test.slow();
    await enterAs(page, lister);
    await expect(page).toHaveURL(/\/app-dashboard$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BL' }).click();
    await expect(page).toHaveURL(/\/app-dashboard\/bl-list/);
    await expect(page.getByText('3 bills of lading')).toBeVisible();
    for (const number of [draft.number, pending.number, issued.number])
      await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();
    // None of the seeded bills, which belong to the demo customers.
    await expect(page.getByRole('cell', { name: /LDG2611000\d|LDG261100(1[0-4])/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'ISSUED' }).click();
    await expect(page).toHaveURL(/status=ISSUED/);
    await expect(page.getByText('1 bill of lading')).toBeVisible();
    await expect(page.getByRole('link', { name: issued.number, exact: true })).toBeVisible();

    // Reloading keeps the filter.
    await page.reload();
    await expect(page.getByText('1 bill of lading')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('3 bills of lading')).toBeVisible();

    // The latest change first by default; by BL No ascending, the draft (numbered first) leads.
    await expect(page.getByRole('row').nth(1)).toContainText(issued.number);
    await page.getByRole('button', { name: /^BL No/ }).click();
    await expect(page).toHaveURL(/sort=number&order=asc/);
    await expect(page.getByRole('row').nth(1)).toContainText(draft.number);
  });
});

test('"Container Not Allocated !" and one empty cargo row for a bill without containers', async ({
  page,
}) => {
  // The seeded LDG26110002 of the demo customer, read only.
  await openBill(page, 'LDG26110002', { email: DEMO.customer, password: DEMO_PASSWORD });
  await expect(page.getByText('Container Not Allocated !')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 1' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 2' })).toHaveCount(0);
});

test('submitting an invalid form shows the required-field toast, highlights the cells and calls nothing', async ({
  page,
}) => {
  await openBill(page, ready.number, owner);
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

  // Clear, with edits on the form, asks first (issue 28 item 1); Escape keeps the edits.
  await page.getByRole('button', { name: 'Clear' }).click();
  const ask = page.getByRole('dialog', { name: `Clear your changes to ${ready.number}?` });
  await expect(ask).toContainText('What you typed since the bill was last saved is lost');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear' })).toBeFocused();
  await expect(page.getByLabel(/^Shipper Name as in BL/)).toHaveValue('');
  // Confirmed, it resets the form to the values it loaded with, and says so.
  await page.getByRole('button', { name: 'Clear' }).click();
  await ask.getByRole('button', { name: 'Clear changes' }).click();
  await expectToast(page, 'Your changes were cleared');
  await expect(page.getByLabel(/^Shipper Name as in BL/)).toHaveValue(owner.companyName);
  await expect(page.getByRole('textbox', { name: 'Package Details, cargo row 1' })).toHaveValue('120 bales');
});

test('add and remove cargo rows: Delete removes the last row only', async ({ page }) => {
  await openBill(page, ready.number, owner);
  await page.getByRole('button', { name: 'Add Cargo Details' }).click();
  await page.getByRole('button', { name: 'Add Cargo Details' }).click();
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 3' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Package Details, cargo row 3' }).fill('third');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('textbox', { name: 'Commodity, cargo row 3' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Package Details, cargo row 1' })).toHaveValue('120 bales');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('a successful save: UPDATE PENDING, totals recomputed, notify party kept, and axe finds nothing serious', async ({
  page,
  carrier,
}) => {
  // Open, axe, edit, save, reload and check again: on a loaded 2-core machine (two suites side by side) this took
  // more than the default 30 s once the save had gone through. The bill is made here, so a retry saves a new DRAFT.
  test.slow();
  // Two 40' high cubes (tare 2200 kg each) of 9800 and 9750.40 kg cargo, returned to the customer as a DRAFT.
  const bill = await returnedDraft(owner, carrier, {
    equipment: [{ isoCode: '45G1', quantity: 2 }],
    gross: [9800, 9750.4],
  });
  await openBill(page, bill.number, owner);
  await expect(page.getByText('DRAFT', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const number = (await page.getByRole('rowheader').first().textContent()) ?? '';
  const gross = page.getByRole('textbox', { name: `Cargo Gross Weight (KG), container ${number.trim()}` });
  await gross.fill('10000.46');
  await gross.blur();
  // Live totals: 10000.46 + 9750.40 net; + 2 × 2200 tare gross.
  await expect(page.getByText('19,750.86 kg')).toBeVisible();
  await expect(page.getByText('24,150.86 kg')).toBeVisible();

  await page.getByLabel('Add Notify Party').check();
  await page.getByRole('textbox', { name: 'Notify Party 1', exact: true }).fill('rotterdam');
  await page.getByRole('option', { name: /Rotterdam Distribution BV/ }).click();
  await expect(page.getByLabel(/^Notify Party 1 Name in BL/)).toHaveValue('Rotterdam Distribution BV');

  // The save's answer, then its toast: a busy machine may be slow to answer.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/cp/bill-of-ladings/${bill.id}`),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await saved).status()).toBe(200);
  await expectToast(page, 'Bl Updated Successfully');
  await expect(page.getByText('UPDATE PENDING', { exact: true })).toBeVisible();

  await page.reload();
  await expectBillForm(page, bill.number);
  await expect(page.getByText('UPDATE PENDING', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Add Notify Party')).toBeChecked();
  await expect(page.getByLabel(/^Notify Party 1 Name in BL/)).toHaveValue('Rotterdam Distribution BV');
  await expect(
    page.getByRole('textbox', { name: `Cargo Gross Weight (KG), container ${number.trim()}` }),
  ).toHaveValue('10,000.46');
  await expect(page.getByText('19,750.86 kg')).toBeVisible();
});

test("a customer cannot open another customer's bill", async ({ page, customer }) => {
  // The test's own customer asks for the file's owner's bill.
  await enterAs(page, customer, `/bl_view/${ready.id}`);
  await expect(page.getByText('Bill of lading not found')).toBeVisible();
});

test('the PDF downloads from the edit screen and the bill is e-mailed from the list', async ({ page }) => {
  const number = ready.number;
  await openBill(page, number, owner);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download PDF of ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto(`/app-dashboard/bl-list?blNo=${number}`);
  await page.getByRole('button', { name: `E-mail ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `E-mail bill of lading ${number}` });
  await dialog.getByLabel(/^To/).fill('partner@example.com');
  await dialog.getByLabel(/^To/).press('Enter');
  await dialog.getByLabel(/^Message/).fill('Please check the draft.');
  // The dialog closes on the server's answer (202, queued), which a busy machine may be slow to give.
  const queued = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/cp/bill-of-ladings/send_mail_bl/'),
  );
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await queued).status()).toBe(202);
  await expect(dialog).toBeHidden();
  const mail = await waitForMail(
    (m) => m.to.includes('partner@example.com') && m.subject.startsWith(`Bill of lading ${number}`),
  );
  expect(mail.text).toContain('Please check the draft.');
  expect(mail.attachments.map((a) => a.filename)).toContain(`${number}.pdf`);
});

test('the DCSA JSON downloads from the edit screen and from the list', async ({ page }) => {
  const number = ready.number;
  await openBill(page, number, owner);
  const [fromScreen] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download DCSA JSON of ${number}` }).click(),
  ]);
  expect(fromScreen.suggestedFilename()).toBe(`${number}.dcsa.json`);
  const document = JSON.parse(await readFile((await fromScreen.path())!, 'utf8'));
  expect(document).toMatchObject({
    transportDocumentReference: number,
    transportDocumentTypeCode: 'BOL',
  });
  expect(document.utilizedTransportEquipments).toHaveLength(1);

  await page.goto(`/app-dashboard/bl-list?blNo=${number}`);
  const [fromList] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download DCSA JSON of ${number}` }).click(),
  ]);
  expect(fromList.suggestedFilename()).toBe(`${number}.dcsa.json`);
});
