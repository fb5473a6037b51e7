import { expect, expectNoSeriousAxeViolations, expectToast, signInAs, test } from './fixtures';
import { linkIn, mailsMatching, waitForMail } from './mailbox';
import { enterAs, newCompany, uniqueTag } from './records';

// The login screen, sign-up, sign-out and password reset. Each test that signs a customer in, types a wrong password
// or changes a password does so with a customer of its own (the `customer` fixture, or an account it signs up): the
// demo accounts, which other specs sign in with, are only read (the administrator's landing page).

const SIGN_UP_SUCCESS =
  'Account Created Successfully! Please verify the email account from the email to continue our portal services.';

test('login messages: empty fields and bad credentials', async ({ page, customer }) => {
  await page.goto('/app-login');
  await expect(page.getByLabel(/^Username/)).toHaveAttribute('placeholder', 'Email');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Please fill the required fields');
  // Each field says what is missing; the first one takes the focus; a change is checked again at once.
  const username = page.getByLabel(/^Username/);
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Required', { exact: true })).toHaveCount(2);
  await username.fill(customer.email);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Required', { exact: true })).toHaveCount(1);
  await signInAs(page, customer.email, 'not the password');
  await expectToast(page, 'Invalid credentials');
  await expect(page).toHaveURL(/\/app-login/);
});

test('the password field has a show/hide toggle', async ({ page }) => {
  await page.goto('/app-login');
  const password = page.getByLabel(/^Password/);
  await password.fill('secret-value');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show or hide password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('admin lands on app-dashboard-admin without Rate Enquiry in the menu', async ({ page, staff }) => {
  await signInAs(page, staff);
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'BL' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Rate Enquiry' })).toHaveCount(0);
});

test('a customer with a completed profile lands on app-dashboard and cannot open the admin area', async ({
  page,
  customer,
}) => {
  await signInAs(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rate Enquiry' }),
  ).toBeVisible();
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
  await expect(page.getByText(/© 2023/)).toBeVisible();
  // Typed into the address bar, the admin area is refused in place (access.spec.ts covers the guards).
  await page.goto('/app-dashboard-admin');
  await expect(page.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
  await expect(page).toHaveURL(/\/app-dashboard-admin$/);
  await expectNoSeriousAxeViolations(page);
});

test('signed-out users are sent to app-login and come back to the page they asked for', async ({
  page,
  customer,
}) => {
  await page.goto('/app-dashboard/bl-list');
  await expect(page).toHaveURL(/\/app-login\?redirect=/);
  await page.getByLabel(/^Username/).fill(customer.email);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app-dashboard\/bl-list$/);
});

test('a first load of the login page comes without the router, which comes with the form and takes over after sign-in', async ({
  page,
  customer,
}) => {
  // The router and the signed-in pages' shared code are the `portal` chunk (decision 034).
  const routerChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/portal-[^/]*\.js$/.test(new URL(request.url()).pathname)) routerChunks.push(request.url());
  });
  await page.goto('/app-login?redirect=/app-dashboard/bl-list');
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(routerChunks).toEqual([]);
  await page.getByLabel(/^Username/).fill(customer.email);
  await expect.poll(() => routerChunks.length).toBe(1);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The address asked for, rendered by the router; its links are the router's.
  await expect(page).toHaveURL(/\/app-dashboard\/bl-list$/);
  await expect(page.getByRole('heading', { name: 'Bills of Lading' }).first()).toBeVisible();
  // The history the router keeps from then on: Back is the login page again, rendered by the router.
  await page.goBack();
  await expect(page).toHaveURL(/\/app-login\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
});

test('sign out ends the session: protected pages go back to login', async ({ page, customer }) => {
  await enterAs(page, customer);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/app-login$/);
  await page.goto('/app-dashboard');
  await expect(page).toHaveURL(/\/app-login/);
});

test('a session the browser still holds from before does not spoil the next sign-in', async ({
  page,
  customer,
}) => {
  // Leaving the page while Sign Out is under way (or a session revoked elsewhere) leaves the old token stored.
  await enterAs(page, customer);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  const stale = await page.evaluate(() => window.localStorage.getItem('lading.session'));
  expect(stale).toContain('accessToken');
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/app-login$/);
  await page.evaluate((value) => window.localStorage.setItem('lading.session', value!), stale);
  const sentWithBearer: string[] = [];
  page.on('request', (request) => {
    if (/oauth\/(login|token)\//.test(request.url()) && request.headers().authorization)
      sentWithBearer.push(request.url());
  });
  await signInAs(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/app-dashboard$/);
  expect(sentWithBearer).toEqual([]);
});

