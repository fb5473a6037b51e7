import type { Page } from '@playwright/test';
import {
  BASE_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  signInAs,
  test,
} from './fixtures';
import { enterAs, newStaffAccount } from './records';

/**
 * A platform authenticator in the page's Chromium (the DevTools protocol's virtual authenticator): it keeps
 * discoverable credentials and verifies the user (as a fingerprint would) without asking.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/app-login$/);
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a customer adds a passkey, then signs in with the password and the passkey, and with the passkey alone', async ({
      page,
      customer,
    }) => {
      const authenticator = await addVirtualAuthenticator(page);
      await enterAs(page, customer, '/app-profile');
      const panel = page.locator('#passkeys');
      await expect(panel.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
      await panel.getByRole('button', { name: 'Add a passkey' }).click();
      const name = panel.getByLabel(/Passkey name/);
      await expect(name).toBeFocused();
      await panel.getByRole('button', { name: 'Create passkey' }).click();
      await expect(panel.getByText(/Give the passkey a name/)).toBeVisible();
      await name.fill('Test laptop');
      await name.press('Enter');

      // The account's first second factor: ten recovery codes, shown once.
      const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      expect(await authenticator.credentials()).toHaveLength(1);
      const passkeys = panel.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
      await expect(passkeys).toHaveCount(1);
      await expect(passkeys.first()).toContainText('Test laptop');
      await expect(passkeys.first()).toContainText('last used never');
      await expect(page.locator('#second-factor').getByText('Two-step sign-in on')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      await panel.getByRole('button', { name: 'I have saved them' }).click();

      // Password, then the passkey as the second step.
      await signOut(page);
      await signInAs(page, customer.email, customer.password);
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await expect(usePasskey).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      await usePasskey.click();
      await expect(page).toHaveURL(/\/app-dashboard/);

      // The passkey alone, in place of the password, chosen with the keyboard.
      await signOut(page);
      const passwordless = page.getByRole('button', { name: 'Sign in with a passkey' });
      await passwordless.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/app-dashboard/);

      // The profile shows when the passkey was last used.
      await page.goto('/app-profile');
      await expect(page.locator('#passkeys').getByRole('listitem').first()).not.toContainText(
        'last used never',
      );
    });
  });
}

test('a customer removes a passkey with the password, and signing in asks for the password only again', async ({
  page,
  customer,
}) => {
  await addVirtualAuthenticator(page);
  await enterAs(page, customer, '/app-profile');
  const panel = page.locator('#passkeys');
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await panel.getByLabel(/Passkey name/).fill('Old phone');
  await panel.getByRole('button', { name: 'Create passkey' }).click();
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await panel.getByRole('button', { name: 'Remove passkey Old phone' }).click();
  const password = panel.getByLabel(/^Password/);
  await expect(password).toBeFocused();
  await password.fill('not the password');
  await panel.getByRole('button', { name: 'Remove passkey', exact: true }).click();
  await expect(panel.getByText(/password is wrong|not correct|incorrect/i)).toBeVisible();
  await password.fill(customer.password);
  await panel.getByRole('button', { name: 'Remove passkey', exact: true }).click();
  await expectToast(page, 'Passkey "Old phone" removed');
  await expect(panel.getByRole('list', { name: 'Passkeys' })).toHaveCount(0);
  await expect(page.locator('#second-factor').getByText('Password only')).toBeVisible();
});

// Decision 023: a new member of staff may set up a passkey instead of an authenticator app at sign-in; adding it
// completes the sign-in, and the next one asks for the passkey after the password.
test('a new member of staff sets up a passkey at sign-in and reaches the workspace', async ({
  page,
  carrier,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const member = await newStaffAccount(BASE_URL, carrier, {
    roles: ['CARRIER_STAFF_BRANCH'],
    offices: ['MAA'],
  });
  await signInAs(page, member.email, member.password);
  const setUp = page.getByRole('region', { name: 'Set up an authenticator app' });
  await setUp.getByRole('button', { name: 'Use a passkey instead' }).click();
  const saved = page.getByRole('region', { name: 'Save your recovery codes' });
  await expect(saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectNoSeriousAxeViolations(page);
  await saved.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // The next sign-in: the password, then the passkey.
  await signOut(page);
  await signInAs(page, member.email, member.password);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
});
