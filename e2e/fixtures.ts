import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { nextCode } from './authenticator';
import { Api, type Customer, carrierOf, enterAs, newCustomer, newStaff, type Person } from './records';

export { expect };

export const DEMO_PASSWORD = 'Lading-demo-2026';
export const DEMO = {
  customer: 'customer@demo.lading.test',
  customer2: 'customer2@demo.lading.test',
  admin: 'admin@demo.lading.test',
  /** Carrier staff of the Chennai branch (MAA) only. */
  branchAdmin: 'branch.admin@demo.lading.test',
} as const;

export { freshContainerNumber } from './records';
/** The portal under test (playwright.config.ts starts it). */
export const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

/**
 * The specs' `test`: `carrier` is a carrier administrator (TSX, able to switch to MAA) over HTTP, one per worker slot
 * (made before the run, global-setup.ts), who approves the companies and confirms the bookings that specs create;
 * `customer` is a new customer with an approved company of their own, made for the test that asks for it; `staff` is
 * a new carrier administrator (TSX and MAA) with their own authenticator app, for a test that signs staff in to the
 * screens (records.ts). Staff must use a second factor and one account's codes are one process's (decision 023), so
 * no spec signs in as the demo staff.
 */
export const test = base.extend<{ customer: Customer; staff: Person }, { carrier: Api }>({
  carrier: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function names from its first parameter.
    async ({}, use, workerInfo) => {
      const account = carrierOf(workerInfo.parallelIndex);
      const api = await Api.signIn(BASE_URL, account.email, account.password, {
        totpSecret: account.totpSecret,
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  customer: async ({ carrier }, use) => {
    const customer = await newCustomer(BASE_URL, carrier);
    await use(customer);
    await customer.api.dispose();
  },
  staff: async ({ carrier }, use) => {
    const staff = await newStaff(BASE_URL, carrier, { roles: ['CARRIER_ADMIN'], offices: ['TSX', 'MAA'] });
    await use(staff);
    await staff.api.dispose();
  },
});

/**
 * Signs in through the login screen, as a person would: an e-mail address (and password), or a person; carrier staff
 * then type their authenticator app's code.
 */
export async function signInAs(
  page: Page,
  who: string | { email: string; password: string; totpSecret?: string },
  password = DEMO_PASSWORD,
) {
  const person = typeof who === 'string' ? { email: who, password } : who;
  await page.goto('/app-login');
  await page.getByLabel(/^Username/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (!person.totpSecret) return;
  await page.getByLabel(/Authentication code/).fill(nextCode(person.email, person.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * The page does not scroll sideways once its layout has settled: after a resize or a navigation, the phone layout
 * (media queries read by React) and charts that follow their container arrive a frame or a render later, and on a
 * busy machine later still. An overflow that stays fails after 5 s.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/** Calls the API from the page with the signed-in user's token (the page must be on the portal). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(window.localStorage.getItem('lading.session') ?? '{}') as {
        accessToken: string;
      };
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * The toast with this text is visible. The first toast of a page loads the notification stack (lib/toast.ts) before
 * it shows, which on a loaded machine takes longer than the default 7 s.
 */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * The bill's screen is there with its form: the header paints first, the form is rendered in the background in
 * slices (bl-view.tsx). A loaded machine (CI runs servers and browsers side by side) may take longer than the default
 * 7 s for either.
 */
export async function expectBillForm(page: Page, number: string) {
  await expect(page.getByRole('heading', { name: `Bill Of Lading ${number}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Primary Details' })).toBeVisible({ timeout: 15_000 });
}

/** Opens a bill from the list by its number, as a person would; signs `person` in first when given. */
export async function openBill(page: Page, number: string, person?: { email: string; password: string }) {
  const list = `/app-dashboard/bl-list?blNo=${number}`;
  if (person) await enterAs(page, person, list);
  else await page.goto(list);
  await page.getByRole('link', { name: number, exact: true }).first().click();
  await expectBillForm(page, number);
}

/**
 * axe finds no serious or critical violations on the page once its transitions have ended: axe reads a toast or a
 * drawer fading in at part opacity as low contrast, which no reader ever sees. Endless animations (loaders) are not
 * waited for.
 *
 * axe runs in the page itself (`setLegacyMode`: `axe.run` over the page and its same-origin frames; the portal has no
 * frames, and its CSP forbids framing it) rather than `runPartial` in each frame and `finishRun` in a new blank page,
 * and it gathers the details of violations only (`resultTypes`: passes and incomplete results are still computed, one
 * node each). The same rules run on the same page and report the same violations, for about a third less CPU: the
 * blank page, a third compile of axe and the transfer of every passing node's details went.
 *
 * axe-core is put into a document once: `AxeBuilder.analyze` sends its whole source (650 KB) and runs it twice per scan
 * (once in `analyze`, again in its legacy `inject`), and a screen is often scanned in several states without a new
 * document. So the source goes in here only when the page's window has no axe yet (a new document), and the builder is
 * given a no-op as its source. A window without axe makes the builder fail (it reads `window.axe.runPartial`), never
 * pass.
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  // The second suite of a CI run (on PGlite, beside the PostgreSQL one) renders the same build's same screens: the
  // scans ran there already, and the database under the server does not change a page's markup (decision 038).
  if (process.env.E2E_AXE === 'off') return;
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const hasAxe = await page.evaluate(
    () => typeof (window as Window & { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!hasAxe) await page.evaluate(axe.source);
  const results = await new AxeBuilder({ page, axeSource: AXE_ALREADY_IN_PAGE })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The builder's "source": axe is already in the page (expectNoSeriousAxeViolations put it there). */
const AXE_ALREADY_IN_PAGE = ';';

/**
 * A date (or a date and time) as a person types it into the portal, dd/mm/yyyy whatever the browser's locale:
 * "2026-05-12" -> "12/05/2026", "2026-11-28T18:00" -> "28/11/2026 18:00".
 */
export function typedDate(iso: string): string {
  const date = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  return iso.length > 10 ? `${date} ${iso.slice(11, 16)}` : date;
}

/** Types in a typeahead and picks the option matching `option`. */
export async function pick(page: Page, label: RegExp, term: string, option: RegExp) {
  await page.getByRole('textbox', { name: label }).fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

/** Fills the rate enquiry from INNSA to `pod` (`quantity` x 22G1 of cotton, 18 t each) and asks for the price. */
export async function enquire(
  page: Page,
  {
    pod,
    quantity = '2',
    expectQuotation = true,
    fresh = true,
  }: { pod: string; quantity?: string; expectQuotation?: boolean; fresh?: boolean },
) {
  if (fresh) await page.goto('/app-dashboard/app-rate-enquiry');
  await expect(page.getByRole('heading', { name: 'Rate Enquiry' })).toBeVisible();
  await pick(page, /^Port of loading/, 'INNSA', /\(INNSA\)/);
  await pick(page, /^Port of discharge/, pod, new RegExp(`\\(${pod}\\)`));
  await pick(page, /^Commodity/, '520100', /520100/);
  await page.getByRole('combobox', { name: /^Size-type 1/ }).fill('22G1');
  await page.getByRole('option', { name: /^22G1/ }).click();
  await page.getByRole('textbox', { name: /^Quantity/ }).fill(quantity);
  await page.getByRole('textbox', { name: /^Weight per container/ }).fill('18000');
  await page.getByRole('button', { name: 'Get price' }).click();
  if (expectQuotation) await expect(page.getByTestId('quotation-summary')).toBeVisible();
}
