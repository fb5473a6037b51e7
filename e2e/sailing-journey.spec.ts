import { enquire, expect, expectNoSeriousAxeViolations, expectToast, test } from './fixtures';
import { enterAs, freshContainerNumber, submitBill } from './records';

type AdminVoyage = {
  version: number;
  vessel: { name: string };
  carrierVoyageNumber: string;
  calls: { sequence: number; port: { code: string; name: string }; eta: string; etd: string }[];
};

const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

/**
 * Issue 26's journey, one booking from the schedule to a delay: a new customer searches the sailings from Nhava
 * Sheva to Jebel Ali, asks for a price on the last one in the window, accepts and books; the carrier confirms the
 * booking on that very voyage (over the API: the confirm form has its own spec); the shipment page shows the plan on
 * that vessel and the SI deadline; the customer submits the bill and the SI task is done; the carrier delays the
 * vessel's departure from Nhava Sheva by 26 hours, and the customer's open page shows it in the bell without a
 * reload, leading to the shipment page with the new departure. The voyage is the demo schedule's last sailing of the
 * window (four weeks out), which no other spec changes.
 */
test('a sailing booked from the schedule, followed on the shipment page, and its delay told live', async ({
  page,
  customer,
  carrier,
}) => {
  test.setTimeout(180_000);
  await enterAs(page, customer, '/app-dashboard/app-schedules?pol=INNSA&pod=AEJEA&maxTranshipment=0');
  const sailings = page.getByTestId('sailing');
  await expect(sailings.first()).toBeVisible();
  await sailings
    .last()
    .getByRole('link', { name: /^Get a price for / })
    .click();
  await expect(page).toHaveURL(/voyageId=\d+/);
  const voyageId = Number(new URL(page.url()).searchParams.get('voyageId'));

  // The sailing's ports are filled in from its voyage: wait for them, or typing races the prefill (once in CI the
  // field read "… (INNSA)INNSA" and offered nothing).
  await expect(page.getByRole('textbox', { name: /^Port of loading/ })).toHaveValue(/\(INNSA\)$/);
  await expect(page.getByRole('textbox', { name: /^Port of discharge/ })).toHaveValue(/\(AEJEA\)$/);
  // Priced from the tariff at once, accepted: the booking is on the chosen sailing.
  await enquire(page, { pod: 'AEJEA', quantity: '1', fresh: false });
  await page.getByTestId('quotation-summary').getByRole('button', { name: 'Accept and book' }).click();
  await page
    .getByRole('dialog', { name: /^Accept .* and book\?$/ })
    .getByRole('button', { name: 'Accept and book' })
    .click();
  await expectToast(page, 'requested');
  await expect(page).toHaveURL(/app-booking-list\?bookingNo=/);
  const bookingNo = new URL(page.url()).searchParams.get('bookingNo')!;
  const { results } = await customer.api.call<{ results: { id: number; voyageId: number | null }[] }>(
    'GET',
    `/cp/bookings/?booking_number=${bookingNo}`,
  );
  const bookingId = results[0]!.id;
  expect(results[0]!.voyageId).toBe(voyageId);

  // The carrier confirms it on that voyage, with one container.
  const confirmed = await carrier.call<{ billOfLadingId: number; booking: { voyageId: number } }>(
    'POST',
    `/cp/bookings/${bookingId}/confirm/`,
    {
      voyageId,
      containers: [{ containerNumber: freshContainerNumber().valid, isoCode: '22G1', tareWeight: 2200 }],
    },
  );
  expect(confirmed.booking.voyageId).toBe(voyageId);
  const voyage = await carrier.call<AdminVoyage>('GET', `/cp/admin/voyages/${voyageId}/`);
  const loading = voyage.calls.find((call) => call.port.code === 'INNSA')!;

  // The shipment page: the plan on that vessel and voyage, the SI due.
  await page
    .getByRole('link', { name: `Shipment ${bookingNo}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/app-dashboard/app-shipment/${bookingId}$`));
  await expect(page.getByRole('region', { name: 'Transport plan' })).toContainText(
    `${voyage.vessel.name} · voyage ${voyage.carrierVoyageNumber}`,
  );
  const si = page.getByTestId('task-SI');
  await expect(si).toHaveAttribute('data-state', 'due');
  await expect(si.getByTestId('task-SI-text')).toHaveText(/^SI due in \d+ d/);
  await expectNoSeriousAxeViolations(page);

  // The customer submits the bill (the SI): the task is done.
  const bill = await customer.api.call<Parameters<typeof submitBill>[1]>(
    'GET',
    `/cp/bill-of-ladings/${confirmed.billOfLadingId}`,
  );
  await submitBill(customer, bill);
  await page.reload();
  await expect(page.getByTestId('task-SI')).toHaveAttribute('data-state', 'done');

  // The carrier delays the departure from Nhava Sheva by 26 hours; the open page's bell shows it, no reload.
  const bell = page.getByRole('button', { name: /^Notifications, / });
  const unread = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) unread/)?.[1] ?? 0);
  const later = (iso: string) => new Date(Date.parse(iso) + 26 * 3_600_000).toISOString();
  await carrier.call('POST', `/cp/admin/voyages/${voyageId}/calls/${loading.sequence}/delay/`, {
    version: voyage.version,
    eta: later(loading.eta),
    etd: later(loading.etd),
    reason: 'Berth congestion at Nhava Sheva',
  });
  await expect(bell).toHaveAttribute('aria-label', bellLabel(unread + 1), { timeout: 15_000 });
  await bell.click();
  const notice = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `${voyage.vessel.name} ${voyage.carrierVoyageNumber}: ` })
    .first();
  await expect(notice).toContainText('26 h later');
  await expect(notice).toContainText('Berth congestion at Nhava Sheva');
  // The notice leads to this booking's shipment page (the customer's only booking on the voyage).
  await notice.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/app-dashboard/app-shipment/${bookingId}$`));
  await expect(page.getByRole('region', { name: 'Transport plan' })).toContainText(voyage.vessel.name);
});
