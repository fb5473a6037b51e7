import type { Browser, Locator, Page } from '@playwright/test';
import {
  BASE_URL,
  enquire,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  pick,
  test,
} from './fixtures';
import { type Api, type Customer, enterAs, newCustomer, type Person } from './records';

/**
 * Issue 28 item 5: staff add an inland haulage tariff (rail from a station to INNSA) on the inland tariffs screen; a
 * customer enquires INNSA -> AEJEA with a rail pick-up from that station and sees the inland line priced, in USD, on
 * the quotation; a station without a tariff says "inland haulage on request"; Rail / ICD is offered only for the
 * Indian side of the lane. At 1440 and 390 px, axe on each screen. Each test has a station of its own (PUNE, NGP: no
 * demo inland tariff names them); a tariff a retry or an earlier run left there is cleared first.
 */

type InlandTariff = { id: number; version: number; quotationCount: number; active: boolean };

let customer: Customer;
test.beforeAll(async ({ carrier }) => {
  customer = await newCustomer(BASE_URL, carrier);
});
// axe takes seconds per screen on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** The station's and INNSA's ids, and no active 22G1 tariff left between them (deleted, or deactivated once priced). */
async function clearStation(carrier: Api, code: string): Promise<void> {
  const stations = await carrier.call<{ id: number; code: string }[]>(
    'GET',
    `/cp/base/railway-station/?name=${code}`,
  );
  const stationId = stations.find((station) => station.code === code)!.id;
  const left = await carrier.call<{ results: InlandTariff[] }>(
    'GET',
    `/cp/admin/inland-tariffs/?mode=RAIL&station_id=${stationId}&iso_code=22G1&is_active=true&limit=100`,
  );
  for (const tariff of left.results) {
    if (tariff.quotationCount === 0)
      await carrier.raw('DELETE', `/cp/admin/inland-tariffs/${tariff.id}/?version=${tariff.version}`);
    else
      await carrier.call('PUT', `/cp/admin/inland-tariffs/${tariff.id}/active/`, {
        active: false,
        version: tariff.version,
      });
  }
}

