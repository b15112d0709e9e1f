import { Api, ApiPaths, pathOf } from '@tarab/contracts';
import { expect, test, type Page, type TestInfo } from './support/app-test';
import { checkArabicPage } from './support/arabic-page';
import {
  attachScreenshot as attachShot,
  horizontalOverflow,
  trackApiRequests,
  waitForSettled,
} from './support/page-helpers';

/** The journey of a visitor through the frame of the app: header, footer, menu, guard. */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

const LOGIN_ONLY = [
  '/savedPage',
  '/subscription-plan',
  '/stripe-checkout',
  '/profile',
  '/artist-analytics',
  '/success',
];

/** Fails the test on any uncaught error in the page. */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectPageRendered(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
}

/** Web-first: after a resize, the layout follows once React has re-rendered (media queries). */
async function expectNoHorizontalScroll(page: Page, width: number) {
  await expect
    .poll(() => horizontalOverflow(page), { message: `page is wider than the viewport at ${width} px` })
    .toBeLessThanOrEqual(0);
}

/** The whole page, when E2E_SCREENSHOTS=1 (support/page-helpers.ts). */
const attachScreenshot = (page: Page, testInfo: TestInfo, name: string) =>
  attachShot(page, testInfo, name, { fullPage: true });

type LinkInfo = { name: string; href: string };

async function readLinks(page: Page, selector: string): Promise<LinkInfo[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => ({
      name: (element.textContent ?? '').trim(),
      href: element.getAttribute('href') ?? '',
    })),
  );
}

const expectedPath = (href: string) => (LOGIN_ONLY.includes(href) ? '/auth/login' : href);

test('every header link leads to a page that renders', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectPageRendered(page);

  const links = await readLinks(page, 'header nav[aria-label="Main"] a');
  expect(links.map((link) => link.href)).toEqual([
    '/',
    '/music',
    '/loops',
    '/album',
    '/artists',
    '/savedPage',
    '/subscription-plan',
  ]);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of links) {
    await nav.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === expectedPath(link.href));
    await expectPageRendered(page);
  }

  // Visitor: a Log in button, no profile dropdown.
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expectPageRendered(page);
  await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);

  // The logo goes home.
  await page.getByRole('banner').getByRole('link', { name: 'Tarab home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(errors).toEqual([]);
});

test('every footer link leads to a page that renders', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectPageRendered(page);

  const links = await readLinks(page, 'footer a');
  const hrefs = links.map((link) => link.href);
  for (const href of [
    '/artists',
    '/album',
    '/Aboutus',
    '/faqs',
    '/sales-agreement',
    '/terms-of-use',
    '/copyright',
    '/privacy-policy',
    '/loops',
  ]) {
    expect(hrefs).toContain(href);
  }
  expect(links.find((link) => link.name === 'Explore Tracks')?.href).toBe('/loops');
  await expect(page.getByRole('contentinfo')).toContainText(
    'curated library of original royalty-free music blending traditional Middle Eastern sounds with modern production',
  );

  const footer = page.getByRole('contentinfo');
  for (const link of links) {
    await footer.locator(`a[href="${link.href}"]`).first().click();
    await expect(page).toHaveURL((url) => url.pathname === link.href);
    await expectPageRendered(page);
  }
  expect(errors).toEqual([]);
});

test('home shows the store banner', async ({ page }, testInfo) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // Any route of the API, not one route.
    if (pathname.startsWith(`${ApiPaths.prefix}/`)) apiCalls.push(pathname);
  });
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: /world.s first dedicated royalty-free oriental music store/i,
    }),
  ).toBeVisible();
  await expect(page.getByText('Curated for artists - producers And fans')).toBeVisible();
  // The catalog's real counts, rounded down (issue #24, decision 018), not the fixed 50,000 / 200,000.
  const stats = (await (await page.request.get(pathOf(Api.catalog.stats))).json()) as {
    data: { tracks: number; loops: number };
  };
  const catalog = page.locator('dl[aria-label="The catalog"]');
  await expect(catalog.locator('dd').first()).toHaveText(
    stats.data.tracks < 10 ? String(stats.data.tracks) : /^\d[\d,]*\+$/,
  );
  await expect(catalog.locator('dt').nth(1)).toHaveText('loops');
  // Home calls only the catalog calls it shows (filters, tracks, albums), and the header's shop links
  // (their addresses are the server's configuration, decision 058).
  const known = new Set([
    pathOf(Api.health.health),
    pathOf(Api.config.site),
    pathOf(Api.catalog.stats),
    pathOf(Api.catalog.filter),
    pathOf(Api.catalog.music),
    pathOf(Api.catalog.search),
    pathOf(Api.catalog.albums),
  ]);
  expect(apiCalls.filter((path) => !known.has(path))).toEqual([]);
  // A visitor has no stored user: the app does not ask /api/me at all (No token found, decision 018).
  await page.waitForLoadState('networkidle');
  expect(apiCalls).not.toContain(pathOf(Api.auth.me));
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/music');
  await expectPageRendered(page);
  await attachScreenshot(page, testInfo, 'music-1280');
});

