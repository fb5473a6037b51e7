import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  enquire,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  pick,
  test,
  typedDate,
} from './fixtures';
import { enterAs, uniqueTag } from './records';

/**
 * Issue 26, the schedules and the carrier's schedule. A customer of the test's own searches sailings from Nhava
 * Sheva to Jebel Ali (direct: departure and arrival in each port's time, the cut-offs), asks for a price on one,
 * lands on the rate enquiry with the lane filled in and gets a quotation on that sailing; Chennai to Rotterdam
 * connects at Colombo; on a phone the sailings are cards and nothing scrolls sideways; axe finds nothing serious on
 * the schedules and on a voyage's page. The administrator adds a vessel (a wrong IMO check digit is refused on the
 * field), a service of their own with a two-port rotation, generates its voyages years ahead (twice: the second time
 * they are all there already) and delays a call with a reason. The demo schedule is only read; the vessel, service
 * and voyages are this test's own (a unique code, IMO number and dates years ahead).
 */

// axe and a walk through several dialogs on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

/** A random IMO number, its check digit computed here (weights 7 to 2 over the first six digits, modulo 10). */
function freshImoNumber() {
  const digits = String(randomInt(100_000, 1_000_000));
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(digits[i]) * (7 - i);
  const check = sum % 10;
  return { valid: `${digits}${check}`, wrong: `${digits}${(check + 1) % 10}` };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A port time as shown ("28/11/2026 18:00") moved by whole hours (the wall time of a port without clock changes). */
function laterBy(value: string, hours: number) {
  const [, dd, mm, yyyy, time] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(value)!;
  return typedDate(new Date(Date.parse(`${yyyy}-${mm}-${dd}T${time}:00Z`) + hours * 3_600_000).toISOString());
}

/** Opens a screen from the header's Workspace menu. */
async function openFromWorkspace(page: Page, label: string) {
  await page.getByRole('button', { name: 'Workspace', exact: true }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

/** The schedules screen, searched for a lane. */
async function searchSailings(page: Page, pol: string, pod: string, { direct = false } = {}) {
  await pick(page, /^From \(port of loading\)/, pol, new RegExp(`\\(${pol}\\)`));
  await pick(page, /^To \(port of discharge\)/, pod, new RegExp(`\\(${pod}\\)`));
  await page.getByRole('radio', { name: direct ? 'Direct only' : 'Up to one transhipment' }).check();
  await page.getByRole('button', { name: 'Search sailings' }).click();
}

test.describe('a customer', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('finds the direct sailings from Nhava Sheva to Jebel Ali, then asks for a price on one', async ({
    page,
    customer,
  }) => {
    await enterAs(page, customer);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedules' }).click();
    await expect(page.getByRole('heading', { name: 'Schedules', level: 1 })).toBeVisible();
    // The window opens on today and four weeks on.
    const today = new Date();
    await expect(page.getByRole('textbox', { name: /^Departing from/ })).toHaveValue(typedDate(day(today)));
    await expect(page.getByRole('textbox', { name: /^Departing until/ })).toHaveValue(
      typedDate(day(new Date(today.getTime() + 28 * 86_400_000))),
    );

    await searchSailings(page, 'INNSA', 'AEJEA', { direct: true });
    await expect(page.getByTestId('sailings-summary')).toHaveText(
      /^\d+ sailings? from .*Nhava Sheva.* \(INNSA\) to Jebel Ali \(AEJEA\) departing .*, by departure\.$/,
    );
    await expect(page).toHaveURL(/pol=INNSA.*pod=AEJEA.*maxTranshipment=0/);
    const sailings = page.getByTestId('sailing');
    await expect(sailings.first()).toBeVisible();
    // By departure.
    const departures = await sailings.evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-etd')!),
    );
    expect(departures).toEqual([...departures].sort());

    // Each time in its port's own zone with the offset: Nhava Sheva +5:30, Jebel Ali +4.
    const first = sailings.first();
    await expect(first.getByTestId('sailing-etd')).toHaveText(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} GMT\+5:30$/,
    );
    await expect(first.getByTestId('sailing-eta')).toHaveText(/ \d{2}:\d{2} GMT\+4$/);
    await expect(first.getByTestId('sailing-transit')).toHaveText(/^\d+ days?$/);
    await expect(first.getByTestId('sailing-transhipment')).toHaveText('Direct');
    // The cut-offs at the port of loading: code, name and time there.
    await expect(first.getByTestId('cut-off')).toHaveCount(5);
    await expect(first.getByTestId('cut-off').filter({ hasText: 'DCO' })).toContainText(
      /DCO Documentation cut-off: \w{3} \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} GMT\+5:30/,
    );
    await expect(first.getByTestId('cut-off').filter({ hasText: 'STA' })).toContainText(
      'Standard booking acceptance',
    );
    await expectNoSeriousAxeViolations(page);

    // "Get a price" on the last sailing (weeks away: its booking cut-off is not near): the rate enquiry with the lane
    // filled in and the sailing named; the enquiry carries it.
    const last = sailings.last();
    const vessel = (await last.getByRole('heading', { level: 2 }).textContent())!.split(' · ')[0]!;
    await last.getByRole('link', { name: /^Get a price for / }).click();
    await expect(page).toHaveURL(/\/app-dashboard\/app-rate-enquiry\?.*pol=INNSA.*pod=AEJEA.*voyageId=\d+/);
    const voyageId = Number(new URL(page.url()).searchParams.get('voyageId'));
    await expect(page.getByRole('heading', { name: 'Rate Enquiry' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Port of loading/ })).toHaveValue(/\(INNSA\)$/);
    await expect(page.getByRole('textbox', { name: /^Port of discharge/ })).toHaveValue(/\(AEJEA\)$/);
    await expect(page.getByTestId('chosen-sailing')).toContainText(vessel);
    await enquire(page, { pod: 'AEJEA', fresh: false });
    const quotations = await customer.api.call<{ results: { voyageId: number | null }[] }>(
      'GET',
      '/cp/quotations/?limit=1',
    );
    expect(quotations.results[0]?.voyageId).toBe(voyageId);

    // Back: the same sailings.
    await page.goBack();
    await expect(page.getByTestId('sailings-summary')).toContainText('(INNSA) to Jebel Ali (AEJEA)');
    await expect(page.getByRole('textbox', { name: /^From \(port of loading\)/ })).toHaveValue(/\(INNSA\)$/);
  });

  test('sees Chennai to Rotterdam connect at Colombo, and no direct sailing on that lane', async ({
    page,
    customer,
  }) => {
    await enterAs(page, customer, '/app-dashboard/app-schedules');
    await searchSailings(page, 'INMAA', 'NLRTM');
    const first = page.getByTestId('sailing').first();
    await expect(first).toBeVisible();
    await expect(first.getByTestId('sailing-transhipment')).toContainText('Via Colombo (LKCMB)');
    await expect(first.getByTestId('sailing-transhipment')).toContainText(
      /Connects to .+ · voyage \w+ \(IEX\)/,
    );
    await expect(first.getByTestId('sailing-eta')).toHaveText(/ GMT\+[12]$/);

    // Direct only: none, and the screen says what to try.
    await page.getByRole('radio', { name: 'Direct only' }).check();
    await page.getByRole('button', { name: 'Search sailings' }).click();
    await expect(page.getByTestId('sailings-summary')).toHaveText(
      /^No direct sailings from Chennai.* \(INMAA\) to Rotterdam \(NLRTM\) departing /,
    );
    await expect(page.getByTestId('no-sailings')).toContainText('Try a wider departure window');
    await expect(page.getByTestId('sailing')).toHaveCount(0);
  });

  test.describe('on a phone (390 px wide)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the sailings are cards and nothing scrolls sideways', async ({ page, customer }) => {
      await enterAs(page, customer, '/app-dashboard/app-schedules?pol=INMAA&pod=NLRTM');
      await expect(page.getByRole('textbox', { name: /^From \(port of loading\)/ })).toHaveValue(
        /\(INMAA\)$/,
      );
      const cards = page.getByRole('list', { name: /^Sailings from / }).getByTestId('sailing');
      await expect(cards.first()).toBeVisible();
      await expect(cards.first().getByRole('link', { name: /^Get a price for / })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // No table anywhere: each sailing stacks its facts.
      await expect(page.getByRole('table')).toHaveCount(0);
      const card = await cards.first().boundingBox();
      expect(card!.width).toBeLessThanOrEqual(390);
    });
  });
});