test('sign up, verify by e-mail over SMTP, first login lands on app-profile', async ({
  page,
  context,
  carrier,
}) => {
  // The whole journey (two sign-ups, a refused password, two verification visits, the profile) in one test, on a
  // two-core machine that other runs share.
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const email = `e2e.signup.${tag}@example.com`;
  // The company the new account picks on its profile: one of the test's own (approved by the carrier), so the
  // membership request it makes waits on no company another spec looks at.
  const companyName = `Tideway Imports ${tag.toUpperCase()}`;
  await newCompany(carrier, {
    name: companyName,
    codePrefix: 'SU',
    address: 'Office 12, JAFZA One, Dubai',
    countryCode: 'AE',
  });
  await page.goto('/app-registration');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, 'Please fill all required fields');
  await page.getByLabel(/^Email/).fill('not-an-email');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, 'Invalid Email');

  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel('First Name').fill('Elena');
  await page.getByLabel('Last Name').fill('Mariner');
  await page.getByLabel(/^Password/).fill('tide tables and charts');
  await page.getByLabel(/^Confirm Password/).fill('tide tables and chart');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, 'Password and Confirm Password do not match');
  await page.getByLabel(/^Confirm Password/).fill('tide tables and charts');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, 'Please accept the Terms and Conditions to create an account');

  // The terms link opens in a new tab.
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Terms and Conditions' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/app-terms$/);
  await terms.close();

  await page.getByRole('checkbox').check();
  // The server's refusal shows its text and marks the field it names.
  await page.getByLabel(/^Password/).fill('password123');
  await page.getByLabel(/^Confirm Password/).fill('password123');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, 'This password is too common');
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^Password/).fill('tide tables and charts');
  await page.getByLabel(/^Confirm Password/).fill('tide tables and charts');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, SIGN_UP_SUCCESS);
  await expect(page).toHaveURL(/\/app-login$/);

  // Not verified yet: the login says so and offers to resend.
  await signInAs(page, email, 'tide tables and charts');
  await expectToast(page, 'Please verify your email address');
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  // A second sign-up with the same address answers like a new one (sign-up does not tell which addresses are
  // registered); the owner, still unverified, is mailed a new verification link, which voids the first.
  await page.goto('/app-registration');
  await page.getByLabel(/^Email/).fill(email.toUpperCase());
  await page.getByLabel('First Name').fill('Elena');
  await page.getByLabel('Last Name').fill('Mariner');
  await page.getByLabel(/^Password/).fill('tide tables and charts');
  await page.getByLabel(/^Confirm Password/).fill('tide tables and charts');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectToast(page, SIGN_UP_SUCCESS);
  await expect(page).toHaveURL(/\/app-login$/);

  const verifyMails = () => mailsMatching((m) => m.to.includes(email) && m.subject.includes('Verify'));
  await expect.poll(() => verifyMails().length, { timeout: 10_000 }).toBe(2);
  const link = linkIn(verifyMails().at(-1)!, '/app-verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your email address is verified')).toBeVisible();
  // The same link again (a second click in the mail): the account is verified already, and Sign In is offered.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your email address is already verified. Please sign in.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app-login$/);

  await signInAs(page, email, 'tide tables and charts');
  await expect(page).toHaveURL(/\/app-profile$/);

  // Complete the profile in the modal: company and country are picked from the results.
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByLabel(/^Company/).fill(companyName.toLowerCase());
  await page.getByRole('option', { name: new RegExp(companyName) }).click();
  await dialog.getByLabel(/^Address/).fill('Office 12, JAFZA One, Dubai');
  await dialog.getByLabel(/^Country/).fill('united arab');
  await page.getByRole('option', { name: /United Arab Emirates/ }).click();
  await expect(dialog.getByLabel(/^Phone/)).toHaveValue('+971');
  await dialog.getByLabel(/^Phone/).click();
  await dialog.getByLabel(/^Phone/).press('End');
  await dialog.getByLabel(/^Phone/).pressSequentially('50 123-4567');
  await expect(dialog.getByLabel(/^Phone/)).toHaveValue('+971501234567');
  await dialog.getByRole('button', { name: 'Update' }).click();
  // Picking a company makes the user its pending member: the profile stays and says so.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app-profile$/);
  await expect(page.getByText('Pending approval', { exact: true })).toBeVisible();
  await expectToast(page, `Your membership of ${companyName} is pending approval.`);

  // Next login lands on the dashboard. The toast, as long as the company's name, would cover the menu: it goes first.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: /profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await signInAs(page, email, 'tide tables and charts');
  await expect(page).toHaveURL(/\/app-dashboard$/);
  await expect(page.getByText('Company membership pending approval')).toBeVisible();
  await page.goto('/app-profile');
  await expect(page.getByText(companyName)).toBeVisible();
  await expect(page.getByText('+971501234567')).toBeVisible();
});

test('forgot password: the e-mailed link sets a new password, once', async ({ page, customer }) => {
  await page.goto('/app-login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/app-forgot-password$/);
  await page.getByLabel(/^Email/).fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we have sent a link to reset the password/)).toBeVisible();

  const mail = await waitForMail((m) => m.to.includes(customer.email) && m.subject.includes('Reset'));
  const link = linkIn(mail, '/app-reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^New Password/).fill('new harbour passphrase');
  await page.getByLabel(/^Confirm Password/).fill('new harbour passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Your password has been changed');
  await expect(page).toHaveURL(/\/app-login$/);

  await signInAs(page, customer.email, 'new harbour passphrase');
  await expect(page).toHaveURL(/\/app-dashboard$/);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^New Password/).fill('another passphrase here');
  await page.getByLabel(/^Confirm Password/).fill('another passphrase here');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'This link is invalid or has expired');
});
