import AxeBuilder from '@axe-core/playwright';
import { expect, expectNoSidewaysScroll, test } from './fixtures';

test('the empty path ends at app-login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app-login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('the API reference is served at /docs', async ({ page }) => {
  await page.goto('/docs');
  await expect(page).toHaveTitle(/API|Lading|Scalar/i);
  await expect(page.getByText('Lading API').first()).toBeVisible({ timeout: 15_000 });
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the terms page states the age, liability cap and notice period', async ({ page }) => {
  await page.goto('/app-terms');
  await expect(page.getByText(/over 18 years of age/)).toBeVisible();
  await expect(page.getByText(/capped at 100 USD/)).toBeVisible();
  await expect(page.getByText(/30 days notice/)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header collapses into a menu button that opens the menu', async ({ page }) => {
    await page.goto('/app-login');
    await page.getByLabel(/^Username/).fill('customer@demo.lading.test');
    await page.getByLabel(/^Password/).fill('Lading-demo-2026');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/app-dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Bookings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'BL' }).click();
    await expect(page).toHaveURL(/\/app-dashboard\/bl-list/);
    await expect(page.getByRole('heading', { name: 'Bills of Lading' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
