import { Api, pathOf } from '@tarab/contracts';
import { expect, test, type Page } from './support/app-test';
import { attachBothWidths, DESKTOP, uniqueSuffix, watchPageErrors } from './support/page-helpers';

/**
 * Account journeys against the real server: sign up, log out, log in, the guard's return
 * to the page asked for, the artist's landing page, and every validation text (spec §2,
 * §5, §8).
 */

const ARTIST = { email: 'artist@tarab.test', password: 'create-for-tarab' };
const LISTENER = { email: 'listener@tarab.test', password: 'listen-to-tarab' };
const PASSWORD = 'desert-rose-2024!';

const uniqueEmail = (label: string) => `${label}-${uniqueSuffix()}@example.com`;

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function fillSignUp(page: Page, values: { name?: string; email?: string; password?: string; confirm?: string }) {
  const form = main(page);
  await form.getByLabel('Full name').fill(values.name ?? '');
  await form.getByLabel('Email').fill(values.email ?? '');
  await form.getByLabel('Password', { exact: true }).fill(values.password ?? '');
  await form.getByLabel('Confirm password', { exact: true }).fill(values.confirm ?? '');
  await form.getByRole('button', { name: 'Create account' }).click();
}

async function fillLogin(page: Page, email: string, password: string) {
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
}

async function logOutFromHeader(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu/i })
    .click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
}

test('sign up, log out and log in again', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail('signup');

  await page.goto('/auth/login');
  await main(page).getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await attachBothWidths(page, testInfo, 'sign-up');

  await fillSignUp(page, { name: 'Nadia Farouk', email, password: PASSWORD, confirm: PASSWORD });
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const accountButton = page.getByRole('banner').getByRole('button', { name: /account menu/i });
  await expect(accountButton).toBeVisible();

  // The profile shows the new account.
  await page.goto('/profile');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(main(page).getByText('Nadia Farouk')).toBeVisible();
  await expect(main(page).getByText(email)).toBeVisible();
  await attachBothWidths(page, testInfo, 'profile');

  await logOutFromHeader(page);
  await expect(toast(page, 'Logged out successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  // The session is really gone: a guarded page sends us back.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await fillLogin(page, email, PASSWORD);
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(main(page).getByText(email)).toBeVisible();

  // Reloading keeps the session (the HttpOnly cookie), and /auth/login sends us away.
  await page.goto('/auth/login');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(errors).toEqual([]);
});

test('the guard sends a visitor to log in and back to the page asked for', async ({ page }) => {
  await page.goto('/savedPage?tab=favorite');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await fillLogin(page, LISTENER.email, LISTENER.password);
  await expect(page).toHaveURL((url) => url.pathname === '/savedPage' && url.search === '?tab=favorite');
  await expect(page.getByRole('tab', { name: 'Favorite' })).toHaveAttribute('aria-selected', 'true');
});

test('an artist lands on /artist-analytics after logging in', async ({ page }) => {
  await page.goto('/auth/login');
  await fillLogin(page, ARTIST.email, ARTIST.password);
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/artist-analytics');
  // Sales lives in the account menu (issue #32: the header fits every role).
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu/i })
    .click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sales' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Already logged in: the login page sends the artist on again.
  await page.goto('/auth/login');
  await expect(page).toHaveURL((url) => url.pathname === '/artist-analytics');
});

test('the login page shows the password on request and says when credentials are wrong', async ({ page }, testInfo) => {
  await page.goto('/auth/login');
  await expect(main(page).getByRole('button', { name: /google/i })).toHaveCount(0);
  const password = main(page).getByLabel('Password', { exact: true });
  await password.fill('not-the-password');
  await expect(password).toHaveAttribute('type', 'password');
  await main(page).getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await main(page).getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await fillLogin(page, LISTENER.email, 'not-the-password');
  await expect(main(page).getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await attachBothWidths(page, testInfo, 'login-error');
});

test('sign-up validation: every client text and the server field errors', async ({ page }, testInfo) => {
  let registerCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathOf(Api.auth.register)) registerCalls += 1;
  });
  await page.goto('/auth/sign-up');
  const alert = main(page).getByRole('alert');

  await fillSignUp(page, {});
  await expect(alert).toHaveText('Please fill in all fields.');
  await fillSignUp(page, { name: 'Nadia', email: uniqueEmail('v'), password: PASSWORD });
  await expect(alert).toHaveText('Please fill in all fields.');
  await fillSignUp(page, { name: 'Nadia', email: uniqueEmail('v'), password: PASSWORD, confirm: `${PASSWORD}x` });
  await expect(alert).toHaveText('Passwords do not match!');
  expect(registerCalls).toBe(0);

  // The server's field errors, each under its field.
  await fillSignUp(page, { name: 'Nadia', email: uniqueEmail('v'), password: 'short', confirm: 'short' });
  const passwordInput = main(page).getByLabel('Password', { exact: true });
  await expect(passwordInput).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordInput).toHaveAccessibleDescription('The password must be at least 8 characters.');
  await expect(main(page).getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

  await fillSignUp(page, { name: 'Nadia', email: LISTENER.email, password: PASSWORD, confirm: PASSWORD });
  const emailInput = main(page).getByLabel('Email');
  await expect(emailInput).toHaveAttribute('aria-invalid', 'true');
  await expect(emailInput).toHaveAccessibleDescription('The email has already been taken.');
  await expect(emailInput).toBeFocused();
  await expect(passwordInput).not.toHaveAttribute('aria-invalid', 'true');
  expect(registerCalls).toBe(2);
  await attachBothWidths(page, testInfo, 'sign-up-errors');
});
