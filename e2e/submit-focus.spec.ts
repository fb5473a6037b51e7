import type { Locator, Page } from '@playwright/test';
import { BASE_URL, expect, expectToast, openBill, test } from './fixtures';
import { type Bill, type Customer, draftBillFor, enterAs, newCustomer, submitBill } from './records';

/**
 * Issue 28, item 8: after a failed Submit the first invalid field has the focus and is on screen with its label,
 * below the fixed header and above the bill form's sticky Clear / Submit bar, at 1440 and 390 px. The field is put
 * where a browser scrolls nothing by itself: just behind the header (or behind the sticky bar), which the browser
 * counts as "in view".
 */

const HEADER = 60; // --lading-header-height (apps/web/src/app/global.css)

const SIZES = [
  { name: '1440 px', width: 1440, height: 900 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** Scrolls the page so the top of `locator` is `y` px from the top of the viewport. */
async function placeTopAt(locator: Locator, y: number) {
  await locator.evaluate((element, at) => {
    window.scrollBy(0, element.getBoundingClientRect().top - at);
  }, y);
}

/** The focused field and its label are wholly between `top` and `bottom` (viewport y). */
async function expectFocusedInView(page: Page, field: Locator, label: Locator, bottomBar: Locator | null) {
  await expect(field).toBeFocused();
  await expect
    .poll(async () => {
      const viewport = page.viewportSize()!;
      const bar = bottomBar ? await bottomBar.boundingBox() : null;
      const bottom = bar ? bar.y : viewport.height;
      // A box is null for a moment while the field re-renders (a typeahead swapping its input): poll again.
      const fieldBox = await field.boundingBox();
      const labelBox = await label.boundingBox();
      if (!fieldBox || !labelBox) return null;
      return {
        labelBelowHeader: labelBox.y >= HEADER,
        fieldAboveBottom: fieldBox.y + fieldBox.height <= bottom,
      };
    })
    .toEqual({ labelBelowHeader: true, fieldAboveBottom: true });
}

let owner: Customer;
let bill: Bill;
test.beforeAll(async ({ carrier }) => {
  owner = await newCustomer(BASE_URL, carrier);
  const { bill: draft } = await draftBillFor(owner, carrier);
  bill = await submitBill(owner, draft);
});
test.afterAll(async () => owner?.api.dispose());

for (const size of SIZES) {
  test(`bill form at ${size.name}: the first invalid field comes out from under the header and the Submit bar`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openBill(page, bill.number, owner);
    const shipperName = page.getByRole('textbox', { name: /^Shipper Name as in BL/ });
    const shipperLabel = page.locator('label').filter({ hasText: /^Shipper Name as in BL/ });
    const submit = page.getByRole('button', { name: 'Submit' });
    const bar = submit.locator('xpath=ancestor::div[contains(@class, "actions")][1]');
    await shipperName.fill('');
    await shipperName.blur();

    // Just behind the header: the browser counts it as in view and would scroll nothing.
    await placeTopAt(shipperName, 20);
    await submit.click();
    await expectToast(page, 'Please Fill All required Fields');
    await expectFocusedInView(page, shipperName, shipperLabel, bar);

    // Behind the sticky Clear / Submit bar at the bottom: the same.
    await page.getByRole('button', { name: 'Submit' }).focus();
    await placeTopAt(shipperName, size.height - 30);
    await submit.click();
    await expectFocusedInView(page, shipperName, shipperLabel, bar);
  });

  test(`rate enquiry at ${size.name}: the first invalid field comes out from under the header`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await enterAs(page, owner, '/app-dashboard/app-rate-enquiry');
    await expect(page.getByRole('heading', { name: 'Rate Enquiry' })).toBeVisible();
    const pol = page.getByRole('textbox', { name: /^Port of loading/ });
    const polLabel = page.locator('label').filter({ hasText: /^Port of loading/ });
    // The page is short at 1440 px: room below it, so the field can be scrolled behind the header.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '100vh';
    });
    await placeTopAt(pol, 20);
    await page.getByRole('button', { name: 'Get price' }).click();
    await expectFocusedInView(page, pol, polLabel, null);
  });
}

/**
 * In a dialog the title bar is sticky: scrolled down to its buttons, the dialog's first field is behind it. The
 * field is put just behind the title (the browser counts it as in view).
 */
async function placeBehindDialogTitle(field: Locator) {
  await field.evaluate((element) => {
    const scroller = element.closest('.mantine-Modal-content') as HTMLElement;
    const title = scroller.querySelector('.mantine-Modal-header')!;
    scroller.scrollTop += element.getBoundingClientRect().top - title.getBoundingClientRect().bottom + 10;
  });
}

async function expectBelowDialogTitle(dialog: Locator, field: Locator, label: Locator) {
  await expect(field).toBeFocused();
  await expect
    .poll(async () => {
      const title = (await dialog.locator('.mantine-Modal-header').boundingBox())!;
      return (await label.boundingBox())!.y >= title.y + title.height;
    })
    .toBe(true);
}

test('company request at 390 x 480: the first invalid field comes out from under the dialog title', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 480 });
  await enterAs(page, owner, '/app-profile');
  await page.getByRole('button', { name: 'Request a new company' }).click();
  const request = page.getByRole('dialog', { name: 'Request a new company' });
  const name = request.getByRole('textbox', { name: /^Company name/ });
  const nameLabel = request.locator('label').filter({ hasText: /^Company name/ });
  await expect(name).toBeVisible();
  await placeBehindDialogTitle(name);
  await request.getByRole('button', { name: 'Send request' }).click();
  await expectBelowDialogTitle(request, name, nameLabel);
});
