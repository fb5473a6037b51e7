import {
  expect,
  expectBillForm,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  test,
} from './fixtures';
import { draftBillFor, enterAs, submitBill } from './records';

type Call = {
  port: { code: string };
  etd: string;
  eta: string;
  cutOffs: { code: string; at: string }[];
};

/** An instant at Nhava Sheva (India: GMT+5:30 all year, no clock change), as the screens print it: "28/11/2026 18:00". */
function atNhavaSheva(iso: string): string {
  const local = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

test('the customer’s shipment page: plan in each port’s time, SI deadline, documents, price and log; on a phone too', async ({
  page,
  customer,
  carrier,
}) => {
  // A booking confirmed on a sailing of the schedule (sailingFor: its cut-offs days away), with its draft bill.
  const { bill } = await draftBillFor(customer, carrier);
  const booking = await customer.api.call<{ id: number; voyageId: number; number: string }>(
    'GET',
    `/cp/bookings/${bill.bookingId}`,
  );
  const voyage = await customer.api.call<{
    carrierVoyageNumber: string;
    vessel: { name: string };
    calls: Call[];
  }>('GET', `/cp/voyages/${booking.voyageId}`);
  const loading = voyage.calls.find((call) => call.port.code === 'INNSA')!;
  const dco = loading.cutOffs.find((cutOff) => cutOff.code === 'DCO')!.at;

  // From the booking list, the booking's number opens its shipment page.
  await enterAs(page, customer, `/app-dashboard/app-booking-list?bookingNo=${booking.number}`);
  await page
    .getByRole('link', { name: `Shipment ${booking.number}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/app-dashboard/app-shipment/${booking.id}$`));
  await expect(page.getByRole('heading', { name: `Shipment ${booking.number}`, level: 1 })).toBeVisible();

  // The transport plan: the booking's sailing from Nhava Sheva, and (direct, or through the schedule's onward
  // connection at a transhipment port) to Jebel Ali, each call in its port's time with its offset.
  const plan = page.getByRole('region', { name: 'Transport plan' });
  const legs = plan.getByTestId('shipment-leg');
  await expect(legs.first()).toContainText(`${voyage.vessel.name} · voyage ${voyage.carrierVoyageNumber}`);
  const load = legs.first().getByTestId('plan-load');
  await expect(load).toContainText('Port of loading');
  await expect(load).toContainText('(INNSA)');
  await expect(load).toContainText(`${atNhavaSheva(loading.etd)} GMT+5:30`);
  const discharge = legs.last().getByTestId('plan-discharge');
  await expect(discharge).toContainText('Port of discharge');
  await expect(discharge).toContainText('(AEJEA)');
  await expect(discharge).toContainText('GMT+4');

  // The SI deadline: due, with the time left and the documentation cut-off in Nhava Sheva's time.
  const si = page.getByTestId('task-SI');
  await expect(si).toHaveAttribute('data-state', 'due');
  await expect(si.getByTestId('task-SI-text')).toHaveText(
    new RegExp(`^SI due in \\d+ d( \\d+ h)?, \\w{3} ${atNhavaSheva(dco)} GMT\\+5:30$`),
  );
  await expect(page.getByTestId('task-VGM')).toHaveAttribute('data-state', 'due');

  // Documents, pricing and the log.
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents).toContainText(`Draft bill of lading ${bill.number}`);
  await expect(documents.getByRole('button', { name: `Download PDF of ${bill.number}` })).toBeVisible();
  await expect(documents.getByRole('button', { name: `Download DCSA JSON of ${bill.number}` })).toBeVisible();
  await expect(page.getByTestId('shipment-charges').getByRole('row').nth(1)).toBeVisible();
  const log = page.getByTestId('shipment-log');
  await expect(log).toContainText('Confirmed (REQUESTED → CONFIRMED)');
  await expect(log).toContainText('by The carrier');
  await expect(log).toContainText('by You');
  await expectNoSeriousAxeViolations(page);

  // By keyboard: a section link moves the focus to its heading.
  await page
    .getByRole('navigation', { name: 'Sections of this shipment' })
    .getByRole('link', { name: 'Log' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Log', level: 2 })).toBeFocused();

  // On a 390 px phone: nothing scrolls the page sideways, and it stays free of serious axe findings.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('task-SI')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);

  // The bill's edit screen says the same deadline, from the shipment's documents.
  await page
    .getByRole('region', { name: 'Documents' })
    .getByRole('link', { name: `Open bill of lading ${bill.number}` })
    .click();
  await expectBillForm(page, bill.number);
  await expect(page.getByTestId('deadline-DCO')).toHaveText(
    new RegExp(`^SI due in \\d+ d( \\d+ h)?, \\w{3} ${atNhavaSheva(dco)} GMT\\+5:30$`),
  );
  await expectNoSidewaysScroll(page);

  // Once the customer has submitted the bill, the SI task is done.
  await submitBill(customer, bill);
  await page.goto(`/app-dashboard/app-shipment/${booking.id}`);
  await expect(page.getByTestId('task-SI')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('task-VGM')).toHaveAttribute('data-state', 'done');
});
