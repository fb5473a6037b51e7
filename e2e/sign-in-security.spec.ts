import { Secret, TOTP } from 'otpauth';
import { nextCode } from './authenticator';
import {
  BASE_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  signInAs,
  test,
} from './fixtures';
import { waitForMail } from './mailbox';
import { enterAs, newStaff, newStaffAccount } from './records';

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
      staff,
    }) => {
      const customerContext = await browser.newContext();
      try {
        const customerPage = await customerContext.newPage();
        await enterAs(customerPage, customer, '/app-dashboard/bl-list');
        await enterAs(page, staff, '/app-dashboard-admin/users');
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
      // The key is shown in groups of four, as a person types it.
      const secret = (await panel.getByTestId('totp-key').textContent())?.replace(/\s/g, '') ?? '';
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

    // Decision 023: staff must use a second factor. A new member of staff has none: the password starts a session that
    // may only set one up, so the workspace stays out of reach until the authenticator app is confirmed.
    test('a new member of staff sets up an authenticator app at sign-in before reaching the workspace', async ({
      page,
      carrier,
    }) => {
      const member = await newStaffAccount(BASE_URL, carrier, {
        roles: ['CARRIER_STAFF_BRANCH'],
        offices: ['MAA'],
      });
      await signInAs(page, member.email, member.password);
      const setUp = page.getByRole('region', { name: 'Set up an authenticator app' });
      await expect(setUp.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expect(setUp.getByTestId('totp-key')).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      // The session the password started reaches nothing else, and the workspace sends back to the login page.
      const refused = await page.request.get('/cp/admin/users/');
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.code).toBe('MFA_ENROLMENT_REQUIRED');
      await page.goto('/app-dashboard-admin');
      await expect(page).toHaveURL(/\/app-login/);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);

      // Signed in again: the set-up again, with a new key. A wrong code is refused; the app's code goes through.
      await signInAs(page, member.email, member.password);
      const key = setUp.getByTestId('totp-key');
      await expect(key).toBeVisible();
      const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
      const code = setUp.getByLabel(/Code from the app/);
      await code.fill('000000');
      await setUp.getByRole('button', { name: 'Confirm and continue' }).click();
      await expect(setUp.getByText(/not valid/)).toBeVisible();
      await code.fill(nextCode(member.email, secret));
      await setUp.getByRole('button', { name: 'Confirm and continue' }).click();
      const saved = page.getByRole('region', { name: 'Save your recovery codes' });
      await expect(saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await expect(saved.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      // With the keyboard: Tab to Continue, Enter.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(saved.getByRole('button', { name: 'Continue' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/app-dashboard-admin$/);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      await mailsTo(member.email, 'A second sign-in step was added');

      // The next sign-in asks for the app's code after the password.
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signInAs(page, { email: member.email, password: member.password, totpSecret: secret });
      await expect(page).toHaveURL(/\/app-dashboard-admin$/);
    });

    test("an administrator resets a member of staff's lost second factor; they set up a new one at sign-in", async ({
      page,
      browser,
      carrier,
      staff,
    }) => {
      const member = await newStaff(BASE_URL, carrier, { roles: ['CARRIER_STAFF_BRANCH'], offices: ['MAA'] });
      expect((await member.api.raw('GET', '/cp/bill-of-ladings/')).status()).toBe(200);
      await enterAs(page, staff, '/app-dashboard-admin/users');
      await page.getByLabel('E-mail or name').fill(member.email);
      await expect(page.getByText('1 user', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: `Manage ${member.email}` }).click();
      const dialog = page.getByRole('dialog', { name: `${member.firstName} ${member.lastName}` });
      const section = dialog.getByRole('region', { name: 'Second factor' });
      await section.getByRole('button', { name: 'Reset second factor' }).click();
      await expect(section.getByText('Give a reason')).toBeVisible();
      await section.getByLabel(/Reason for the reset/).fill('Lost phone, identity checked by video call');
      await section.getByRole('button', { name: 'Reset second factor' }).click();
      const ask = page.getByRole('dialog', { name: `Reset the second factor of ${member.email}?` });
      await expect(ask).toContainText('every session of theirs ends at once');
      await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoSeriousAxeViolations(page);
      await ask.getByRole('button', { name: 'Reset second factor' }).click();
      await expectToast(page, 'Second factor reset: the user sets up a new one at the next sign-in');
      await expect(ask).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      // Signed out everywhere at once, and told why.
      expect((await member.api.raw('GET', '/cp/bill-of-ladings/')).status()).toBe(401);
      const mail = await waitForMail(
        (m) => m.to.includes(member.email) && m.subject.includes('reset the second sign-in step'),
      );
      expect(mail.text).toContain('Reason given: Lost phone, identity checked by video call');
      // Their next sign-in sets up a new authenticator app.
      const context = await browser.newContext({ viewport: page.viewportSize()! });
      try {
        const memberPage = await context.newPage();
        await signInAs(memberPage, member.email, member.password);
        await expect(memberPage.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
      } finally {
        await context.close();
      }
    });
  });
}

/** A mail to `to` whose subject holds `subject` arrived. */
async function mailsTo(to: string, subject: string) {
  await waitForMail((m) => m.to.includes(to) && m.subject.includes(subject));
}
