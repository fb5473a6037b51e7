import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Lading-demo-2026';
export const DEMO = {
  customer: 'customer@demo.lading.test',
  customer2: 'customer2@demo.lading.test',
  admin: 'admin@demo.lading.test',
  /** Carrier staff of the Chennai branch (MAA) only. */
  branchAdmin: 'branch.admin@demo.lading.test',
} as const;

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

/** Signs in through the login screen, as a person would. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/app-login');
  await page.getByLabel(/^Username/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The toast with this text is visible. */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}

/** axe finds no serious or critical violations on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