/** Types in a typeahead inside `scope` (a dialog) and picks the option matching `option`. */
async function pickIn(page: Page, scope: Locator, label: RegExp, term: string, option: RegExp) {
  await scope.getByRole('textbox', { name: label }).fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

/** An administrator adds a rail tariff `station` -> INNSA, 22G1, USD `amount`, valid 90 days from today. */
async function addRailTariff(
  page: Page,
  staff: Person,
  station: { code: string; name: string },
  amount: string,
  phone = false,
) {
  await enterAs(page, staff, '/app-dashboard-admin');
  await page.getByRole('link', { name: 'Inland tariffs', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inland tariffs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New inland tariff' })).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'New inland tariff' }).click();
  const dialog = page.getByRole('dialog', { name: 'New inland tariff' });
  // The contract's rules on the cells before anything is sent.
  await dialog.getByRole('button', { name: 'Create inland tariff' }).click();
  await expect(dialog.getByText('Please pick a port')).toBeVisible();
  await expect(dialog.getByText('Please pick a railway station or ICD')).toBeVisible();
  await pickIn(page, dialog, /^Port/, 'INNSA', /\(INNSA\)/);
  await pickIn(page, dialog, /^Railway station or ICD/, station.code, new RegExp(`\\(${station.code}\\)`));
  await dialog.getByRole('textbox', { name: /^Amount per container/ }).fill(amount);
  if (phone) await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create inland tariff' }).click();
  await expectToast(page, `Inland tariff rail ${station.code} ↔ INNSA 22G1`);
  await expect(dialog).toBeHidden();
  // The list shows it (narrowed to rail at INNSA, valid today), with its actions.
  if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('combobox', { name: /^Mode/ }).click();
  await page.getByRole('option', { name: /^Rail/ }).click();
  await page.getByRole('textbox', { name: /^Port/ }).fill('INNSA');
  await page
    .getByRole('option', { name: /\(INNSA\)/ })
    .first()
    .click();
  if (phone) await page.getByRole('button', { name: /^Show/ }).click();
  await expect(page.getByText(`${station.name} (${station.code}) ↔ INNSA`).first()).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^Deactivate inland tariff rail ${station.code} to INNSA 22G1`),
    }),
  ).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);
}

/** A page of the test's customer, at the page's own width. */
async function customerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width, height: width > 500 ? 900 : 844 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await enterAs(page, customer, '/app-dashboard/app-rate-enquiry');
  return page;
}

/** The rate enquiry INNSA -> AEJEA with a rail pick-up from `station`; answers the quotation summary. */
async function enquireByRail(page: Page, station: { code: string; name: string }, quantity = '2') {
  await expect(page.getByRole('heading', { name: 'Rate Enquiry' })).toBeVisible();
  // Before a port of loading is chosen, Rail / ICD is not offered for the pick-up; it is for INNSA.
  const pickupFrom = page.getByRole('radiogroup', { name: 'Pick-up from' });
  await expect(pickupFrom.getByText('Rail / ICD')).toHaveCount(0);
  await expect(page.getByTestId('pickup-rail-hint')).toHaveText(/choose an Indian port of loading first/);
  await pick(page, /^Port of loading/, 'INNSA', /\(INNSA\)/);
  await pickupFrom.getByText('Rail / ICD').click();
  await pick(page, /^Pick-up station or ICD/, station.code, new RegExp(`\\(${station.code}\\)`));
  // Jebel Ali is not in India: no Rail / ICD for the delivery, and the form says why.
  await pick(page, /^Port of discharge/, 'AEJEA', /\(AEJEA\)/);
  await expect(page.getByRole('radiogroup', { name: 'Delivery to' }).getByText('Rail / ICD')).toHaveCount(0);
  await expect(page.getByTestId('delivery-rail-hint')).toHaveText(/port of discharge in India/);
  await enquire(page, { pod: 'AEJEA', quantity, fresh: false });
  return page.getByTestId('quotation-summary');
}

for (const { width, station, amount, line } of [
  { width: 1440, station: { code: 'PUNE', name: 'Pune Junction' }, amount: '275.50', line: '551.00' },
  { width: 390, station: { code: 'NGP', name: 'Nagpur Junction' }, amount: '1234.25', line: '2,468.50' },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const phone = width < 500;

    test(`staff add a rail tariff ${station.code} -> INNSA; the customer's rail pick-up is priced as its own line`, async ({
      page,
      browser,
      carrier,
      staff,
    }) => {
      await clearStation(carrier, station.code);
      await addRailTariff(page, staff, station, amount, phone);

      const buyer = await customerPage(browser, width);
      const summary = await enquireByRail(buyer, station);
      await expect(summary.getByTestId('status-badge')).toHaveText('QUOTED');
      const inland = summary
        .getByTestId('charge-line')
        .filter({ hasText: `Inland haulage (rail) ${station.code} -> INNSA` });
      await expect(inland).toHaveCount(1);
      await expect(inland).toContainText(`INLAND_PICKUP · 2 ×`);
      await expect(inland).toContainText(line);
      await expect(summary.getByText(/Rail \/ ICD: .*\(/)).toContainText(`(${station.code})`);
      if (phone) await expectNoSidewaysScroll(buyer);
      await expectNoSeriousAxeViolations(buyer);

      // A station no inland tariff covers: inland haulage on request, for the carrier's team to price.
      await buyer.getByRole('button', { name: 'Change enquiry' }).click();
      await buyer.getByRole('textbox', { name: /^Pick-up station or ICD/ }).fill('NDLS');
      await buyer
        .getByRole('option', { name: /\(NDLS\)/ })
        .first()
        .click();
      await buyer.getByRole('button', { name: 'Get price' }).click();
      await expect(summary.getByTestId('status-badge')).toHaveText('REQUESTED');
      await expect(summary.getByTestId('inland-on-request')).toHaveText(
        'Inland haulage on request: the pick-up from New Delhi (NDLS) by rail.',
      );
      if (phone) await expectNoSidewaysScroll(buyer);
      await expectNoSeriousAxeViolations(buyer);
      await buyer.context().close();
    });
  });
}
