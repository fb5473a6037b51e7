import {
  BASE_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  test,
} from './fixtures';
import { waitForMail } from './mailbox';
import { bookingFor, draftBillFor, enterAs, newStaff, quotationFor } from './records';

type Sailing = {
  voyageId: number;
  vesselName: string;
  carrierVoyageNumber: string;
  serviceCode: string;
  etd: string;
  transhipment: unknown;
  cutOffs: { code: string; at: string }[];
};
type FullBooking = {
  id: number;
  number: string;
  status: string;
  voyageId: number | null;
  vesselName: string | null;
  voyageNumber: string | null;
};
type ShipmentRead = {
  booking: FullBooking;
  legs: { voyageId: number; planned: boolean }[];
  tasks: { code: 'SI' | 'VGM'; at: string | null; lateUntil: string | null }[];
  log: {
    record: string;
    action: string;
    actor: string;
    actorName: string | null;
    comment: string | null;
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
};

const HOUR = 3_600_000;

/** An instant at Nhava Sheva (India: GMT+5:30 all year), as the screens print it: "28/11/2026 18:00". */
function atNhavaSheva(iso: string): string {
  const local = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 26's carrier-staff actions on a shipment. A new customer's booking from Nhava Sheva to Jebel Ali is confirmed
 * on a sailing whose cut-offs are days away (draftBillFor). The demo admin opens its shipment page, rolls it over to
 * the lane's next sailing whose documentation cut-off has passed or falls within a day (the demo schedule is seeded
 * with such sailings; moving one booking onto it changes nothing of the voyage, which no spec delays), then accepts
 * the shipping instructions late on it. The customer's own view (API) shows the new sailing, both sailings in the
 * log and the acceptance; the customer's bell and mail hold the roll-over notice. Both dialogs pass axe and fit a
 * 390 px phone.
 */
test('staff roll a booking over to another sailing and accept its SI late; the customer is told', async ({
  page,
  customer,
  carrier,
  staff,
}) => {
  test.setTimeout(180_000);
  const { bill } = await draftBillFor(customer, carrier);
  const before = await customer.api.call<FullBooking>('GET', `/cp/bookings/${bill.bookingId}`);
  const from = `${before.vesselName} ${before.voyageNumber}`;

  // The sailing to move to: direct, leaving Nhava Sheva three hours from now or later, its DCO past or within a day.
  const { results } = await carrier.call<{ results: Sailing[] }>(
    'GET',
    '/cp/schedules/point-to-point/?pol=INNSA&pod=AEJEA&maxTranshipment=1',
  );
  const now = Date.now();
  const target = results.find((sailing) => {
    const dco = sailing.cutOffs.find((cutOff) => cutOff.code === 'DCO');
    return (
      sailing.voyageId !== before.voyageId &&
      !sailing.transhipment &&
      Date.parse(sailing.etd) > now + 3 * HOUR &&
      dco !== undefined &&
      Date.parse(dco.at) <= now + 24 * HOUR
    );
  });
  if (!target)
    throw new Error('the demo schedule has no INNSA-AEJEA sailing whose DCO is past or within a day');
  const to = `${target.vesselName} ${target.carrierVoyageNumber}`;
  const reason = `Vessel full at Nhava Sheva ${Date.now().toString(36)}`;

  // A carrier administrator on the shipment page.
  await enterAs(page, staff, `/app-dashboard/app-shipment/${before.id}`);
  await expect(page.getByRole('heading', { name: `Shipment ${before.number}`, level: 1 })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Transport plan' });
  await expect(plan.getByTestId('shipment-leg').first()).toContainText(
    `${before.vesselName} · voyage ${before.voyageNumber}`,
  );
  // The SI's cut-off is days away on this sailing: no late acceptance offered yet.
  await expect(page.getByTestId('task-SI')).toHaveAttribute('data-state', 'due');
  await expect(page.getByTestId('task-SI').getByRole('button', { name: /^Accept late…/ })).toHaveCount(0);

  // Roll over: the lane's other sailings, the booking's own left out; a sailing and a reason are required.
  await plan.getByRole('button', { name: 'Roll over to another sailing…' }).click();
  const rollOver = page.getByRole('dialog', {
    name: `Roll over booking ${before.number} to another sailing`,
  });
  await expect(rollOver.getByTestId('roll-over-sailing').first()).toBeVisible();
  await expect(rollOver.getByRole('radio', { name: new RegExp(`^${literal(from)} · `) })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await rollOver.getByRole('button', { name: 'Review the move' }).click();
  await expect(rollOver.getByText('Please pick the new sailing')).toBeVisible();
  await expect(rollOver.getByText('Give a reason')).toBeVisible();

  const optionName = `${to} · ${target.serviceCode}`;
  await rollOver.getByRole('radio', { name: optionName }).check();
  await expect(
    rollOver
      .getByTestId('roll-over-sailing')
      .filter({ has: page.getByRole('radio', { name: optionName }) })
      .getByTestId('roll-over-etd'),
  ).toHaveText(new RegExp(`^ETD \\w{3} ${literal(atNhavaSheva(target.etd))} GMT\\+5:30 from .*Nhava Sheva`));
  await rollOver.getByRole('textbox', { name: /^Reason/ }).fill(reason);
  await rollOver.getByRole('button', { name: 'Review the move' }).click();

  // The confirmation says what happens; then the move, the toast, the new sailing on the plan, both in the log.
  const confirmation = rollOver.getByTestId('roll-over-confirmation');
  await expect(confirmation).toContainText(`Move ${before.number} from ${from} to ${to}?`);
  await expect(confirmation).toContainText('The customer is told (bell and e-mail), with your reason.');
  await expect(confirmation).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await rollOver.getByRole('button', { name: 'Move the booking' }).click();
  await expectToast(page, `Booking ${before.number} moved to ${to}`);
  await expect(rollOver).toBeHidden();
  await expect(plan.getByTestId('shipment-leg').first()).toContainText(
    `${target.vesselName} · voyage ${target.carrierVoyageNumber}`,
  );
  const log = page.getByTestId('shipment-log');
  await expect(log).toContainText('Moved to another sailing');
  await expect(log).toContainText(`${from} → ${to}`);
  await expect(log).toContainText(reason);

  // On the new sailing the SI's cut-off has passed or is near: staff accept it late.
  const si = page.getByTestId('task-SI');
  await si.getByRole('button', { name: /^Accept late…/ }).click();
  const late = page.getByRole('dialog', { name: `Accept the SI of ${bill.number} late` });
  await expect(late.getByTestId('late-acceptance-cut-off')).toHaveText(
    /^The documentation cut-off \(DCO\) at .*Nhava Sheva.* is \w{3} .* GMT\+5:30 \((in|passed) .*\)\.$/,
  );
  const until = late.getByRole('textbox', { name: /^Accept until \(port time, GMT\+5:30\)/ });
  await until.fill(atNhavaSheva(new Date(Date.now() - 2 * HOUR).toISOString()));
  await late.getByRole('textbox', { name: /^Reason/ }).fill('Shipper awaiting the consignee’s LC amendment');
  await late.getByRole('button', { name: 'Accept late' }).click();
  await expect(late.getByText('Accept until must be in the future')).toBeVisible();
  await expect(until).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeViolations(page);

  // Until an hour before the vessel leaves, in Nhava Sheva's time.
  const untilIso = new Date(Math.floor((Date.parse(target.etd) - HOUR) / 60_000) * 60_000).toISOString();
  await until.fill(atNhavaSheva(untilIso));
  await late.getByRole('button', { name: 'Accept late' }).click();
  await expectToast(page, `SI of ${bill.number} accepted late until`);
  await expect(late).toBeHidden();
  await expect(si).toContainText(
    new RegExp(`ccepted late until \\w{3} ${literal(atNhavaSheva(untilIso))} GMT\\+5:30`),
  );
  await expect(si).toHaveAttribute('data-state', 'due');
  await expect(log).toContainText('Late acceptance granted');

  // The customer's own view: the new sailing, the acceptance, both sailings in the log; the notice, once.
  const shipment = await customer.api.call<ShipmentRead>('GET', `/cp/bookings/${before.id}/shipment/`);
  expect(shipment.booking.voyageId).toBe(target.voyageId);
  expect(shipment.booking.vesselName).toBe(target.vesselName);
  expect(shipment.legs.find((leg) => !leg.planned)?.voyageId).toBe(target.voyageId);
  expect(shipment.tasks.find((task) => task.code === 'SI')?.lateUntil).toBe(untilIso);
  const rolled = shipment.log.find((entry) => entry.action === 'ROLLED_OVER');
  expect(rolled).toMatchObject({ record: 'BOOKING', actor: 'CARRIER', actorName: null, comment: reason });
  expect(rolled?.changes).toContainEqual({ field: 'sailing', before: from, after: to });
  expect(shipment.log.some((entry) => entry.action === 'LATE_ACCEPTANCE_GRANTED')).toBe(true);
  const notices = await customer.api.call<{
    results: { kind: string; title: string; body: string; link: string }[];
  }>('GET', '/cp/notifications/?limit=50');
  const moved = notices.results.filter((notice) => notice.kind === 'BOOKING_ROLLED_OVER');
  expect(moved).toHaveLength(1);
  expect(moved[0]).toMatchObject({
    title: `Booking ${before.number} moved to ${to}`,
    link: `/app-dashboard/app-shipment/${before.id}`,
  });
  expect(moved[0]?.body).toContain(reason);
  await waitForMail(
    (mail) => mail.to.includes(customer.email) && mail.subject.includes(`${before.number} moved to`),
  );

  // On a 390 px phone both dialogs fit (full screen) and stay free of serious axe findings.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('task-SI')).toContainText(/ccepted late until/);
  await expectNoSidewaysScroll(page);
  await plan.getByRole('button', { name: 'Roll over to another sailing…' }).click();
  await expect(rollOver.getByTestId('roll-over-sailing').first()).toBeVisible();
  await expect(rollOver.getByRole('radio', { name: `${to} · ${target.serviceCode}` })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
  await rollOver.getByRole('button', { name: 'Cancel' }).click();
  await expect(rollOver).toBeHidden();
  await page
    .getByTestId('task-SI')
    .getByRole('button', { name: /^Accept late…/ })
    .click();
  await expect(late.getByTestId('late-acceptance-running')).toContainText(atNhavaSheva(untilIso));
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
  await late.getByRole('button', { name: 'Cancel' }).click();
  await expect(late).toBeHidden();
  await expect(page.getByTestId('task-SI').getByRole('button', { name: /^Accept late…/ })).toBeFocused();
});

/**
 * A branch's scope: Chennai's staff (the demo branch admin, office MAA) open the shipment of a booking loading at
 * Chennai (the booking belongs to the office serving its port of loading), but a Nhava Sheva booking is outside
 * their office: the server answers 404 and the page says there is no such booking for them.
 */
test('Chennai branch staff open a Chennai shipment; a Nhava Sheva one is not found for them', async ({
  page,
  customer,
  carrier,
}) => {
  // A Chennai to Singapore enquiry has no tariff: the carrier prices it, the customer books it.
  const quotation = await quotationFor(customer, { pol: 'INMAA', pod: 'SGSIN' });
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await carrier.call('POST', `/cp/quotations/${quotation.id}/price/`, {
    currency: 'USD',
    validUntil,
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
  const chennai = await customer.api.call<FullBooking>('POST', `/cp/quotations/${quotation.id}/accept/`);
  const mumbai = await bookingFor(customer);

  // A member of the Chennai branch's staff (the demo branch admin's role and office).
  const branch = await newStaff(BASE_URL, carrier, { roles: ['CARRIER_STAFF_BRANCH'], offices: ['MAA'] });
  try {
    expect((await branch.api.raw('GET', `/cp/bookings/${chennai.id}/shipment/`)).status()).toBe(200);
    expect((await branch.api.raw('GET', `/cp/bookings/${mumbai.id}/shipment/`)).status()).toBe(404);
  } finally {
    await branch.api.dispose();
  }

  await enterAs(page, branch, `/app-dashboard/app-shipment/${chennai.id}`);
  await expect(page.getByRole('heading', { name: `Shipment ${chennai.number}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('shipment-route')).toContainText('(INMAA)');

  await page.goto(`/app-dashboard/app-shipment/${mumbai.id}`);
  await expect(page.getByText('Not found', { exact: true })).toBeVisible();
  await expect(
    page.getByText('There is no such booking, or your account has no access to it.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `Shipment ${mumbai.number}` })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
