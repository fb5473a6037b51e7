import type { NotificationListResponse } from '@lading/contract/notifications';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  freshContainerNumber,
  test,
} from './fixtures';
import { draftBillFor, enterAs } from './records';

/** The bell's label for this many unread notices. */
const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

/** An instant `hours` ago, as the CSV writes it (ISO 8601 in UTC, whole seconds). */
const hoursAgo = (hours: number) =>
  new Date(Date.now() - hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const HEADER = 'containerNumber,eventCode,UNLocationCode,facility,eventDateTime,voyageNumber,emptyIndicator';
const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`),
});

/** Types a reference in a tracking search box and searches with Enter. */
async function search(page: Page, label: string, reference: string) {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(reference);
  await box.press('Enter');
}

/**
 * Issue 30's journey. A new customer's booking is confirmed with a container; the customer opens the Track screen
 * (a wrong check digit is refused before any call, the booking number finds the shipment, the container number its
 * timeline: not gated in yet). Carrier staff, in a browser of their own, import a CSV of moves on the equipment
 * events screen: a bad file is refused line by line and writes nothing, the good one imports two moves. The
 * customer's open page shows the milestones without a reload, in the bell and on the Track screen (the notification
 * stream); axe and a phone's width are checked there. The public /track page, reached from the login page without
 * signing in, shows the milestones and nothing else: no booking or bill number, no party.
 */
test('staff import terminal moves; the customer’s Track screen and bell show them live; public tracking shows the milestones only', async ({
  page,
  browser,
  customer,
  carrier,
}) => {
  // A customer, a booking confirmed, three browsers signed in or not, on a two-core machine that other runs share.
  test.setTimeout(150_000);
  const { booking, bill, containers } = await draftBillFor(customer, carrier);
  const container = containers[0]!;
  const { results: ports } = await customer.api.call<{ results: { code: string; name: string }[] }>(
    'GET',
    '/core/base/v1/ports/?limit=5&code=INNSA',
  );
  const origin = ports.find((port) => port.code === 'INNSA')!.name;
  // The set-up's notices (membership approved, booking confirmed) are in before the count is taken.
  const notices = () => customer.api.call<NotificationListResponse>('GET', '/cp/notifications/?limit=100');
  await expect
    .poll(async () => (await notices()).results.map((n) => n.kind), { timeout: 20_000 })
    .toContain('BOOKING_CONFIRMED');
  const before = (await notices()).unreadCount;

  // The customer's Track screen, from the header menu.
  await enterAs(page, customer, '/app-dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track' }).click();
  await expect(page.getByRole('heading', { name: 'Track', level: 1 })).toBeVisible();
  const trackBox = 'Container, bill of lading or booking number';

  // A container number with a wrong check digit: said at once, nothing asked of the server.
  const wrong = freshContainerNumber().wrong;
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('/cp/track/')) asked += 1;
  });
  await search(page, trackBox, wrong);
  await expect(page.getByRole('heading', { name: `Container ${wrong}`, level: 2 })).toBeFocused();
  await expect(page.getByTestId('track-message')).toContainText('Check digit does not match');
  expect(asked).toBe(0);

  // The booking number: the shipment, its route strip and its container, not gated in yet.
  await search(page, trackBox, booking.number);
  await expect(page.getByRole('heading', { name: `Booking ${booking.number}`, level: 2 })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Route' }).getByRole('listitem').first()).toContainText(
    `${origin} (INNSA)`,
  );
  const box = page.getByRole('region', { name: `Container ${container}` });
  await expect(box.getByTestId('tracking-position')).toHaveText('Not gated in yet');
  await expect(page.getByRole('link', { name: `Shipment page of booking ${booking.number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Bill of lading ${bill.number}` })).toBeVisible();

  // The container number, written as on the papers; the address keeps the search.
  await search(page, trackBox, `${container.slice(0, 4)} ${container.slice(4, 10)}-${container.slice(10)}`);
  await expect(page.getByRole('heading', { name: `Container ${container}`, level: 2 })).toBeFocused();
  await expect(page).toHaveURL(/\/app-dashboard\/app-track\?ref=/);
  await expect(box.getByTestId('tracking-position')).toHaveText('Not gated in yet');
  await expect(box.getByTestId('tracking-event')).toHaveCount(0);
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAttribute('aria-label', bellLabel(before));

  // Carrier staff, in a browser of their own, on the equipment events screen of the workspace.
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await enterAs(staff, carrier, '/app-dashboard-admin');
    // The Workspace menu, by keyboard.
    await staff.getByRole('button', { name: 'Workspace', exact: true }).focus();
    await staff.keyboard.press('Enter');
    const item = staff.getByRole('menuitem', { name: 'Equipment events' });
    await expect(item).toBeVisible();
    await item.focus();
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('heading', { name: 'Equipment events', level: 1 })).toBeVisible();
    // Just above a phone's width, staff's header (six entries, Workspace, office, bell, profile) still fits.
    await staff.setViewportSize({ width: 781, height: 800 });
    await expect(staff.getByRole('button', { name: /profile menu$/ })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(staff);
    await staff.setViewportSize({ width: 1280, height: 720 });
    await expect(staff.getByTestId('csv-header')).toContainText(HEADER);

    // One event by the form: a container on no booking is refused on its field, in the server's words.
    const stranger = freshContainerNumber().valid;
    const form = staff.getByRole('region', { name: 'Record one event' });
    await form.getByRole('textbox', { name: /^Container number/ }).fill(stranger);
    await form.getByRole('combobox', { name: /^Event\b/ }).click();
    await staff.getByRole('option', { name: 'GTIN — Gated in' }).click();
    await form.getByRole('textbox', { name: /^Place/ }).fill('INNSA');
    await staff
      .getByRole('option', { name: /\(INNSA\)/ })
      .first()
      .click();
    await form.getByRole('button', { name: 'Record event' }).click();
    const containerField = form.getByRole('textbox', { name: /^Container number/ });
    await expect(containerField).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText(`${stranger} is on no confirmed booking`);

    // A bad file: every bad line with its column and problem, and nothing imported.
    const file = staff.getByLabel('CSV file of moves');
    await file.setInputFiles(
      csv('moves-bad.csv', [
        `${freshContainerNumber().wrong},GTIN,INNSA,,${hoursAgo(2)},,LADEN`,
        `${container},GTXX,INNSA,,${hoursAgo(1)},,LADEN`,
      ]),
    );
    await staff.getByRole('button', { name: 'Import moves' }).click();
    await expect(staff.getByTestId('import-refused')).toContainText('2 errors in moves-bad.csv');
    const errors = staff.getByTestId('import-errors').locator('tbody tr');
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toContainText('2containerNumbercheck digit does not match');
    await expect(errors.nth(1)).toContainText('3eventCodemust be one of');
    await expectNoSeriousAxeViolations(staff);

    // The good file: the empty box picked up at the origin depot, then gated in full at the port of loading.
    await file.setInputFiles(
      csv('moves.csv', [
        `${container},GTOT,INNSA,,${hoursAgo(3)},,EMPTY`,
        `${container},GTIN,INNSA,,${hoursAgo(1)},,LADEN`,
      ]),
    );
    await staff.getByRole('button', { name: 'Import moves' }).click();
    await expect(staff.getByTestId('import-done')).toHaveText('2 moves imported from moves.csv');
    await expect(staff.getByTestId('import-errors')).toHaveCount(0);
  } finally {
    await staffContext.close();
  }

  // The customer's open page, no reload: the bell counts both milestones, the Track screen moves the container on.
  await expect(bell).toHaveAttribute('aria-label', bellLabel(before + 2), { timeout: 15_000 });
  await expect(box.getByTestId('tracking-position')).toHaveText(`At ${origin} (origin)`);
  const events = box.getByTestId('tracking-event');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText('Gated out (empty)');
  await expect(events.nth(1)).toContainText('Gated in');
  await expect(events.nth(1)).toContainText(`${origin} (INNSA)`);
  // In the port's own time, with its offset (India: GMT+5:30).
  await expect(events.nth(1).locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} GMT\+5:30$/);
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('listitem').first()).toContainText(`Gated in at origin: ${container}`);
  await expect(dialog.getByRole('listitem').nth(1)).toContainText(`Empty container picked up: ${container}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectNoSeriousAxeViolations(page);

  // On a phone: nothing scrolls sideways, the search and the timeline are all there.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('textbox', { name: trackBox })).toBeInViewport();
  await expect(box.getByTestId('tracking-position')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The shipment page shows the same timeline.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: `Shipment page of booking ${booking.number}` }).click();
  const tracking = page.getByRole('region', { name: 'Tracking' });
  await expect(tracking.getByRole('region', { name: `Container ${container}` })).toContainText(
    `At ${origin} (origin)`,
  );
  await expect(tracking.getByTestId('tracking-event')).toHaveCount(2);

  // Public tracking, from the login page, signed out: the milestones and nothing else.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/app-login');
    await visitor.getByRole('link', { name: 'Track a shipment' }).click();
    await expect(visitor).toHaveURL(/\/track$/);
    await expect(visitor.getByRole('heading', { name: 'Track a shipment', level: 1 })).toBeVisible();
    await expect(visitor.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const publicBox = 'Container or bill of lading number';
    await search(visitor, publicBox, container);
    await expect(visitor.getByRole('heading', { name: `Container ${container}`, level: 2 })).toBeFocused();
    const milestones = visitor.getByTestId('public-milestone');
    await expect(milestones).toHaveCount(2);
    await expect(milestones.nth(0)).toContainText('Empty container picked up');
    await expect(milestones.nth(1)).toContainText('Gated in at origin');
    await expect(milestones.nth(1)).toContainText(`${origin} (INNSA)`);
    await expect(milestones.nth(1).locator('time')).toHaveText(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
    );
    const shown = await visitor.locator('body').innerText();
    for (const secret of [
      booking.number,
      bill.number,
      customer.companyName,
      customer.lastName,
      customer.email,
      'Lion City Textiles',
    ])
      expect(shown, secret).not.toContain(secret);
    await expectNoSeriousAxeViolations(visitor);

    // An unknown number says there is nothing, as a known one without milestones would.
    await search(visitor, publicBox, freshContainerNumber().valid);
    await expect(visitor.getByTestId('public-track-none')).toHaveText(
      'No tracking information for this number.',
    );
    await visitor.setViewportSize({ width: 390, height: 844 });
    await search(visitor, publicBox, container);
    await expect(milestones).toHaveCount(2);
    await expectNoSidewaysScroll(visitor);
    await expectNoSeriousAxeViolations(visitor);
  } finally {
    await visitorContext.close();
  }
});
