import { expect, test } from './support/app-test';
import { horizontalOverflow } from './support/page-helpers';

/** Enterprise "Request a quote" (issue #24 item 5): from the pricing page to the confirmation. */

test('a visitor requests an Enterprise quote from the pricing page: errors under their fields, then the confirmation', async ({
  page,
}) => {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Request a quote for Enterprise' }).click();
  await expect(page).toHaveURL(/\/enterprise$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();

  await page.getByLabel('Work email').fill('not-an-email');
  await page.getByLabel('What do you need?').fill('short');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await expect(page.getByText('The company field is required.')).toBeVisible();
  await expect(page.getByText('The email must be a valid email address.')).toBeVisible();
  await expect(page.getByText('Tell us a little more (at least 10 characters).')).toBeVisible();

  await page.getByLabel('Your name').fill('Rana Khoury');
  await page.getByRole('textbox', { name: 'Company' }).fill('Studio Noor');
  await page.getByLabel('Work email').fill('rana@studio-noor.example');
  await page.getByLabel('What do you need?').fill('Forty tracks of oud and qanun for a documentary series.');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'We have your request' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(/Reference #\d+/);
});

test('the quote page fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/enterprise');
  await expect(page.getByLabel('What do you need?')).toBeVisible();
  await expect.poll(() => horizontalOverflow(page)).toBe(0);
});
