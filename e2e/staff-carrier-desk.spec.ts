import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BASE_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  freshContainerNumber,
  signInAs,
  test,
  typedDate,
} from './fixtures';
import {
  type Booking,
  bookingFor,
  enterAs,
  newCustomer,
  newStaff,
  type Quotation,
  quotationFor,
  uniqueTag,
} from './records';

/**
 * Issue 12, the carrier's desk: a customer of the spec's own (through the API) books INNSA -> AEJEA and asks for a
 * price to Reykjavik; the corporate admin confirms the booking with a container whose check digit is first wrong,
 * follows the link to the bill draft, prices the on-request quotation, creates a tariff and sees a second,
 * overlapping one refused. axe on every screen; the confirm form on a phone.
 */

// Per worker process (a test file is loaded more than once in a worker, so no random part).
const CUSTOMER_STATE = join(tmpdir(), `lading-desk-customer-${process.pid}.json`);
const ADMIN_STATE = join(tmpdir(), `lading-desk-admin-${process.pid}.json`);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let booking: Booking;
let phoneBooking: Booking;
let onRequest: Quotation;
let phoneOnRequest: Quotation;

test.beforeAll(async ({ browser, carrier }) => {
  const customer = await newCustomer(BASE_URL, carrier);
  // A carrier administrator of the spec's own (staff sign in with their own authenticator app, decision 023).
  const staff = await newStaff(BASE_URL, carrier, { roles: ['CARRIER_ADMIN'], offices: ['TSX', 'MAA'] });
  booking = await bookingFor(customer, { equipment: [{ isoCode: '22G1', quantity: 1 }] });
  phoneBooking = await bookingFor(customer, {
    equipment: [
      { isoCode: '22G1', quantity: 2 },
      { isoCode: '45G1', quantity: 1 },
    ],
  });
  onRequest = await quotationFor(customer, { pod: 'ISREY', equipment: [{ isoCode: '22G1', quantity: 1 }] });
  expect(onRequest.status).toBe('REQUESTED');
  phoneOnRequest = await quotationFor(customer, {
    pod: 'ISREY',
    equipment: [{ isoCode: '45G1', quantity: 2 }],
  });
  for (const [person, path] of [
    [customer, CUSTOMER_STATE],
    [staff, ADMIN_STATE],
  ] as const) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await enterAs(page, person);
    await expect(page).toHaveURL(/\/app-dashboard(-admin)?$/);
    await context.storageState({ path });
    await context.close();
  }
});
test.use({ storageState: ADMIN_STATE });
// axe takes seconds per screen on a busy machine: room for it (the tariff test took 57 s of 60 at load 20).
test.describe.configure({ timeout: 90_000 });

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('confirm a booking: a wrong check digit is caught as typed; the draft bill follows', async ({
    page,
  }) => {
    await page.goto('/app-dashboard-admin');
    await page.getByRole('link', { name: /^Bookings to confirm/ }).click();
    await expect(page.getByRole('heading', { name: 'Bookings to confirm' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: booking.number, exact: true }).click();

    await expect(page.getByRole('heading', { name: `Booking ${booking.number}` })).toBeVisible();
    await expect(page.getByText('1 × 22G1')).toBeVisible();
    await expect(page.getByTestId('container-row')).toHaveCount(1);
    // The sailing: one of the lane's upcoming voyages (a few weeks out, so no deadline passes during the test).
    await page.getByRole('combobox', { name: /^Sailing/ }).click();
    const option = page.getByRole('option').nth(3);
    const [vesselAndVoyage = ''] = ((await option.textContent()) ?? '').split(' · ');
    await option.click();
    const voyage = vesselAndVoyage.split(' ').pop()!;
    const vessel = vesselAndVoyage.slice(0, -voyage.length - 1);
    const numbers = freshContainerNumber();
    const containerNumber = page.getByRole('textbox', { name: /^Container number 1/ });
    await containerNumber.fill(numbers.wrong.toLowerCase());
    await expect(containerNumber).toHaveValue(numbers.wrong);
    await expect(page.getByTestId('container-check-0')).toHaveText(/Check digit does not match/);
    await expectNoSeriousAxeViolations(page);
    // Sent anyway: the contract's rule keeps it on the form, on the cell.
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(containerNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('container-row').getByText(/check digit/)).toBeVisible();
    await containerNumber.fill(numbers.valid);
    await expect(page.getByTestId('container-check-0')).toHaveText('Check digit OK');
    await expect(containerNumber).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: /^Tare weight 1/ }).fill('2200');
    await page.getByRole('button', { name: 'Confirm booking' }).click();

    await expectToast(page, `Booking ${booking.number} confirmed`);
    await expect(page.getByTestId('booking-status')).toHaveText('CONFIRMED');
    await page.getByRole('link', { name: 'Open the bill of lading draft' }).click();
    await expect(page).toHaveURL(/\/app-dashboard-admin\/bl-review\/\d+$/);
    await expect(page.getByRole('heading', { name: /^Review / })).toBeVisible();
    await expect(page.getByText(`${vessel} / ${voyage}`)).toBeVisible();
  });

  test('price an on-request quotation with an exact live total', async ({ page }) => {
    await page.goto('/app-dashboard-admin');
    await page.getByRole('link', { name: /^Quotations to price/ }).click();
    await expect(page.getByRole('heading', { name: 'Quotations to price' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: onRequest.number, exact: true }).click();

    await expect(page.getByRole('heading', { name: `Price quotation ${onRequest.number}` })).toBeVisible();
    await expect(page.getByText(/\(ISREY\)/)).toBeVisible();
    await expect(page.getByTestId('charge-line')).toHaveCount(2);
    await expect(page.getByRole('textbox', { name: /^Qty \(line 1\)/ })).toHaveValue('1');
    await page.getByRole('textbox', { name: /^Unit amount \(line 1\)/ }).fill('1250.10');
    await page.getByRole('textbox', { name: /^Unit amount \(line 2\)/ }).fill('45.20');
    await expect(page.getByTestId('live-total')).toHaveText(/USD\s1,295\.30/);
    await page.getByRole('button', { name: 'Add per-container charge' }).click();
    await page.getByRole('textbox', { name: /^Code \(line 3\)/ }).fill('BAF');
    await page.getByRole('textbox', { name: /^Charge \(line 3\)/ }).fill('Bunker adjustment');
    await page.getByRole('textbox', { name: /^Unit amount \(line 3\)/ }).fill('0.10');
    await expect(page.getByTestId('live-total')).toHaveText(/USD\s1,295\.40/);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Send price to customer' }).click();
    // Asks first (issue 28 item 1): who is told, the total and the validity; a sent price is final.
    const ask = page.getByRole('dialog', { name: `Send the price of ${onRequest.number}?` });
    await expect(ask).toContainText(/can accept USD\s1,295\.40 all in until \d{2}\/\d{2}\/\d{4}/);
    await expect(ask).toContainText('A sent price can no longer be changed.');
    await ask.getByRole('button', { name: 'Send price' }).click();

    await expectToast(page, `Quotation ${onRequest.number} priced`);
    await expect(page.getByTestId('priced-total')).toHaveText(/USD\s1,295\.40/);
  });

  test('create a tariff; an overlapping one is refused on the form', async ({ page }) => {
    // A validity window of this test's own, years ahead: no other tariff of the lane overlaps it (a retry or a
    // second run on the same database included), and no enquiry of today is priced from it.
    const start = 800 + (Number.parseInt(uniqueTag().slice(-6), 16) % 4000);
    const validFrom = inDays(start);
    await page.goto('/app-dashboard-admin');
    await page.getByRole('link', { name: 'Tariffs', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tariffs' })).toBeVisible();

    const createTariff = async () => {
      await page.getByRole('button', { name: 'New tariff' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tariff' });
      await dialog.getByRole('textbox', { name: /^Port of loading/ }).fill('INMUN');
      await page
        .getByRole('option', { name: /\(INMUN\)/ })
        .first()
        .click();
      await dialog.getByRole('textbox', { name: /^Port of discharge/ }).fill('ISREY');
      await page
        .getByRole('option', { name: /\(ISREY\)/ })
        .first()
        .click();
      await dialog.getByRole('textbox', { name: /^Valid from/ }).fill(typedDate(validFrom));
      await dialog.getByRole('textbox', { name: /^Valid to/ }).fill(typedDate(inDays(start + 30)));
      const amounts = dialog.getByRole('textbox', { name: /^Amount \(line/ });
      for (let i = 0; i < (await amounts.count()); i += 1) await amounts.nth(i).fill(String(100 + i));
      return dialog;
    };
    let dialog = await createTariff();
    await dialog.getByRole('button', { name: 'Create tariff' }).click();
    await expectToast(page, 'Tariff INMUN → ISREY 22G1 saved');
    await expect(dialog).toBeHidden();

    // The same lane and size-type over the same days: refused, on the form.
    dialog = await createTariff();
    await dialog.getByRole('button', { name: 'Create tariff' }).click();
    await expect(dialog.getByTestId('tariff-refusal')).toContainText('overlaps');
    await expect(dialog.getByRole('textbox', { name: /^Valid from/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The first save's toast must be gone: axe measures a fading toast's text against its half-transparent self.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('textbox', { name: /^Port of discharge/ }).fill('ISREY');
    await page
      .getByRole('option', { name: /\(ISREY\)/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Valid on', exact: true }).fill(typedDate(validFrom));
    await expect(page.getByRole('cell', { name: /\(INMUN\)/ })).toHaveCount(1);

    // Someone saved it meanwhile (the server's 412, staged here): said on the form, with a way to reload.
    await page.route('**/cp/tariffs/*/', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 412,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'PRECONDITION_FAILED',
                message: 'Changed since read',
                fields: { version: 'is 2, not 1' },
              },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: /^Edit tariff INMUN to ISREY 22G1/ }).click();
    const edit = page.getByRole('dialog', { name: /^Edit tariff INMUN → ISREY 22G1/ });
    await edit.getByRole('textbox', { name: /^Amount \(line 1\)/ }).fill('999');
    await edit.getByRole('button', { name: 'Save tariff' }).click();
    await expect(edit.getByTestId('tariff-refusal')).toContainText('Someone saved this tariff');
    await page.unroute('**/cp/tariffs/*/');
    await edit.getByRole('button', { name: 'Reload tariffs' }).click();
    await expect(edit).toBeHidden();
    // Edited at the version read (If-Match): saved, and the list shows the new amount.
    await page.getByRole('button', { name: /^Edit tariff INMUN to ISREY 22G1/ }).click();
    await edit.getByRole('textbox', { name: /^Amount \(line 1\)/ }).fill('1234.5');
    await edit.getByRole('button', { name: 'Save tariff' }).click();
    await expectToast(page, 'Tariff INMUN → ISREY 22G1 saved');
    await expect(page.getByRole('cell', { name: /OCEAN_FREIGHT USD\s1,234\.50/ })).toBeVisible();
  });
});

test.describe('who may do what', () => {
  test('branch staff view tariffs but cannot create or edit them', async ({ browser, carrier }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signInAs(
      page,
      await newStaff(BASE_URL, carrier, { roles: ['CARRIER_STAFF_BRANCH'], offices: ['MAA'] }),
    );
    await expect(page).toHaveURL(/\/app-dashboard-admin$/);
    await expect(page.getByText('Rates by lane and size-type (view only)')).toBeVisible();
    await page.getByRole('link', { name: 'Tariffs', exact: true }).click();
    await expect(page.getByText(/^\d+ tariffs?$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New tariff' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit tariff/ })).toHaveCount(0);
    await context.close();
  });

  test('a customer opening the desk gets the not-permitted page', async ({ browser }) => {
    const context = await browser.newContext({ storageState: CUSTOMER_STATE });
    const page = await context.newPage();
    await page.goto('/app-dashboard-admin/bookings-to-confirm');
    await expect(page.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
    await context.close();
  });
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the confirm form (one row per booked container), the price form and the tariffs fit 390 px', async ({
    page,
  }) => {
    await page.goto(`/app-dashboard-admin/bookings-to-confirm/${phoneBooking.id}`);
    await expect(page.getByRole('heading', { name: `Booking ${phoneBooking.number}` })).toBeVisible();
    await expect(page.getByTestId('container-row')).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: /^Container number 3 \(45G1\)/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.goto('/app-dashboard-admin/bookings-to-confirm');
    await expect(page.getByRole('link', { name: phoneBooking.number, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(`/app-dashboard-admin/quotations-to-price/${phoneOnRequest.id}`);
    await expect(page.getByRole('textbox', { name: /^Qty \(line 1\)/ })).toHaveValue('2');
    await page.getByRole('textbox', { name: /^Unit amount \(line 1\)/ }).fill('1000');
    await expect(page.getByTestId('live-total')).toHaveText(/USD\s2,000\.00/);
    await expectNoSidewaysScroll(page);

    // Tariffs: the filters fold into a drawer.
    await page.goto('/app-dashboard-admin/tariffs');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter tariffs' });
    await drawer.getByRole('textbox', { name: 'Valid on', exact: true }).fill(typedDate(inDays(1)));
    await drawer.getByRole('button', { name: /^Show \d+ tariffs?$/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
    await expect(page.getByRole('button', { name: /^Edit tariff/ }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
