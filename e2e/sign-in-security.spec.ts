import { Secret, TOTP } from 'otpauth';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  signInAs,
  test,
} from './fixtures';
import { enterAs } from './records';

/** The authenticator app's code for a secret, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a customer sees where they are signed in and signs the other browser out', async ({
      browser,
      customer,
    }) => {
      const desk = await browser.newContext({ viewport: { width, height: 900 } });
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const deskPage = await desk.newPage();
        const phonePage = await phone.newPage();
        await enterAs(phonePage, customer, '/app-dashboard/bl-list');
        await enterAs(deskPage, customer, '/app-profile');

        const panel = deskPage.locator('#sessions');
        await expect(panel.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();
        const sessions = panel.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
        // The two browsers, and the fixture's own API client that made the customer.
        await expect(sessions).toHaveCount(3);
        await expect(panel.getByText('This device')).toHaveCount(1);
        await expectNoSidewaysScroll(deskPage);
        await expectNoSeriousAxeViolations(deskPage);

        await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
        const dialog = deskPage.getByRole('dialog', { name: 'Sign out everywhere else?' });
        await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
        await expectToast(deskPage, 'Signed out of 2 other sessions');
        await expect(sessions).toHaveCount(1);

        // The other browser's next call is refused: it goes to the login page with the address to come back to.
        await phonePage.reload();
        await expect(phonePage).toHaveURL(/\/app-login\?redirect=%2Fapp-dashboard%2Fbl-list/);
      } finally {
        await desk.close();
        await phone.close();
      }
    });

    test("an administrator sees a customer's sessions and ends them all, giving the reason", async ({
      page,
      browser,
      customer,
    }) => {
      const customerContext = await browser.newContext();
      try {
        const customerPage = await customerContext.newPage();
        await enterAs(customerPage, customer, '/app-dashboard/bl-list');
        await enterAs(page, { email: DEMO.admin, password: DEMO_PASSWORD }, '/app-dashboard-admin/users');
        await page.getByLabel('E-mail or name').fill(customer.email);
        await expect(page.getByText('1 user', { exact: true })).toBeVisible();
        await page.getByRole('button', { name: `Manage ${customer.email}` }).click();
        const dialog = page.getByRole('dialog', { name: `${customer.firstName} ${customer.lastName}` });
        const sessions = dialog.getByRole('region', { name: 'Sessions' }).getByRole('listitem');
        // The browser, and the fixture's API client that made the customer.
        await expect(sessions).toHaveCount(2);
        await dialog.getByRole('button', { name: 'End all sessions' }).click();
        await expect(dialog.getByText('Give a reason')).toBeVisible();
        await dialog.getByLabel(/Reason for ending/).fill('Laptop stolen at the port');
        await dialog.getByRole('button', { name: 'End all sessions' }).click();
        await expectToast(page, '2 sessions ended');
        await expect(dialog.getByText('Not signed in anywhere.')).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
        await expectNoSeriousAxeViolations(page);

        await customerPage.reload();
        await expect(customerPage).toHaveURL(/\/app-login\?redirect=/);
      } finally {
        await customerContext.close();
      }
    });

    test('a customer turns on an authenticator app and then signs in with its code, or a recovery code', async ({
      page,
      customer,
    }) => {
      await enterAs(page, customer, '/app-profile');
      const panel = page.locator('#second-factor');
      await expect(panel.getByText('Password only')).toBeVisible();
      await panel.getByRole('button', { name: 'Set up authenticator app' }).click();
      await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
      const secret = (await panel.locator('code').first().textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await panel.getByLabel(/Code from the app/).fill('000000');
      await panel.getByRole('button', { name: 'Confirm' }).click();
      await expect(panel.getByText(/not valid/)).toBeVisible();
      await panel.getByLabel(/Code from the app/).fill(codeFor(secret));
      await panel.getByRole('button', { name: 'Confirm' }).click();
      const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recoveryCode = (await codes.nth(2).textContent())?.trim() ?? '';
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      await panel.getByRole('button', { name: 'I have saved them' }).click();
      await expect(panel.getByText('Two-step sign-in on')).toBeVisible();

      // Signing in now takes the password, then the code (the next step's: the current one was spent confirming).
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signInAs(page, customer.email, customer.password);
      const code = page.getByLabel(/Authentication code/);
      await expect(code).toBeVisible();
      await expect(code).toBeFocused();
      await expectNoSeriousAxeViolations(page);
      await code.fill('123456');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText(/not valid/)).toBeVisible();
      await code.fill(codeFor(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/app-dashboard/);

      // A lost phone: a recovery code instead, once.
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signInAs(page, customer.email, customer.password);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel(/Recovery code/).fill(recoveryCode);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/app-dashboard/);
    });
  });
}
