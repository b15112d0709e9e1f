import { expect, test, type Page } from './support/app-test';
import { Api, pathOf, type TrackDto } from '@tarab/contracts';
import { ok } from './support/api';
import { MOBILE } from './support/page-helpers';

/**
 * The ordinary web boot (decision 063): a prerendered page is hydrated as the build wrote it, in its
 * language from the first paint, with its data coming in afterwards. React reports a page that did not
 * hydrate as written ("Hydration failed…", a recoverable error, a switch to client rendering) in the
 * console: none may appear, on the prerendered pages and on a page rendered from scratch (a track's).
 */

/** What the console and the page said while it opened, that React says about hydration, or any error. */
function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|recoverable|did not match/i.test(message.text())) {
      said.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
  return said;
}

/** Opens `url`, waits until the app has taken the page over and its data is in. */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  // start.tsx marks a prerendered page aria-disabled until the first render is committed.
  await expect(page.locator('#root:not([aria-disabled])')).toBeAttached();
  await page.waitForLoadState('networkidle');
}

test.describe('hydration', () => {
  for (const url of ['/', '/ar/', '/music', '/ar/music']) {
    test(`${url} hydrates without a mismatch and shows its data`, async ({ page }) => {
      const said = watchConsole(page);
      await open(page, url);
      // The track list's rows came in after the hydration.
      await expect(page.locator('main').getByRole('listitem').first()).toBeVisible();
      expect(said).toEqual([]);
    });
  }

  test('an Arabic page is in Arabic from its first paint, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto('/ar/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toHaveText(/[\u0600-\u06FF]/);
    await context.close();
  });

  test('a track page, rendered from scratch, opens without an error', async ({ page }) => {
    const tracks = await ok<{ data: { data: TrackDto[] } }>(await page.request.get(pathOf(Api.catalog.music)));
    const track = tracks.data.data[0];
    expect(track, 'the demo catalog has music').toBeTruthy();
    const said = watchConsole(page);
    await open(page, `/track/${track!.id}`);
    await expect(page.locator('h1')).toContainText(track!.title);
    expect(said).toEqual([]);
  });
});
