import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, expectNoSidewaysScroll, test } from './fixtures';
import { bookingFor, enterAs, freshContainerNumber, quotationFor, sailingFor } from './records';

/**
 * Issue 28 items 2 and 3: every open tab follows the session (a sign-out in another tab, a session ended on the
 * server), and the open lists follow the bell (a record the carrier changes over the API changes in the list
 * without a reload).
 */

/** Marks the page, so a reload (which forgets the mark) shows. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const stillUnreloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

for (const { name, viewport } of [
  { name: 'at 1440 px', viewport: { width: 1440, height: 900 } },
  { name: 'on a phone (390 px)', viewport: { width: 390, height: 844 } },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test('a sign-out in one tab sends the other tab to app-login, and signing in there brings it back', async ({
      page,
      customer,
    }) => {
      test.setTimeout(90_000);
      await enterAs(page, customer);
      await expect(page).toHaveURL(/\/app-dashboard$/);
      const second = await page.context().newPage();
      await second.goto('/app-dashboard/app-booking-list?status=REQUESTED');
      await expect(second.getByRole('heading', { name: /Bookings/ }).first()).toBeVisible();

      await page.getByRole('button', { name: /profile menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      // The tab signed out itself goes to the plain login page; the other one keeps where it was.
      await expect(page).toHaveURL(/\/app-login$/);
      await expect(second).toHaveURL(
        `/app-login?redirect=${encodeURIComponent('/app-dashboard/app-booking-list?status=REQUESTED')}`,
        { timeout: 5_000 },
      );
      await expect(second.getByLabel(/^Username/)).toBeVisible();
      await expect(second.getByRole('progressbar')).toHaveCount(0);
      await expectNoSeriousAxeViolations(second);
      if (viewport.width === 390) await expectNoSidewaysScroll(second);

      await second.getByLabel(/^Username/).fill(customer.email);
      await second.getByLabel(/^Password/).fill(customer.password);
      await second.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(second).toHaveURL(/\/app-dashboard\/app-booking-list\?status=REQUESTED$/);
      // Signed in again in the second tab: the first one, on the login page, stays there (no loop).
      await expect(page).toHaveURL(/\/app-login$/);
      await second.close();
    });

    test('a session ended on the server sends the tab to app-login at its next call, with the address kept', async ({
      page,
      customer,
    }) => {
      test.setTimeout(90_000);
      await enterAs(page, customer);
      await expect(page).toHaveURL(/\/app-dashboard$/);
      // Ended elsewhere: the server revokes the tokens this tab still holds.
      const status = await page.evaluate(async () => {
        const session = JSON.parse(window.localStorage.getItem('lading.session') ?? '{}') as {
          accessToken?: string;
        };
        const response = await fetch('/authenticate/oauth/logout/', {
          method: 'POST',
          headers: { authorization: `Bearer ${session.accessToken}` },
        });
        return response.status;
      });
      expect(status).toBeLessThan(300);
      await page.goto('/app-dashboard/bl-list');
      await expect(page).toHaveURL(`/app-login?redirect=${encodeURIComponent('/app-dashboard/bl-list')}`);
      await page.getByLabel(/^Username/).fill(customer.email);
      await page.getByLabel(/^Password/).fill(customer.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/app-dashboard\/bl-list$/);
    });
  });
}

test('the open quotation and booking lists change when the carrier prices and confirms, without a reload', async ({
  page,
  customer,
  carrier,
}) => {
  test.setTimeout(120_000);
  // No tariff from Chennai to Singapore: the enquiry waits for the carrier's price.
  const quotation = await quotationFor(customer, { pol: 'INMAA', pod: 'SGSIN' });
  expect(quotation.status).toBe('REQUESTED');
  const booking = await bookingFor(customer);
  expect(booking.status).toBe('REQUESTED');

  await enterAs(page, customer, '/app-dashboard/app-active-quotation');
  const quotationRow = page.getByTestId('quotation-row').filter({ hasText: quotation.number });
  await expect(quotationRow).toContainText('REQUESTED');
  await markPage(page);

  await carrier.call('POST', `/cp/quotations/${quotation.id}/price/`, {
    currency: 'USD',
    validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    charges: [
      {
        code: 'OCEAN_FREIGHT',
        name: 'Ocean freight',
        basis: 'PER_CONTAINER',
        isoCode: '22G1',
        quantity: 1,
        unitAmount: '880.00',
      },
    ],
  });
  await expect(quotationRow).toContainText('QUOTED', { timeout: 10_000 });
  await expect(quotationRow).toContainText(/USD/);
  expect(await stillUnreloaded(page)).toBe(true);

  // To the booking list inside the app (no page load), the booking still requested.
  await page.getByRole('link', { name: 'Bookings', exact: true }).first().click();
  await expect(page).toHaveURL(/app-booking-list/);
  const bookingRow = page.getByTestId('booking-row').filter({ hasText: booking.number });
  await expect(bookingRow).toContainText('REQUESTED');
  const sailing = await sailingFor(carrier, { pol: 'INNSA', pod: 'AEJEA' });
  await carrier.call('POST', `/cp/bookings/${booking.id}/confirm/`, {
    voyageId: sailing.voyageId,
    containers: [{ containerNumber: freshContainerNumber().valid, isoCode: '22G1', tareWeight: 2200 }],
  });
  await expect(bookingRow).toContainText('CONFIRMED', { timeout: 10_000 });
  expect(await stillUnreloaded(page)).toBe(true);
  await expectNoSeriousAxeViolations(page);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open booking cards change when the carrier confirms, without a reload', async ({
    page,
    customer,
    carrier,
  }) => {
    test.setTimeout(90_000);
    const booking = await bookingFor(customer);
    await enterAs(page, customer, '/app-dashboard/app-booking-list');
    const card = page.getByTestId('booking-card').filter({ hasText: booking.number });
    await expect(card).toContainText('REQUESTED');
    await markPage(page);
    const sailing = await sailingFor(carrier, { pol: 'INNSA', pod: 'AEJEA' });
    await carrier.call('POST', `/cp/bookings/${booking.id}/confirm/`, {
      voyageId: sailing.voyageId,
      containers: [{ containerNumber: freshContainerNumber().valid, isoCode: '22G1', tareWeight: 2200 }],
    });
    await expect(card).toContainText('CONFIRMED', { timeout: 10_000 });
    expect(await stillUnreloaded(page)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  });
});
