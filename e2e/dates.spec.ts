import type { Page } from '@playwright/test';
import { enquire, expect, expectNoSeriousAxeViolations, expectNoSidewaysScroll, test } from './fixtures';
import { enterAs } from './records';

/**
 * Issue 28 item 4, "Dates typed as dd/MM/yyyy": a date is typed and shown as the portal writes it, with a calendar
 * beside it, whatever the browser's locale (a native date input follows the locale: mm/dd/yyyy under en-US,
 * dd.mm.yyyy under de-DE). The same steps under both, on the rate enquiry (a customer) and the audit trail's filters
 * (the carrier's administrator), on a desktop and a phone. And the profile page, which scrolled sideways on a phone.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

// axe takes seconds per screen on a busy machine.
test.describe.configure({ timeout: 120_000 });

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The calendar's button and its dialog for a field. */
function calendar(page: Page, field: string) {
  const name = `Choose ${field} from the calendar`;
  return { button: page.getByRole('button', { name }), dialog: page.getByRole('dialog', { name }) };
}

for (const locale of ['en-US', 'de-DE']) {
  test.describe(`under ${locale}`, () => {
    test.use({ locale });

    for (const size of [DESKTOP, PHONE]) {
      test(`the cargo ready date is typed as dd/mm/yyyy or picked from the calendar, at ${size.width} px`, async ({
        page,
        customer,
      }) => {
        await page.setViewportSize(size);
        await enterAs(page, customer, '/app-dashboard/app-rate-enquiry');
        const ready = page.getByRole('textbox', { name: /^Cargo ready date/ });
        // Today, as the portal writes dates (not the browser's mm/dd/yyyy or dd.mm.yyyy).
        const today = new Date();
        const todayText = [today.getDate(), today.getMonth() + 1]
          .map((n) => String(n).padStart(2, '0'))
          .concat(String(today.getFullYear()))
          .join('/');
        await expect(ready).toHaveValue(todayText);
        await expect(ready).toHaveAttribute('placeholder', 'dd/mm/yyyy');

        // No 31st of February: the field says so, by name, once left.
        const notADate = page.getByText('Cargo ready date must be a date, as dd/mm/yyyy');
        await ready.fill(`31/02/${NEXT_YEAR}`);
        await ready.press('Tab');
        await expect(notADate).toBeVisible();
        await expect(ready).toHaveAttribute('aria-invalid', 'true');

        // 12/05 is the 12th of May: the calendar opens on it, from the keyboard too.
        await ready.fill(`12/05/${NEXT_YEAR}`);
        await expect(notADate).toBeHidden();
        const { button, dialog } = calendar(page, 'Cargo ready date');
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: `12 May ${NEXT_YEAR}`, exact: true })).toBeFocused();
        await expectNoSeriousAxeViolations(page);
        await expectNoSidewaysScroll(page);
        // Arrows move between days; Enter picks one, which goes into the text, with the focus.
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowDown');
        await expect(dialog.getByRole('button', { name: `20 May ${NEXT_YEAR}`, exact: true })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        await expect(ready).toHaveValue(`20/05/${NEXT_YEAR}`);
        await expect(ready).toBeFocused();
        // Escape closes the calendar and gives the focus back to its button.
        await button.click();
        await expect(dialog.getByRole('button', { name: `20 May ${NEXT_YEAR}`, exact: true })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(button).toBeFocused();

        // A click on a day of the calendar, then the date typed again: the API gets it as an ISO date.
        await button.click();
        await dialog.getByRole('button', { name: `21 May ${NEXT_YEAR}`, exact: true }).click();
        await expect(ready).toHaveValue(`21/05/${NEXT_YEAR}`);
        await ready.fill(`1/6/${NEXT_YEAR}`);
        const sent = page.waitForRequest(
          (request) => request.method() === 'POST' && request.url().endsWith('/cp/quotations/'),
        );
        await enquire(page, { pod: 'AEJEA', quantity: '1', fresh: false });
        expect((await sent).postDataJSON()).toMatchObject({ cargoReadyDate: `${NEXT_YEAR}-06-01` });
        await expect(page.getByTestId('quotation-summary')).toContainText(`01/06/${NEXT_YEAR}`);
        await expectNoSidewaysScroll(page);
        await expectNoSeriousAxeViolations(page);
      });

      test(`the audit trail's dates are read as dd/mm/yyyy, at ${size.width} px`, async ({ page, staff }) => {
        await page.setViewportSize(size);
        await enterAs(page, staff, '/app-dashboard-admin/audit');
        await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
        // On a phone the filters are in a drawer.
        const filters =
          size === PHONE
            ? page.getByRole('dialog', { name: 'Filter the audit trail' })
            : page.locator('main');
        if (size === PHONE) await page.getByRole('button', { name: 'Filters' }).click();
        const from = filters.getByRole('textbox', { name: 'From', exact: true });
        const to = filters.getByRole('textbox', { name: 'To', exact: true });
        // 02/01 to 01/02 is January: read as mm/dd it would end before it starts, and the server would refuse it.
        const asked = page.waitForRequest((request) => {
          const url = new URL(request.url());
          return (
            url.pathname === '/cp/admin/audit-events/' &&
            url.searchParams.get('from') === `${NEXT_YEAR - 1}-01-02` &&
            url.searchParams.get('to') === `${NEXT_YEAR - 1}-02-01`
          );
        });
        await from.fill(`02/01/${NEXT_YEAR - 1}`);
        await to.fill(`01/02/${NEXT_YEAR - 1}`);
        await asked;
        await expect(filters.getByText('must not be before from')).toHaveCount(0);

        // A day that is not one: said by the field, and the list keeps its dates meanwhile.
        await to.fill(`30/02/${NEXT_YEAR - 1}`);
        await to.press('Tab');
        await expect(filters.getByText('To must be a date, as dd/mm/yyyy')).toBeVisible();

        // The calendar of To, picked by the keyboard: the field and the list follow.
        const { button, dialog } = calendar(page, 'To');
        await button.focus();
        await page.keyboard.press('Enter');
        // Nothing valid typed: it opens on the date the filter has.
        await expect(
          dialog.getByRole('button', { name: `1 February ${NEXT_YEAR - 1}`, exact: true }),
        ).toBeFocused();
        await expectNoSeriousAxeViolations(page);
        await page.keyboard.press('ArrowRight');
        const picked = page.waitForRequest(
          (request) => new URL(request.url()).searchParams.get('to') === `${NEXT_YEAR - 1}-02-02`,
        );
        await page.keyboard.press('Enter');
        await picked;
        await expect(to).toHaveValue(`02/02/${NEXT_YEAR - 1}`);
        await expect(filters.getByText('To must be a date, as dd/mm/yyyy')).toBeHidden();
        // Escape in the calendar closes the calendar only, not the drawer around it.
        await button.click();
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        if (size === PHONE) await expect(filters).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}

test('the profile page does not scroll sideways on a phone, with a long e-mail address', async ({
  page,
  customer,
}) => {
  await page.setViewportSize(PHONE);
  await enterAs(page, customer, '/app-profile');
  // The test's customer has a 40-odd character address, which pushed the page 31 px wide.
  expect(customer.email.length).toBeGreaterThan(35);
  await expect(page.getByText(customer.email)).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
});
