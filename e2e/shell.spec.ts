import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
