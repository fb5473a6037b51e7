import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, expectNoSidewaysScroll, test } from './fixtures';
import { draftBillFor, enterAs, submitBill } from './records';

/**
 * Issue 28 item 11, "Phones": the bill review's comparison read at 390 px with both columns (and axe clean there, no
 * unreachable scroll region), rate-enquiry messages wrapped rather than cut, and the profile phone keeping the plus
 * of its calling code.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

// axe takes seconds per screen on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** The element lies within the window's width: nothing of it is off to the side. */
async function expectWithinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the review comparison shows the approved and the current value of a field on a phone, and on a desktop', async ({
  page,
  customer,
  carrier,
  staff,
}) => {
  const { bill } = await draftBillFor(customer, carrier);
  const submitted = await submitBill(customer, bill, { containers: [{ gross: 9800.46, packages: 1200 }] });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // The administrator signs in once (each sign-in spends a code of their authenticator app); the page keeps it.
    if (size === PHONE) await enterAs(page, staff, `/app-dashboard-admin/bl-review/${submitted.id}`);
    else await page.goto(`/app-dashboard-admin/bl-review/${submitted.id}`);
    const comparison = page.getByRole('table', { name: /Side by side/ });
    const gross = comparison.getByRole('row', { name: /^Container 1 · Cargo gross weight \(KG\)/ });
    await expect(gross).toBeVisible();
    const [approved, current] = [gross.getByRole('cell').nth(0), gross.getByRole('cell').nth(1)];
    await expect(current).toContainText('9,800.46');
    // Both values in sight, side by side on a desktop, one under the other on a phone: no column off the screen.
    await gross.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, approved);
    await expectWithinWidth(page, current);
    if (size === PHONE) {
      await expect(current.getByText('Current', { exact: true })).toBeVisible();
      const [a, c] = [(await approved.boundingBox())!, (await current.boundingBox())!];
      expect(c.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
    } else {
      await expect(comparison.getByRole('columnheader', { name: 'Current' })).toBeVisible();
      await expect(current.getByText('Current', { exact: true })).toBeHidden();
    }
    // The comparison's region scrolls nothing on a phone, and is reached by Tab where it might.
    await expect(page.getByRole('region', { name: /Side by side/ })).toHaveAttribute('tabindex', '0');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
  }
});

test('the rate enquiry’s messages wrap on a phone instead of being cut', async ({ page, customer }) => {
  await page.setViewportSize(PHONE);
  await enterAs(page, customer, '/app-dashboard/app-rate-enquiry');
  const form = page.getByRole('form', { name: 'Rate enquiry' });
  await form.getByLabel(/^Weight per container/).fill('0');
  await form.getByRole('button', { name: 'Get price' }).click();
  await expect(page.getByText('Please pick a port of loading')).toBeVisible();
  const messages = form.locator('.mantine-InputWrapper-error');
  await expect(messages.first()).toBeVisible();
  expect(await messages.count()).toBeGreaterThan(2);
  for (const message of await messages.all()) {
    const text = (await message.textContent()) ?? '';
    // Whole: nothing hidden to the side or below, no ellipsis.
    const cut = await message.evaluate(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1 ||
        getComputedStyle(element).textOverflow === 'ellipsis',
    );
    expect(cut, `"${text}" is cut`).toBe(false);
    await expectWithinWidth(page, message);
  }
  // The weight's message is longer than its half-width cell on a phone: it takes more than one line.
  const weight = messages.filter({ hasText: 'more than 0' });
  await expect(weight).toContainText('more than 0');
  expect((await weight.boundingBox())!.height).toBeGreaterThan(25);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
});

test('the profile phone keeps the plus of its calling code, and the server takes it', async ({
  page,
  customer,
}) => {
  await page.setViewportSize(PHONE);
  await enterAs(page, customer, '/app-profile');
  await page.getByRole('button', { name: 'Update Profile' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await expect(dialog).toBeVisible();
  const phone = dialog.getByLabel(/^Phone/);
  await dialog.getByLabel(/^Country/).fill('india');
  await page.getByRole('option', { name: /^India/ }).click();
  await expect(phone).toHaveValue(/^\+91/);
  // Digits typed at the field's start (a tap before the plus): the plus stays in front.
  await phone.fill('+91');
  await phone.press('Home');
  await phone.pressSequentially('98');
  // (The caret goes to the end once the plus is moved back in front: '+9918'.)
  await expect(phone).toHaveValue(/^\+[0-9]{4}$/);
  // A number pasted with a space or words in front keeps its plus.
  await phone.fill(' +91 98200 12345');
  await expect(phone).toHaveValue('+919820012345');
  await phone.fill('Tel: +91 98200 54321');
  await expect(phone).toHaveValue('+919820054321');
  // The profile page behind the dialog does not scroll sideways (the address wraps: e2e/dates.spec.ts).
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/app-profile');
  await expect(page.getByText('+919820054321')).toBeVisible();
});