test('the mobile menu at 390 px opens and closes on an outside click', async ({ page }, testInfo) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  // While the menu is open the page behind it is hidden from assistive technology (a modal
  // dialog), the Menu button too: it is looked up among hidden elements as well.
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();

  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Home', 'Music', 'Loops & tracks', 'Albums', 'Artists', 'Downloads', 'Subscriptions', 'Log in']) {
    await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await attachScreenshot(page, testInfo, 'menu-390');

  // Outside click: the dimmed page to the left of the panel.
  await page.mouse.click(20, 420);
  await expect(dialog).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it too.
  await menuButton.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Following a link closes it and navigates.
  await menuButton.click();
  await dialog.getByRole('link', { name: 'Albums', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/album');
  await expect(dialog).toBeHidden();
  await expectPageRendered(page);
});

test('login-only routes send a visitor to /auth/login', async ({ page }) => {
  for (const path of LOGIN_ONLY) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  }
});

test('an unknown path answers HTTP 404 with the not-found page and a search box, in its language', async ({
  page,
}, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  // Issue #32: the status says it too (crawlers, link checkers), not only the page.
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await attachScreenshot(page, testInfo, 'not-found-1280');
  // A search from the dead link opens the music search with the term in its URL (a page of its own).
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Search music' }).fill('oud');
  await main.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/music' && url.searchParams.get('q') === 'oud');
  await expect(main.getByRole('heading', { level: 2, name: 'Results for “oud”' })).toBeVisible();
  await waitForSettled(page);
  await page.setViewportSize(MOBILE);
  await attachScreenshot(page, testInfo, 'not-found-search-390');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // A page that exists answers 200, a dynamic one from the shell too; the Arabic twin of a dead link is 404 in Arabic.
  expect((await page.goto('/album/detail/1'))?.status()).toBe(200);
  expect((await page.goto('/ar/verify'))?.status()).toBe(200);
  const arabic = await page.goto('/ar/this/does/not/exist');
  expect(arabic?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('search')).toBeVisible();
  await checkArabicPage(page, testInfo, 'not-found-ar');
  expect(errors).toEqual([]);
});

test('/verify offers a field that opens the check of the typed key', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a licence' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'verify-form-390');
  await page.getByRole('button', { name: 'Check licence' }).click();
  await expect(page.getByText('Type the licence key first.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Licence key' }).fill(' TRB-NOPE-NOPE-NOPE-NOPE ');
  await page.getByRole('button', { name: 'Check licence' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/verify/TRB-NOPE-NOPE-NOPE-NOPE');
  await expect(page.getByRole('heading', { name: 'No licence with this key' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Licence key' })).toHaveValue('TRB-NOPE-NOPE-NOPE-NOPE');
  await expectNoHorizontalScroll(page, MOBILE.width);
  await page.setViewportSize(DESKTOP);
  await attachScreenshot(page, testInfo, 'verify-unknown-1280');
  expect(errors).toEqual([]);
});

test('the page scrolls to top on navigation', async ({ page }) => {
  trackApiRequests(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expectPageRendered(page);
  // The lists above the footer change its place when their data arrives: let them load first.
  await waitForSettled(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('no horizontal scroll at 320, 390, 768 and 1280 px', async ({ page }, testInfo) => {
  // Each page loaded once, then checked at every width (the layout follows media queries).
  for (const path of ['/', '/album', '/auth/login', '/nowhere']) {
    await page.setViewportSize({ width: 320, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalScroll(page, width);
    }
  }
  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await attachScreenshot(page, testInfo, `home-${name}`);
    await page.goto('/album');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await attachScreenshot(page, testInfo, `albums-${name}`);
  }
});
