import fs from 'node:fs/promises';
import { expect, test, type Page } from './support/app-test';
import { linkPath, waitForMail } from './support/mailbox';
import { attachBothWidths, DESKTOP, uniqueSuffix, watchPageErrors } from './support/page-helpers';

/**
 * Accounts by email (issue 17), end to end: each journey reads its email from the server's
 * mailbox (.eml files, no SMTP_URL) and follows the link in Chromium.
 */

const PASSWORD = 'desert-rose-2024!';
const uniqueEmail = (label: string) => `${label}-${uniqueSuffix()}@example.com`;
const main = (page: Page) => page.getByRole('main');
const banner = (page: Page) => page.getByRole('region', { name: 'Confirm your email' });

async function signUp(page: Page, name: string, email: string) {
  await page.goto('/auth/sign-up');
  const form = main(page);
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
});

test('sign up, see the banner, confirm the email from the link', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  const email = uniqueEmail('verify');
  await signUp(page, 'Salma Aziz', email);
  await expect(banner(page)).toContainText('Please confirm your email');

  const mail = await waitForMail(testInfo, email, 'Confirm your email for Tarab');
  // A confirmation mail never carries the name typed at sign-up (issue #31: nobody can make the store mail
  // a stranger their own text).
  expect(mail.text).toContain('Hello,');
  expect(mail.text).not.toContain('Salma Aziz');
  await page.goto(linkPath(mail));
  await expect(main(page).getByRole('status')).toHaveText('Your email is confirmed. Thank you!');
  await main(page).getByRole('link', { name: 'Go to your profile' }).click();
  await expect(main(page).getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // The link works once.
  await page.goto(linkPath(mail));
  await expect(main(page).getByRole('alert')).toContainText('invalid, used or expired');
  expect(errors).toEqual([]);
});

test('forgot password, reset it from the link, log in with the new one', async ({ page }, testInfo) => {
  const email = uniqueEmail('reset');
  await signUp(page, 'Omar Khalil', email);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto('/auth/login');
  await main(page).getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(main(page).getByRole('status')).toContainText('If an account exists for that email');

  const mail = await waitForMail(testInfo, email, 'Reset your Tarab password');
  await page.goto(linkPath(mail));
  const fresh = 'oasis-night-2025!';
  await main(page).getByLabel('New password', { exact: true }).fill(fresh);
  await main(page).getByLabel('Confirm new password', { exact: true }).fill(fresh);
  await main(page).getByRole('button', { name: 'Save the new password' }).click();
  await expect(main(page).getByRole('status')).toHaveText('Your password was changed. Log in with the new one.');
  await waitForMail(testInfo, email, 'password was changed');

  await logIn(page, email, PASSWORD);
  await expect(main(page).getByRole('alert')).toHaveText('Invalid email or password.');
  await logIn(page, email, fresh);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: /account menu/i })).toBeVisible();
});

test('change the email on /profile: notice to the old address, confirm the new one', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  const email = uniqueEmail('change-old');
  const next = uniqueEmail('change-new');
  await signUp(page, 'Rania Saleh', email);
  await page.goto('/profile');
  await expect(main(page).getByRole('heading', { name: 'Manage your account' })).toBeVisible();
  await expect(main(page).getByText('This device')).toBeVisible();
  await attachBothWidths(page, testInfo, 'profile-settings');

  const details = main(page).getByRole('region', { name: 'Account details' });
  await details.getByLabel('Email address').fill(next);
  await details.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByRole('status')).toHaveText(
    'Your email was changed. We sent a confirmation link to the new address.',
  );

  const notice = await waitForMail(testInfo, email, 'email is changing');
  expect(notice.text).toContain(next);
  const confirm = await waitForMail(testInfo, next, 'Confirm your email for Tarab');
  await page.goto(linkPath(confirm));
  await expect(main(page).getByRole('status')).toHaveText('Your email is confirmed. Thank you!');
  await page.goto('/profile');
  const emailRow = main(page).getByRole('definition').filter({ hasText: next });
  await expect(emailRow).toContainText('Confirmed');
  expect(errors).toEqual([]);
});

test('download my data, then delete the account with the password', async ({ page }, testInfo) => {
  const email = uniqueEmail('delete');
  await signUp(page, 'Youssef Amin', email);
  await page.goto('/profile');

  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('tarab-my-data.json');
  const exported = JSON.parse(await fs.readFile(await file.path(), 'utf8'));
  expect(exported.profile).toMatchObject({ email, name: 'Youssef Amin' });

  await main(page).getByRole('button', { name: 'Delete my account' }).click();
  await main(page).getByLabel('Your password', { exact: true }).fill('not-my-password');
  await main(page).getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(main(page).getByText('The password is incorrect.')).toBeVisible();
  await main(page).getByLabel('Your password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('.Toastify').getByText('Your account was deleted.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await waitForMail(testInfo, email, 'account was deleted');

  await logIn(page, email, PASSWORD);
  await expect(main(page).getByRole('alert')).toHaveText('Invalid email or password.');
});
