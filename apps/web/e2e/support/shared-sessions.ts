import { Api, pathOf } from '@tarab/contracts';
import {
  devices,
  expect,
  navigationsWaitForApp,
  test as base,
  type Browser,
  type Page,
  type WorkerInfo,
} from './app-test';
import { ADMIN } from './demo-admin';
import { rememberUser, trackApiRequests } from './page-helpers';

/**
 * Worker-scoped browser pages for specs that only read: one page per worker for a visitor, the
 * demo listener and the demo artist, each logged in once (not once per test). A test that
 * changes data makes its own user and uses the default `page` instead.
 */

const LISTENER = { email: 'listener@tarab.test', password: 'listen-to-tarab' };
export const ARTIST = { email: 'artist@tarab.test', password: 'create-for-tarab' };
export { ADMIN };

type Account = { email: string; password: string };

async function openSharedPage(browser: Browser, baseURL: string | undefined, account?: Account) {
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL });
  const page = await context.newPage();
  navigationsWaitForApp(page);
  trackApiRequests(page);
  // On the site's origin, so a test may call the API from the page.
  await page.goto(pathOf(Api.health.health));
  if (account) {
    // Logged in from the page, so the browser stores the HttpOnly cookie.
    const status = await page.evaluate(
      async ({ url, body }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          credentials: 'same-origin',
        });
        return response.status;
      },
      { url: pathOf(Api.auth.login), body: account },
    );
    expect(status, `${account.email} logged in`).toBe(200);
    const me = await page.evaluate(
      async (url) => (await fetch(url, { credentials: 'same-origin' })).status,
      pathOf(Api.auth.me),
    );
    expect(me, 'the session cookie is set').toBe(200);
    // The app asks /api/me only when a user is stored, as the login form stores it (decision 018).
    await rememberUser(page);
  }
  return page;
}

type SharedPages = { visitor: Page; listener: Page; artist: Page; operator: Page };

function sharedPage(account?: Account) {
  return async ({ browser }: { browser: Browser }, use: (page: Page) => Promise<void>, workerInfo: WorkerInfo) => {
    const page = await openSharedPage(browser, workerInfo.project.use.baseURL, account);
    await use(page);
    await page.context().close();
  };
}

export const test = base.extend<object, SharedPages>({
  visitor: [sharedPage(), { scope: 'worker' }],
  listener: [sharedPage(LISTENER), { scope: 'worker' }],
  artist: [sharedPage(ARTIST), { scope: 'worker' }],
  operator: [sharedPage(ADMIN), { scope: 'worker' }],
});
