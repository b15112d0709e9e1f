import { expect, test, type Page, type TestInfo } from './support/app-test';
import { attachScreenshot as attachShot, horizontalOverflow } from './support/page-helpers';

/**
 * Maqam-first discovery (issue 18) against the real server and its demo catalog: the musical facets
 * on /loops and the home browser (counts, URL), search phrases, the rows' maqam/tonic/iqa', the
 * tuning menu and its files, the help page. Screenshots at 1280 and 390 px.
 */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** Screenshots when E2E_SCREENSHOTS=1 (support/page-helpers.ts); the viewport unless told. */
const attachScreenshot = (page: Page, testInfo: TestInfo, name: string, fullPage = false) =>
  attachShot(page, testInfo, name, { fullPage });

/** The maqam/rhythm lines of the rows shown. */
const musicalLines = async (page: Page, list: string) =>
  (await page.getByRole('list', { name: list }).getByTestId('track-musical').allInnerTexts()).map((text) =>
    text.replace(/^Maqam and rhythm:\s*/, ''),
  );

/** The cents of a .scl (comments skipped). */
function sclCents(text: string): number[] {
  const lines = text.split('\n').filter((l) => !l.startsWith('!') && l.trim() !== '');
  const count = Number(lines[1]);
  return lines.slice(2, 2 + count).map((l) => (l.includes('/') ? 1200 : Number(l.trim())));
}

test("loops filter by maqam family and iqa' with counts; the URL keeps the view", async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/loops');
  const list = page.getByRole('list', { name: 'Loops' });
  await expect(list.locator(':scope > li').first()).toBeVisible();

  await page.getByRole('button', { name: 'Maqam family' }).click();
  const families = page.getByRole('group', { name: 'Maqam family options' });
  const hijaz = families.getByRole('button', { name: /^Hijaz\b/ });
  await expect(hijaz).toBeEnabled();
  await hijaz.click();
  await expect(page).toHaveURL(/[?&]maqam_family=Hijaz\b/);
  await expect
    .poll(async () => (await musicalLines(page, 'Loops')).every((line) => /^Hijaz(kar)? on /.test(line)))
    .toBe(true);

  await page.getByRole('button', { name: "Iqa'" }).click();
  const iqaat = page.getByRole('group', { name: "Iqa' options" });
  // Counts come with the rest of the selection: an enabled chip gives loops of that iqa' in Hijaz.
  const live = iqaat.getByRole('button', { disabled: false }).first();
  const iqaName = await live.evaluate((b) => (b.childNodes[0]?.textContent ?? '').trim());
  const count = Number(await live.locator('[aria-hidden="true"]').innerText());
  expect(count).toBeGreaterThan(0);
  await live.click();
  await expect(page).toHaveURL(/[?&]iqa=/);
  await expect.poll(async () => (await musicalLines(page, 'Loops')).every((line) => line.includes(iqaName))).toBe(true);
  await page.keyboard.press('Escape');
  await attachScreenshot(page, testInfo, 'loops-maqam-filter-desktop');

  // The shared link opens the same view.
  const url = page.url();
  const other = await page.context().newPage();
  await other.setViewportSize(MOBILE);
  await other.goto(url);
  const chosen = other.getByRole('list', { name: 'Selected filters' });
  await expect(chosen.getByRole('button', { name: 'Remove Maqam family: Hijaz' })).toBeVisible();
  await expect(chosen.getByRole('button', { name: `Remove Iqa': ${iqaName}` })).toBeVisible();
  await expect(other.getByRole('list', { name: 'Loops' }).getByTestId('track-musical').first()).toBeVisible();
  await expect.poll(() => horizontalOverflow(other)).toBeLessThanOrEqual(0);
  await attachScreenshot(other, testInfo, 'loops-maqam-filter-phone', true);
  await other.close();
});

// A meter the small demo catalog's music has (its 10/8 pieces became loops when moods and tempos were
// made to agree, decision 060).
test('search reads "bayati on d", "hijaz kar", "maqsum" and "2/4"', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const cases: Array<[string, RegExp]> = [
    ['bayati on d', /^Bayati on D\b/],
    ['hijaz kar', /^Hijazkar on /],
    ['maqsum', /· Maqsum \(4\/4\)$/],
    ['2/4', /\(2\/4\)$/],
  ];
  for (const [keyword, pattern] of cases) {
    await page.goto(`/?q=${encodeURIComponent(keyword)}`);
    await expect(page.getByText(/Results for/)).toContainText(keyword);
    await expect
      .poll(
        async () => {
          const lines = await musicalLines(page, 'Tracks');
          return lines.length > 0 && lines.every((line) => pattern.test(line));
        },
        { message: keyword },
      )
      .toBe(true);
  }
});

test('a row offers its tuning files; the .scl holds the maqam in cents; the help page explains them', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/loops?maqam=Rast');
  const row = page.getByRole('list', { name: 'Loops' }).locator(':scope > li').first();
  await expect(row.getByTestId('track-musical')).toContainText('Rast on');
  const button = row.getByRole('button', { name: /^Tuning files of / });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: /^Tuning files: Rast on / });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await attachScreenshot(page, testInfo, 'tuning-menu-desktop');
  const scl = await menu.getByRole('menuitem', { name: /Scale \(\.scl\)/ }).getAttribute('href');
  const kbm = await menu.getByRole('menuitem', { name: /Keyboard mapping/ }).getAttribute('href');
  expect(scl).toMatch(/^\/api\/tuning\/loop\/\d+\.scl$/);
  expect(kbm).toMatch(/^\/api\/tuning\/loop\/\d+\.kbm$/);
  const file = await page.request.get(scl!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const cents = sclCents(await file.text());
  expect(cents[1]).toBeGreaterThanOrEqual(340);
  expect(cents[1]).toBeLessThanOrEqual(360);
  expect((await page.request.get(kbm!)).status()).toBe(200);

  await menu.getByRole('menuitem', { name: 'How to load tuning files' }).click();
  await expect(page).toHaveURL(/\/tuning$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tuning files' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'tuning-help-desktop');
  await page.setViewportSize(MOBILE);
  await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await attachScreenshot(page, testInfo, 'tuning-help-phone');
});
