import {
  expect,
  expectBillForm,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  test,
  typedDate,
} from './fixtures';
import { draftBillFor, enterAs, submitBill } from './records';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

test('a customer declares a container’s VGM on a phone before the VGM cut-off; the bill then keeps it', async ({
  page,
  customer,
  carrier,
}) => {
  const { bill, containers } = await draftBillFor(customer, carrier);
  const bookingNumber = String(bill.bookingNumber);
  // Cargo gross 17,800 kg + tare 2,200 kg: 20,000 kg expected.
  const submitted = await submitBill(customer, bill, { containers: [{ gross: 17_800 }] });
  await page.setViewportSize({ width: 390, height: 844 });
  await enterAs(page, customer, `/app-dashboard/app-booking-list?bookingNo=${bookingNumber}`);
  await page.getByRole('link', { name: `VGM of booking ${bookingNumber}` }).click();

  await expect(page.getByRole('heading', { name: 'VGM declarations (SOLAS)' })).toBeVisible();
  await expect(page.getByTestId('vgm-deadline')).toContainText(/VGM cut-off \(VCO\) of .*: due in \d+ d/);
  const form = page.getByRole('form', { name: containers[0] });
  await expect(form.getByText('Not declared yet')).toBeVisible();
  await form.getByLabel(/^SM2/).check();
  const mass = form.getByLabel(/^Verified gross mass/);
  await mass.fill('21500.005');
  await mass.blur();
  await expect(mass).toHaveValue('21,500.01');
  await expect(form.getByRole('status')).toContainText('7.50 % above cargo gross + tare (20,000.00 kg)');
  await form.getByRole('textbox', { name: /^Weighing date/ }).fill(typedDate(yesterday()));
  await form.getByLabel(/^Weighing party/).fill('Nhava Sheva CFS weighbridge');
  await form.getByLabel(/^Authorised signatory/).fill('PRIYA SHAH');
  await form.getByRole('button', { name: 'Declare VGM' }).click();
  await expectToast(page, `VGM of ${containers[0]} declared`);
  await expect(form.getByText(/^Declared by /)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save declaration' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);

  // The bill's VGM column now comes from the declaration: shown, not editable, with the 5 % warning.
  await page.goto(`/bl_view/${submitted.id}`);
  await expectBillForm(page, submitted.number);
  const card = page.getByTestId('container-card').filter({ hasText: containers[0]! });
  const vgm = card.getByLabel('VGM (kg)');
  await expect(vgm).toHaveValue('21,500.01');
  await expect(vgm).toHaveAttribute('readonly', '');
  await expect(card.getByText(/From the SOLAS VGM declaration/)).toBeVisible();
  await expect(card.getByRole('status')).toContainText('VGM differs from cargo gross + tare');
  await expect(page.getByRole('link', { name: 'VGM declarations (SOLAS)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
