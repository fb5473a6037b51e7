import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import {
  enquire,
  expect,
  expectNoSeriousAxeViolations,
  expectToast,
  freshContainerNumber,
  test,
} from './fixtures';
import { enterAs } from './records';

/**
 * Issue 12 end to end, with nothing but the screens once the people exist: a customer of the test's own (made through
 * the API) and a carrier admin made for the test. The customer enquires INNSA -> SGSIN for
 * 2 x 22G1, sees the price and accepts; the admin confirms the booking with two containers; the bill of lading draft
 * appears in the customer's BL list; the customer completes and submits it; the admin approves and issues it; the
 * customer downloads the PDF. axe on every screen on the way.
 */

/** After a full page load or the first visit of a screen (each is a lazy chunk): room for a busy CI machine. */
const LOADED = { timeout: 20_000 };

async function signedIn(
  browser: Browser,
  person: { email: string; password: string; totpSecret?: string },
): Promise<Page> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await enterAs(page, person);
  await expect(page).toHaveURL(/\/app-dashboard(-admin)?$/, LOADED);
  return page;
}

// Nine screens, two people and six axe runs in one test: 2 to 3 min measured on the shared machine at load 20.
test.describe.configure({ timeout: 240_000 });

test('enquiry -> quotation -> booking -> draft bill -> submitted -> approved and issued -> PDF', async ({
  browser,
  customer: person,
  staff,
}) => {
  const customer = await signedIn(browser, person);
  const admin = await signedIn(browser, staff);

  // The customer: a price at once for a tariffed lane, accepted into a booking.
  await enquire(customer, { pod: 'SGSIN', quantity: '2' });
  const summary = customer.getByTestId('quotation-summary');
  await expect(summary.getByTestId('status-badge')).toHaveText('QUOTED');
  await expect(summary.getByRole('rowheader', { name: /2 × 22G1/ })).toBeVisible();
  await expect(summary.getByTestId('quotation-total')).toHaveText(/^USD\s[\d,]+\.\d{2}$/);
  await expect(summary.getByText(/all in, valid until/)).toBeVisible();
  await expectNoSeriousAxeViolations(customer);
  await summary.getByRole('button', { name: 'Accept and book' }).click();
  await customer
    .getByRole('dialog', { name: /^Accept .* and book\?$/ })
    .getByRole('button', { name: 'Accept and book' })
    .click();
  await expectToast(customer, 'requested');
  await expect(customer).toHaveURL(/app-booking-list\?bookingNo=/);
  const bookingNumber = new URL(customer.url()).searchParams.get('bookingNo')!;
  const bookingRow = customer.getByTestId('booking-row').filter({ hasText: bookingNumber });
  await expect(bookingRow.getByTestId('status-badge')).toHaveText('REQUESTED');
  await expect(bookingRow).toContainText('(SGSIN)');
  await expectNoSeriousAxeViolations(customer);

  // The admin: the booking confirmed with two containers; the draft bill is created with them.
  await admin.getByRole('link', { name: /^Bookings to confirm/ }).click();
  await admin.getByRole('link', { name: bookingNumber, exact: true }).click();
  await expect(admin.getByRole('heading', { name: `Booking ${bookingNumber}` })).toBeVisible(LOADED);
  await expect(admin.getByTestId('container-row')).toHaveCount(2);
  // The sailing: the last of the lane's upcoming voyages offered, weeks out (its SI deadline is days away; the fourth
  // one offered had its DCO pass on the day).
  await admin.getByRole('combobox', { name: /^Sailing/ }).click();
  await admin.getByRole('option').last().click();
  const containerNumbers = [freshContainerNumber().valid, freshContainerNumber().valid];
  for (const [i, number] of containerNumbers.entries()) {
    await admin.getByRole('textbox', { name: new RegExp(`^Container number ${i + 1}`) }).fill(number);
    await expect(admin.getByTestId(`container-check-${i}`)).toHaveText('Check digit OK');
    await admin.getByRole('textbox', { name: new RegExp(`^Tare weight ${i + 1}`) }).fill('2250');
  }
  await expectNoSeriousAxeViolations(admin);
  await admin.getByRole('button', { name: 'Confirm booking' }).click();
  await expectToast(admin, `Booking ${bookingNumber} confirmed`);
  await expect(admin.getByTestId('booking-status')).toHaveText('CONFIRMED');
  await admin.getByRole('link', { name: 'Open the bill of lading draft' }).click();
  const reviewHeading = admin.getByRole('heading', { level: 1, name: /^Review LDG\d+$/ });
  await expect(reviewHeading).toBeVisible(LOADED);
  const billNumber = ((await reviewHeading.textContent()) ?? '').replace('Review ', '').trim();
  const reviewUrl = admin.url();

  // The customer: the draft is in the BL list (and linked from the booking); completed and submitted.
  await customer.goto(`/app-dashboard/bl-list?blNo=${billNumber}`);
  await expect(customer.getByText('1 bill of lading')).toBeVisible(LOADED);
  await expectNoSeriousAxeViolations(customer);
  await customer.getByRole('link', { name: billNumber, exact: true }).click();
  await expect(customer.getByRole('heading', { name: `Bill Of Lading ${billNumber}` })).toBeVisible(LOADED);
  await expect(customer.getByText('DRAFT', { exact: true })).toBeVisible();
  for (const number of containerNumbers)
    await expect(customer.getByRole('rowheader', { name: number })).toBeVisible();

  const shipperName = customer.getByLabel(/^Shipper Name as in BL/);
  if ((await shipperName.inputValue()) === '') await shipperName.fill('Demo Exports Pvt Ltd');
  const shipperPhone = customer.getByLabel(/^Shipper Phone No/);
  if ((await shipperPhone.inputValue()) === '') await shipperPhone.fill('+91 22 4000 1000');
  await customer.getByLabel(/^Consignee Name as in BL/).fill('Lion City Textiles Pte Ltd');
  await customer.getByLabel(/^Consignee Phone No/).fill('+65 6100 2000');
  for (const number of containerNumbers) {
    const cell = (label: string) => customer.getByRole('textbox', { name: `${label}, container ${number}` });
    await customer.getByRole('combobox', { name: `Package Type, container ${number}` }).click();
    await customer.getByRole('option').first().click();
    await cell('No of Packages').fill('120');
    await cell('Cargo Gross Weight (KG)').fill('18000');
    await cell('Measurement (CBM)').fill('28.5');
    await cell('VGM (kg)').fill('20250');
    await customer.getByRole('combobox', { name: `VGM Method, container ${number}` }).click();
    await customer.getByRole('option').first().click();
  }
  await customer.getByRole('textbox', { name: 'Commodity, cargo row 1' }).fill('520100');
  await customer
    .getByRole('option', { name: /520100/ })
    .first()
    .click();
  await customer.getByRole('combobox', { name: 'Package Type, cargo row 1' }).click();
  await customer.getByRole('option').first().click();
  await customer.getByRole('textbox', { name: 'Package Details, cargo row 1' }).fill('240 bales');
  await customer.getByLabel(/^Description of Goods/).fill('Raw cotton, not carded or combed');
  await customer.getByLabel(/^Marks & Nos/).fill('LCT/SIN/1-240');
  await expectNoSeriousAxeViolations(customer);
  await customer.getByRole('button', { name: 'Submit' }).click();
  await expectToast(customer, 'Bl Updated Successfully');
  await expect(customer.getByText('UPDATE PENDING', { exact: true })).toBeVisible();

  // The admin: approved, then issued, on the review screen.
  await admin.goto(reviewUrl);
  await expect(admin.getByRole('heading', { level: 1, name: `Review ${billNumber}` })).toBeVisible(LOADED);
  await expect(admin.getByRole('table', { name: /Side by side/ })).toContainText(
    'Lion City Textiles Pte Ltd',
  );
  await expectNoSeriousAxeViolations(admin);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin
    .getByRole('dialog', { name: `Approve ${billNumber}?` })
    .getByRole('button', { name: 'Approve bill of lading' })
    .click();
  await expectToast(admin, 'Bill of lading approved');
  await admin.getByRole('button', { name: 'Issue' }).click();
  await admin
    .getByRole('dialog', { name: `Issue ${billNumber}?` })
    .getByRole('button', { name: 'Issue bill of lading' })
    .click();
  await expectToast(admin, 'Bill of lading issued');
  await expect(admin.getByRole('list', { name: 'History' })).toContainText('Issued · APPROVED → ISSUED');

  // The customer: the issued bill's PDF.
  await customer.reload();
  await expect(customer.getByRole('heading', { name: `Bill Of Lading ${billNumber}` })).toBeVisible(LOADED);
  await expect(customer.getByText('ISSUED', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    customer.getByRole('button', { name: `Download PDF of ${billNumber}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${billNumber}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);
  expect(pdf.subarray(-1024).toString('latin1')).toContain('%%EOF');

  await customer.context().close();
  await admin.context().close();
});
