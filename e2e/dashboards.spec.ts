import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { BASE_URL, expect, expectNoSeriousAxeViolations, expectNoSidewaysScroll, test } from './fixtures';
import {
  bookingFor,
  draftBillFor,
  enterAs,
  newCustomer,
  newStaff,
  quotationFor,
  submitBill,
} from './records';

/**
 * Issue 13, the dashboards. The customer's is read by a customer of the spec's own, with a record in each state that
 * counts (a quotation priced and one on request, a booking requested and two confirmed, a bill in draft and one
 * submitted). The carrier sees every customer's records while other specs add to them, so each queue's figure is
 * compared with what its list shows at that moment, again until no other spec has changed it in between. Nothing
 * of the demo data is changed.
 */

// Per worker process (a test file is loaded more than once in a worker, so no random part).
const CUSTOMER_STATE = join(tmpdir(), `lading-dashboards-customer-${process.pid}.json`);
const ADMIN_STATE = join(tmpdir(), `lading-dashboards-admin-${process.pid}.json`);

test.beforeAll(async ({ browser, carrier }) => {
  const customer = await newCustomer(BASE_URL, carrier);
  // A carrier administrator of the spec's own (staff sign in with their own authenticator app, decision 023).
  const staff = await newStaff(BASE_URL, carrier, { roles: ['CARRIER_ADMIN'], offices: ['TSX', 'MAA'] });
  await quotationFor(customer, { pod: 'SGSIN' });
  await quotationFor(customer, { pod: 'ISREY' });
  await bookingFor(customer);
  await draftBillFor(customer, carrier);
  const { bill } = await draftBillFor(customer, carrier, { pod: 'SGSIN' });
  await submitBill(customer, bill);
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
test.describe.configure({ timeout: 120_000 });

/** The first whole number in a locator's text. */
async function numberIn(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/\d/);
  return Number(((await locator.textContent()) ?? '').match(/\d+/)![0]);
}

/** The count line under each list: "3 bookings", "2 bills of lading", "1 expired quotation". */
const LIST_COUNT = {
  quotations: (page: Page) => page.getByText(/^\d+ [a-z ]*quotations?$/),
  bookings: (page: Page) => page.getByText(/^\d+ bookings?$/),
  bills: (page: Page) => page.locator('#bl-count'),
} as const;

test.describe('the customer', () => {
  test.use({ storageState: CUSTOMER_STATE, viewport: { width: 1440, height: 900 } });

  test('every count on the dashboard is what its list shows; it fits a phone', async ({ page }) => {
    await page.goto('/app-dashboard');
    await expect(page.getByRole('heading', { name: 'Needs your attention' })).toBeVisible();
    await expect(page.getByTestId('attention-item').first()).toBeVisible();
    // The chart arrives lazily; axe then sees the whole screen.
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousAxeViolations(page);

    const links = page.getByTestId('count-link');
    const total = await links.count();
    expect(total).toBe(5 + 5 + 5);
    const targets: { list: keyof typeof LIST_COUNT; count: number; href: string; name: string }[] = [];
    for (let i = 0; i < total; i++) {
      const link = links.nth(i);
      targets.push({
        list: (await link.getAttribute('data-list')) as keyof typeof LIST_COUNT,
        count: Number(await link.getAttribute('data-count')),
        href: (await link.getAttribute('href'))!,
        name: (await link.textContent()) ?? '',
      });
    }
    // Each count's link is named by its records too: quotations and bookings share statuses.
    const listNames = { quotations: 'Quotations', bookings: 'Bookings', bills: 'Bills of lading' };
    for (const [i, target] of targets.entries())
      await expect(links.nth(i)).toHaveAccessibleName(
        `${listNames[target.list]} ${target.name}: ${target.count}`,
      );
    const nonZero = targets.filter((target) => target.count > 0);
    expect(nonZero.map((target) => target.list)).toEqual(
      expect.arrayContaining(['quotations', 'bookings', 'bills']),
    );
    for (const target of nonZero) {
      await page
        .getByTestId('count-link')
        .and(page.locator(`[href="${target.href}"]`))
        .click();
      await expect(page).toHaveURL(target.href);
      expect(await numberIn(LIST_COUNT[target.list](page)), `${target.list} ${target.name}`).toBe(
        target.count,
      );
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
    }

    // An attention item opens its record.
    const first = page.getByTestId('attention-item').first().getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).not.toHaveURL(/\/app-dashboard$/);
    const number = title.match(/[A-Z]{3}\d{6,}/)![0];
    await expect(page.getByText(number).first()).toBeVisible({ timeout: 20_000 });

    // A live resize from 1,440 to 390 px: the chart shrinks with its panel, and the page never scrolls sideways.
    await page.goBack();
    const chart = page.getByTestId('volume-chart');
    await expect(chart.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await expect
      .poll(() => chart.locator('.recharts-wrapper').evaluate((el) => el.getBoundingClientRect().right), {
        timeout: 5_000,
      })
      .toBeLessThanOrEqual(390);
    // And opened on the phone, as a phone user does: the whole dashboard fits 390 px.
    await page.reload();
    await expect(page.getByTestId('attention-item').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page);
  });
});

test.describe('the carrier admin', () => {
  test.use({ storageState: ADMIN_STATE, viewport: { width: 1440, height: 900 } });

  test('works each queue from the dashboard and finds a customer record; it fits a phone', async ({
    page,
  }) => {
    await page.goto('/app-dashboard-admin');
    const queues = page.getByTestId('work-queue');
    await expect(queues).toHaveCount(4);
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousAxeViolations(page);

    const countOf = async (code: string) =>
      Number(await page.locator(`[data-queue="${code}"]`).getAttribute('data-count'));
    const open = async (code: string, name: RegExp, url: RegExp) => {
      const count = await countOf(code);
      await page.locator(`[data-queue="${code}"]`).getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      return count;
    };
    /** A work list's rows (its table has the caption `caption`), or none when it says it is empty. */
    const rowsOf = async (caption: string | RegExp, empty: RegExp) => {
      await expect(page.getByRole('table', { name: caption }).or(page.getByText(empty))).toBeVisible();
      const table = page.getByRole('table', { name: caption });
      return (await table.count()) === 0 ? 0 : (await table.getByRole('row').count()) - 1;
    };
    // Back in the browser's history: the dashboard again without reloading the app.
    const back = async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/app-dashboard-admin$/);
      await expect(queues).toHaveCount(4);
    };

    /**
     * The queue's figure on the dashboard is what its list shows: checked again (from the dashboard) while another
     * spec's record arrives between the two reads. Ends back on the dashboard; answers the figure.
     */
    const sameAsList = async (code: string, name: RegExp, url: RegExp, rows: () => Promise<number>) => {
      let count = 0;
      await expect(async () => {
        if (!/\/app-dashboard-admin$/.test(page.url())) await back();
        count = await open(code, name, url);
        expect(await rows()).toBe(count);
      }).toPass({ timeout: 60_000 });
      return count;
    };

    let billNumber: string | undefined;
    await sameAsList(
      'BL_REVIEW',
      /^Bills of lading to review/,
      /\/app-dashboard-admin\/bl-review$/,
      async () => {
        const shown = await numberIn(page.locator('#review-queue-count'));
        expect(await rowsOf(/UPDATE PENDING/, /Nothing to review/)).toBe(shown);
        billNumber =
          shown > 0
            ? (
                await page
                  .getByRole('link', { name: /^Review / })
                  .first()
                  .getAttribute('aria-label')
              )?.replace('Review ', '')
            : undefined;
        return shown;
      },
    );
    await back();

    await sameAsList(
      'QUOTATION_PRICING',
      /^Quotations to price/,
      /\/app-dashboard-admin\/quotations-to-price$/,
      () => rowsOf('Quotations to price', /Nothing to price/),
    );
    await back();

    await sameAsList(
      'BOOKING_CONFIRMATION',
      /^Bookings to confirm/,
      /\/app-dashboard-admin\/bookings-to-confirm$/,
      () => rowsOf('Bookings to confirm', /Nothing to confirm/),
    );
    await back();

    await sameAsList(
      'COMPANY_APPROVAL',
      /^Company requests/,
      /\/app-dashboard-admin\/company-requests$/,
      async () => {
        // None waiting, the list says so instead of "0 requests waiting".
        await expect(
          page.getByText(/^No request is waiting/).or(page.getByText(/^\d+ requests? waiting/)),
        ).toBeVisible();
        return (await page.getByText(/^No request is waiting/).count()) > 0
          ? 0
          : numberIn(page.getByText(/^\d+ requests? waiting/));
      },
    );
    await back();

    // One search box across customers: a bill by its number opens its review.
    const searchBox = page.getByRole('searchbox', { name: /Search customers' records/ });
    await searchBox.fill('harbour');
    await expect(page.getByTestId('search-result').first()).toContainText('Harbour Traders LLP');
    if (billNumber) {
      await searchBox.fill(billNumber.toLowerCase());
      const hit = page.getByTestId('search-result').first().getByRole('link', { name: billNumber });
      await expect(hit).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await hit.click();
      await expect(page.getByRole('heading', { level: 1, name: `Review ${billNumber}` })).toBeVisible();
      await back();
    }

    // On a phone: the whole dashboard fits 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page);
  });
});
