import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  test,
  typedDate,
} from './fixtures';
import { enterAs, uniqueTag } from './records';

/** A date `days` from today (UTC), ISO. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a customer creates an API client on the profile, copies its secret once, uses it, and revokes it', async ({
      page,
      customer,
    }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await enterAs(page, customer, '/app-profile');
      const panel = page.locator('#api-clients');
      await expect(panel.getByRole('heading', { name: 'API clients' })).toBeVisible();
      await expect(panel.getByText('No API clients yet.')).toBeVisible();

      const name = `Warehouse ${uniqueTag()}`;
      await panel.getByRole('button', { name: 'New API client' }).click();
      const form = page.getByRole('dialog', { name: 'New API client' });
      await form.getByRole('textbox', { name: /^Name/ }).fill(name);
      await form.getByRole('textbox', { name: /^Works until/ }).fill(typedDate(inDays(60)));
      await form.getByRole('checkbox', { name: /ebl:read/ }).check();
      await expectNoSeriousAxeViolations(page);
      await form.getByRole('button', { name: 'Create API client' }).click();

      // The secret, shown once: the copy button puts it on the clipboard.
      const shown = page.getByRole('dialog', { name: `API client “${name}” created` });
      const secretField = shown.getByRole('textbox', { name: 'Client secret' });
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const clientId = await shown.getByRole('textbox', { name: 'Client ID' }).inputValue();
      await shown.getByRole('button', { name: 'Copy the client secret' }).click();
      await expect(shown.getByRole('button', { name: 'Copied the client secret' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      // The customer's system gets a token with it and reads the company's bills.
      const basic = Buffer.from(`${clientId}:${secret}`).toString('base64');
      const token = await page.request.post('/authenticate/oauth/token/', {
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials', scope: 'ebl:read' },
      });
      expect(token.status()).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const bills = await page.request.get('/cp/bill-of-ladings/', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(bills.status()).toBe(200);

      await shown.getByRole('button', { name: 'Done, I have copied the secret' }).click();
      await expect(shown).toBeHidden();
      const row = panel.getByRole('listitem').filter({ hasText: name });
      await expect(row.getByText('Active')).toBeVisible();
      // Its last use shows once the page reads the list again; the secret is nowhere on the page.
      await page.reload();
      await expect(row.getByText(/last used \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
      expect(await page.content()).not.toContain(secret);
      await expectNoSidewaysScroll(page);

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
      await confirm.getByRole('button', { name: 'Revoke API client' }).click();
      await expectToast(page, `API client “${name}” revoked`);
      await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

      // Revoked: its token stops at once and the token endpoint refuses it.
      const after = await page.request.get('/cp/bill-of-ladings/', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(after.status()).toBe(401);
      const again = await page.request.post('/authenticate/oauth/token/', {
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials' },
      });
      expect(again.status()).toBe(401);
    });
  });
}