test.describe('the carrier administrator', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('adds a vessel and a service, generates its voyages twice and delays a call', async ({
    page,
    staff,
  }) => {
    const tag = uniqueTag().toUpperCase();
    const imo = freshImoNumber();
    const vesselName = `E2E TRADER ${tag}`;
    const code = `E${tag.slice(-4)}`;
    // A first sailing years ahead, a day of its own: no demo voyage or other run is near it.
    const from = day(new Date(Date.now() + (3650 + randomInt(0, 3000)) * 86_400_000));

    await enterAs(page, staff);
    await expect(page).toHaveURL(/\/app-dashboard-admin$/);

    // A vessel: the wrong check digit is refused on the IMO number's field.
    await openFromWorkspace(page, 'Vessels');
    await page.getByRole('button', { name: 'New vessel' }).click();
    const vesselDialog = page.getByRole('dialog', { name: 'New vessel' });
    const imoField = vesselDialog.getByRole('textbox', { name: /^IMO number/ });
    await imoField.fill(imo.wrong);
    await vesselDialog.getByRole('textbox', { name: /^Vessel name/ }).fill(vesselName.toLowerCase());
    await vesselDialog.getByRole('textbox', { name: /^Flag/ }).fill('sg');
    await vesselDialog.getByRole('textbox', { name: /^Call sign/ }).fill('9v1234');
    await vesselDialog.getByRole('textbox', { name: /^Operator/ }).fill('LDGU');
    await vesselDialog.getByRole('textbox', { name: /^TEU capacity/ }).fill('4250');
    await vesselDialog.getByRole('button', { name: 'Add vessel' }).click();
    await expect(imoField).toHaveAttribute('aria-invalid', 'true');
    await expect(vesselDialog.getByText('IMO number is not a valid IMO number (check digit)')).toBeVisible();
    await imoField.fill(imo.valid);
    await vesselDialog.getByRole('button', { name: 'Add vessel' }).click();
    await expectToast(page, `Vessel ${vesselName} (IMO ${imo.valid}) added`);
    await expect(vesselDialog).toBeHidden();
    await page.getByLabel('Name or IMO number').fill(imo.valid);
    await expect(page.getByText('1 vessel', { exact: true })).toBeVisible();
    await expect(page.getByText(vesselName, { exact: true })).toBeVisible();

    // A service: two ports, the second on day 4, the new vessel deployed.
    await openFromWorkspace(page, 'Services');
    await page.getByRole('button', { name: 'New service' }).click();
    const serviceDialog = page.getByRole('dialog', { name: 'New service' });
    await serviceDialog.getByRole('textbox', { name: /^Service code/ }).fill(code);
    await serviceDialog.getByRole('textbox', { name: /^Service name/ }).fill(`E2E shuttle ${tag}`);
    await serviceDialog.getByRole('combobox', { name: /^Direction/ }).click();
    await page.getByRole('option', { name: 'W (westbound)' }).click();
    await pick(page, /^Port \(call 1\)/, 'INNSA', /\(INNSA\)/);
    await serviceDialog.getByRole('textbox', { name: /^Terminal \(call 1\)/ }).fill('NSICT');
    await pick(page, /^Port \(call 2\)/, 'AEJEA', /\(AEJEA\)/);
    await serviceDialog.getByRole('textbox', { name: /^Day \(call 2\)/ }).fill('4');
    // Moving a call moves its port and terminal; the days stay in place, and so does the focus on the call.
    await serviceDialog.getByRole('button', { name: 'Move call 2 up' }).click();
    await expect(serviceDialog.getByRole('textbox', { name: /^Port \(call 1\)/ })).toHaveValue(/\(AEJEA\)$/);
    await expect(serviceDialog.getByRole('textbox', { name: /^Day \(call 1\)/ })).toHaveValue('0');
    await expect(serviceDialog.getByRole('textbox', { name: /^Terminal \(call 2\)/ })).toHaveValue('NSICT');
    await expect(serviceDialog.getByRole('button', { name: 'Move call 1 down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(serviceDialog.getByRole('textbox', { name: /^Port \(call 1\)/ })).toHaveValue(/\(INNSA\)$/);
    await expect(serviceDialog.getByRole('textbox', { name: /^Day \(call 2\)/ })).toHaveValue('4');
    await pick(page, /^Vessel to deploy/, imo.valid, new RegExp(`IMO ${imo.valid}`));
    await serviceDialog.getByRole('button', { name: 'Deploy', exact: true }).click();
    await expect(serviceDialog.getByText(`1. ${vesselName} (IMO ${imo.valid})`)).toBeVisible();
    await serviceDialog.getByRole('button', { name: 'Create service' }).click();
    await expectToast(page, `Service ${code} created`);
    await expect(serviceDialog).toBeHidden();

    // Its voyages, years ahead: three created, then all three already there.
    await page.getByRole('button', { name: `Generate voyages of ${code}` }).click();
    const generateDialog = page.getByRole('dialog', { name: `Generate voyages of ${code}` });
    await generateDialog.getByRole('textbox', { name: /^First sailing/ }).fill(typedDate(from));
    await generateDialog.getByRole('textbox', { name: /^Number of sailings/ }).fill('3');
    await generateDialog.getByRole('button', { name: 'Generate voyages' }).click();
    await expect(generateDialog.getByTestId('generate-result')).toContainText('3 voyages created.');
    await generateDialog.getByRole('button', { name: 'Generate voyages' }).click();
    await expect(generateDialog.getByTestId('generate-result')).toContainText(
      'No new voyage: all 3 already there.',
    );
    await generateDialog.getByRole('link', { name: `Open the voyages of ${code}` }).click();

    // The voyage list, filtered to them; the first voyage's page.
    await expect(page.getByRole('heading', { name: 'Voyages', level: 1 })).toBeVisible();
    await expect(page.getByText('3 voyages, by first departure')).toBeVisible();
    await page
      .getByRole('link', { name: new RegExp(`^Voyage \\w+ of ${code}$`) })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Voyage \d{4}W$/, level: 1 })).toBeVisible();
    const calls = page.getByRole('table', { name: /^Calls of voyage / });
    await expect(calls.getByRole('row')).toHaveCount(3);
    await expect(calls.getByRole('row').nth(1)).toContainText(/^1\. .*Nhava Sheva.* \(INNSA\)/);
    await expect(calls.getByRole('row').nth(1)).toContainText('GMT+5:30');
    await expect(calls.getByRole('row').nth(2)).toContainText('GMT+4');
    await expectNoSeriousAxeViolations(page);

    // Delay the first call by 30 hours: reviewed first, the customers booked on the voyage are told.
    await page.getByRole('button', { name: /^Delay: call 1, .*Nhava Sheva/ }).click();
    const delayDialog = page.getByRole('dialog', { name: /^New estimates: call 1, .*Nhava Sheva/ });
    const eta = delayDialog.getByRole('textbox', { name: /^New ETA/ });
    const etd = delayDialog.getByRole('textbox', { name: /^New ETD/ });
    await expect(eta).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const newEta = laterBy(await eta.inputValue(), 30);
    const newEtd = laterBy(await etd.inputValue(), 30);
    await eta.fill(newEta);
    await etd.fill(newEtd);
    await delayDialog.getByRole('textbox', { name: /^Reason/ }).fill('Berth congestion at NSICT');
    await delayDialog.getByRole('button', { name: 'Review the change' }).click();
    await expect(delayDialog.getByTestId('call-change-confirmation')).toContainText('(+30 h)');
    await expect(delayDialog.getByTestId('delay-notice')).toContainText('Customers will be told');
    await delayDialog.getByRole('button', { name: 'Confirm new estimates' }).click();
    await expectToast(page, 'Call 1 at Jawaharlal Nehru (Nhava Sheva) delayed');
    await expect(delayDialog).toBeHidden();
    // The new estimate shows in the port's time, as it was typed (planned stays as it was).
    await expect(calls.getByRole('row').nth(1)).toContainText(`${newEta} GMT+5:30`);
  });
});
