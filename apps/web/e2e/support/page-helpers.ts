import { expect, type Page, type Request, type TestInfo } from '@playwright/test';
import { Api, pathOf } from '@tarab/contracts';

/** Page helpers shared by the journey specs. */

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The specs' screenshots of what they show (attached to the HTML report) are taken when
 * E2E_SCREENSHOTS=1: `E2E_SCREENSHOTS=1 npm run test:e2e`, then look at playwright-report. A plain run
 * (and CI) skips them: they were about a fifth of the run. A failing test is always shot
 * (`screenshot: 'only-on-failure'` in the config).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A screenshot attached to the report (when SCREENSHOTS): the whole page by default, or the viewport. */
export async function attachScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  if (!SCREENSHOTS) return;
  // From the top, so the sticky header sits where it belongs in a full-page shot.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Screenshots at 1280 and 390 px, checking there is no horizontal scroll at either. */
export async function attachBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const [label, size] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    // Web-first: the layout follows the new width once React has re-rendered (media queries).
    await expect
      .poll(() => horizontalOverflow(page), { message: `${name} is wider than ${label} px` })
      .toBeLessThanOrEqual(0);
    await attachScreenshot(page, testInfo, `${name}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** How far the page is wider than the viewport (> 0: it scrolls sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A suffix no other test (in this or another worker) makes at the same time: for emails, names. */
export const uniqueSuffix = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Waits until no finite animation or transition runs (endless ones, like a pulse, do not count). */
export async function animationsDone(page: Page) {
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
        ),
  );
}

/** API calls (fetch/XHR) in flight, per page, so a wait can tell when the page's data is in. */
const inFlight = new WeakMap<Page, Set<Request>>();

export function trackApiRequests(page: Page) {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  const isApi = (request: Request) => ['fetch', 'xhr'].includes(request.resourceType());
  page.on('request', (request) => {
    if (isApi(request)) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  // A navigation abandons the old document's requests.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame())
      for (const request of pending) if (request.frame() !== frame) pending.delete(request);
  });
}

/** What still moves on the page: 'quiet' once the app runs and nothing loads, spins, animates or waits for fonts. */
function pageState(): string {
  // A prerendered page paints before its app runs; the app marks #root enabled once it has
  // started (src/main.tsx): until then the page may still be replaced.
  if (document.getElementById('root')?.getAttribute('aria-disabled') === 'true') return 'starting';
  const main = document.querySelector('main');
  if (!main) return 'no main';
  const visible = (element: Element) => element.getClientRects().length > 0;
  if (Array.from(main.querySelectorAll('[aria-busy="true"], .animate-spin')).some(visible)) return 'busy';
  if (/^\s*(Loading|Processing your payment)/m.test(main.innerText)) return 'loading';
  if (document.fonts.status !== 'loaded') return 'fonts';
  // Entrance animations and transitions finished, so colours are measured at rest (endless
  // ones, like a skeleton's pulse, never finish and do not count).
  const moving = document
    .getAnimations()
    .some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
  return moving ? 'animating' : 'quiet';
}

/**
 * Waits for the main content of the current URL: its h1, then the page at rest (its app started,
 * no API call in flight, no loading indicator, fonts in, animations done) twice in a row at the same URL — a
 * page may redirect once it knows who is logged in (a logged-in user on /auth/login goes home).
 * Like the fixed waits it replaces, a page that never comes to rest is checked as it is after 15 s.
 */
export async function waitForSettled(page: Page) {
  await expect(page.locator('main h1').first(), 'the page shows its heading').toBeVisible({ timeout: 20_000 });
  const pending = inFlight.get(page);
  let previous = '';
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(pageState).catch(() => 'navigating');
        const current = `${page.url()} ${state} ${pending?.size ?? 0}`;
        const settled = current === previous && state === 'quiet' && !pending?.size;
        previous = current;
        return settled;
      },
      { intervals: [50, 100], timeout: 15_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  // The redirect may have replaced the heading.
  await expect(page.locator('main h1').first(), 'the page shows its heading').toBeVisible({ timeout: 20_000 });
}

let remembered = 0;

/**
 * After logging in through the API (not the login form), stores the user the way the login form
 * does: the app asks for the session (`Api.auth.me`) only when a user is stored, and otherwise is
 * logged out with `No token found` (spec §3, §7; decision 018). Applies to the open page and the
 * next loads of this tab (once: a later logout stays a logout).
 */
export async function rememberUser(page: Page): Promise<void> {
  const response = await page.request.get(pathOf(Api.auth.me));
  expect(response.ok(), `${pathOf(Api.auth.me)}: ${await response.text()}`).toBeTruthy();
  const body = (await response.json()) as { data?: { user?: unknown } | unknown; user?: unknown };
  const data = body.data as { user?: unknown } | undefined;
  const user = JSON.stringify(data?.user ?? data ?? body.user ?? body);
  const flag = `e2e.remembered.${(remembered += 1)}`;
  const store = ({ user, flag }: { user: string; flag: string }) => {
    if (window.sessionStorage.getItem(flag)) return;
    window.sessionStorage.setItem(flag, '1');
    window.localStorage.setItem('tarab.user', user);
  };
  await page.addInitScript(store, { user, flag });
  if (page.url().startsWith('http')) await page.evaluate(store, { user, flag });
}
