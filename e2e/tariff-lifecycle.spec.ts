import type { Page } from '@playwright/test';
import {
  BASE_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  test,
  typedDate,
} from './fixtures';
import { type Api, type Customer, enterAs, newCustomer, type Person, uniqueTag } from './records';

/**
 * Issue 28 item 6: a tariff is deactivated (kept, marked inactive, it prices no new enquiry), reactivated, and deleted
 * while no quotation was priced from it; one that priced a quotation offers no Delete. Each test has tariffs of its
 * own on INMUN -> ISREY 45G1, on validity windows of its own years ahead (no other spec's tariff overlaps them, and
 * no enquiry of today is priced from them). The corporate administrator at 1440 and 390 px, axe on the list and the
 * dialogs.
 */

type Tariff = {
  id: number;
  version: number;
  validFrom: string;
  validTo: string;
  active: boolean;
  quotationCount: number;
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

let customer: Customer;
test.beforeAll(async ({ carrier }) => {
  customer = await newCustomer(BASE_URL, carrier);
});
// axe takes seconds per screen on a busy machine.
test.describe.configure({ timeout: 90_000 });

const portIdOf = async (api: Api, code: string) =>
  (
    await api.call<{ results: { id: number; code: string }[] }>(
      'GET',
      `/core/base/v1/ports/?limit=5&code=${code}`,
    )
  ).results.find((port) => port.code === code)!.id;

/** A tariff of the test's own: INMUN -> ISREY 45G1 for 30 days from `start` days ahead. */
async function ownTariff(carrier: Api, start: number): Promise<Tariff> {
  return carrier.call<Tariff>('POST', '/cp/tariffs/', {
    polId: await portIdOf(carrier, 'INMUN'),
    podId: await portIdOf(carrier, 'ISREY'),
    isoCode: '45G1',
    validFrom: inDays(start),
    validTo: inDays(start + 30),
    currency: 'USD',
    charges: [{ code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_CONTAINER', amount: '1450.00' }],
  });
}

/** The customer's enquiry on that lane, cargo ready on `readyOn`: QUOTED from an active tariff, else REQUESTED. */
async function enquire(readyOn: string): Promise<{ status: string; number: string }> {
  const codes = await customer.api.call<{ id: number; hsnCode: string }[]>(
    'GET',
    '/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=520100',
  );
  return customer.api.call('POST', '/cp/quotations/', {
    polId: await portIdOf(customer.api, 'INMUN'),
    podId: await portIdOf(customer.api, 'ISREY'),
    cargoType: 'GEN',
    hsCode: codes.find((code) => code.hsnCode === '520100')!.id,
    equipment: [{ isoCode: '45G1', quantity: 1, weightPerUnit: 18000, weightUnit: 'kg' }],
    cargoReadyDate: readyOn,
  });
}

/** A start of this run's own, `offset` days into it (a retry or a second run on the same database included). */
const ownStart = (offset: number) => 900 + (Number.parseInt(uniqueTag().slice(-6), 16) % 4000) * 3 + offset;

const name = (verb: string, tariff: Tariff) => `${verb} tariff INMUN to ISREY 45G1 from ${tariff.validFrom}`;
const title = (verb: string, tariff: Tariff) =>
  `${verb} tariff INMUN → ISREY 45G1, ${ddmmyyyy(tariff.validFrom)} – ${ddmmyyyy(tariff.validTo)}?`;

async function openTariffs(page: Page, staff: Person) {
  await enterAs(page, staff, '/app-dashboard-admin');
  await page.getByRole('link', { name: 'Tariffs', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tariffs' })).toBeVisible();
}

/** The list narrowed to one day of validity on the lane's discharge port (and a status, when given). */
async function filterTo(page: Page, validOn: string, status?: 'Active' | 'Inactive', phone = false) {
  if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('textbox', { name: /^Port of discharge/ }).fill('ISREY');
  await page
    .getByRole('option', { name: /\(ISREY\)/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Valid on', exact: true }).fill(typedDate(validOn));
  if (status) {
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: status, exact: true }).click();
  }
  if (phone) await page.getByRole('button', { name: /^Show/ }).click();
}

/** The toast has gone: axe measures a fading toast's text against its half-transparent self. */
const toastsGone = (page: Page) =>
  expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('deactivate, reactivate and delete a tariff nothing was priced from; a priced one offers no Delete', async ({
    page,
    carrier,
    staff,
  }) => {
    const start = ownStart(0);
    const unused = await ownTariff(carrier, start);
    const priced = await ownTariff(carrier, start + 40);
    const quotation = await enquire(inDays(start + 41));
    expect(quotation.status).toBe('QUOTED');

    await openTariffs(page, staff);
    await filterTo(page, unused.validFrom);
    await expect(page.getByRole('row').filter({ hasText: 'No quotation priced from it' })).toHaveCount(1);
    await expect(page.getByTestId('status-badge').filter({ hasText: 'Active' })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);

    // Deactivate: asks first, saying what happens; ends with a toast; the row is marked inactive.
    await page.getByRole('button', { name: name('Deactivate', unused) }).click();
    const ask = page.getByRole('dialog', { name: title('Deactivate', unused) });
    await expect(ask).toContainText('It will price no new rate enquiry');
    await expectNoSeriousAxeViolations(page);
    await ask.getByRole('button', { name: 'Deactivate tariff' }).click();
    await expectToast(page, 'deactivated: it prices no new enquiry');
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('status-badge').filter({ hasText: 'Inactive' })).toHaveCount(1);
    // An enquiry in its window is now on request.
    expect((await enquire(inDays(start + 1))).status).toBe('REQUESTED');

    // The status filter finds it among the inactive ones, not among the active ones.
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page.getByText('No tariff matches these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await expect(page.getByRole('button', { name: name('Reactivate', unused) })).toBeVisible();

    // Reactivate, then delete it (nothing was priced from it).
    await page.getByRole('button', { name: name('Reactivate', unused) }).click();
    const again = page.getByRole('dialog', { name: title('Reactivate', unused) });
    await again.getByRole('button', { name: 'Reactivate tariff' }).click();
    await expectToast(page, 'reactivated: it prices new enquiries again');
    await expect(page.getByText('No tariff matches these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: name('Delete', unused) }).click();
    const remove = page.getByRole('dialog', { name: title('Delete', unused) });
    await expect(remove).toContainText('cannot be brought back');
    await remove.getByRole('button', { name: 'Delete tariff' }).click();
    await expectToast(page, `Tariff INMUN → ISREY 45G1, ${ddmmyyyy(unused.validFrom)}`);
    await expect(page.getByText('No tariff matches these filters.')).toBeVisible();

    // The tariff that priced a quotation: said so, no Delete; deactivated, it is kept (and its quotation too).
    await page.getByRole('textbox', { name: 'Valid on', exact: true }).fill(typedDate(priced.validFrom));
    await expect(page.getByRole('row').filter({ hasText: '1 quotation priced from it' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: name('Delete', priced) })).toHaveCount(0);
    await page.getByRole('button', { name: name('Deactivate', priced) }).click();
    await page
      .getByRole('dialog', { name: title('Deactivate', priced) })
      .getByRole('button', { name: 'Deactivate tariff' })
      .click();
    await expectToast(page, 'deactivated');
    // The toasts sit over the filter bar, and one under the pointer stays (hover pauses its closing): wait them out.
    await toastsGone(page);
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: '1 quotation priced from it' })).toHaveCount(1);
    await toastsGone(page);
    await expectNoSeriousAxeViolations(page);
    // The server refuses the delete too, naming the quotation.
    const refused = await carrier.raw('DELETE', `/cp/tariffs/${priced.id}/?version=2`);
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(quotation.number);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('deactivate and delete a tariff on a phone, without sideways scroll', async ({
    page,
    carrier,
    staff,
  }) => {
    const tariff = await ownTariff(carrier, ownStart(100));
    await openTariffs(page, staff);
    await filterTo(page, tariff.validFrom, 'Active', true);
    await expect(page.getByText('No quotation priced from it')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: name('Deactivate', tariff) }).click();
    const ask = page.getByRole('dialog', { name: title('Deactivate', tariff) });
    await expect(ask.getByRole('button', { name: 'Deactivate tariff' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await ask.getByRole('button', { name: 'Deactivate tariff' }).click();
    await expectToast(page, 'deactivated: it prices no new enquiry');
    // Filtered on active tariffs, it leaves the list.
    await expect(page.getByText('No tariff matches these filters.')).toBeVisible();

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await page.getByRole('button', { name: /^Show/ }).click();
    await expect(page.getByTestId('status-badge').filter({ hasText: 'Inactive' })).toHaveCount(1);
    await page.getByRole('button', { name: name('Delete', tariff) }).click();
    await page
      .getByRole('dialog', { name: title('Delete', tariff) })
      .getByRole('button', { name: 'Delete tariff' })
      .click();
    await expectToast(page, 'deleted');
    await expect(page.getByText('No tariff matches these filters.')).toBeVisible();
    await toastsGone(page);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  });
});
