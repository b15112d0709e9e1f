import { Api, pathOf, urlOf } from '@tarab/contracts';
import { expect, test, type Page } from './support/app-test';
import {
  attachBothWidths,
  attachScreenshot,
  DESKTOP,
  MOBILE,
  rememberUser,
  uniqueSuffix,
  waitForSettled,
  watchPageErrors,
} from './support/page-helpers';

/**
 * Issue #32 items 5 and 12 against the real server and its demo catalog: links that stand on their own
 * (a category page, a search, a playlist page opened from their address alone; a dead link's search box)
 * and a search that explains itself (count, "Showing results for", suggested filters). Both languages,
 * 1280 and 390 px.
 */

type Category = { id: number; kind: string; name: string; name_ar: string | null; music_count: number };

/** A theme of the demo catalog with music (Night, Bazaar…), as the server describes it from its id alone. */
async function themeWithMusic(page: Page): Promise<Category> {
  const filter = await page.request.post(urlOf(Api.catalog.filter, { query: { type: 'music', per_page: 1 } }));
  expect(filter.ok()).toBeTruthy();
  const body = (await filter.json()) as { filters: { themes: Array<{ id: number; name: string; count: number }> } };
  for (const theme of body.filters.themes.filter((t) => t.count > 0)) {
    const category = await page.request.get(pathOf(Api.catalog.category, { id: theme.id }));
    expect(category.ok()).toBeTruthy();
    const { data } = (await category.json()) as { data: Category };
    expect(data).toMatchObject({ id: theme.id, kind: 'theme', name: theme.name, music_count: theme.count });
    if (data.name_ar) return data;
  }
  throw new Error('the demo catalog has a theme with music and an Arabic name');
}

const rowsOf = (page: Page, listName: string) =>
  page.getByRole('list', { name: listName, exact: true }).getByRole('listitem');

test('a category page opened from its id alone, in English and Arabic', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  const theme = await themeWithMusic(page);

  const response = await page.goto(`/music/details/${theme.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: theme.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
    new RegExp(`Music\\s*/\\s*Themes\\s*/\\s*${theme.name}`),
  );
  await expect(page.locator('header img[src*="/media/images/"]').first()).toBeVisible();
  await expect(rowsOf(page, `${theme.name} tracks`).first()).toBeVisible();
  await expect(page.getByText('No music found.')).toHaveCount(0);
  await waitForSettled(page);
  await attachBothWidths(page, testInfo, 'category-by-id');

  await page.goto(`/ar/music/details/${theme.id}`);
  await expect(page.getByRole('heading', { level: 1, name: theme.name_ar! })).toBeVisible();
  await expect(rowsOf(page, `مقطوعات ${theme.name_ar}`).first()).toBeVisible();
  await waitForSettled(page);
  await attachBothWidths(page, testInfo, 'category-by-id-ar');

  // An id that is no category says so (not an empty "Category").
  await page.goto('/music/details/999999');
  await expect(page.getByText('This category does not exist.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a search lives in the URL: reload, Back and a typo that was corrected', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/music');
  const box = page.getByRole('combobox', { name: 'Search music' });
  await box.fill('hijas');
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/music' && url.searchParams.get('q') === 'hijas');
  await expect(page.getByText(/Showing results for/)).toHaveText('Showing results for Hijaz');
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ tracks?$/);
  await expect(rowsOf(page, 'Search results').first()).toBeVisible();
  await waitForSettled(page);
  await attachBothWidths(page, testInfo, 'search-corrected');

  // A reload shows the same search.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “hijas”' })).toBeVisible();
  await expect(box).toHaveValue('hijas');

  // Another search is a new history entry; Back brings the last one back.
  await box.fill('oud');
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'oud');
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “oud”' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'hijas');
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “hijas”' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “oud”' })).toBeVisible();

  // The shared link in Arabic: the same search, explained in Arabic.
  await page.setViewportSize(MOBILE);
  await page.goto('/ar/music?q=hijas');
  await expect(page.getByText(/نعرض نتائج البحث عن/)).toContainText('حجاز');
  await waitForSettled(page);
  await attachScreenshot(page, testInfo, 'search-corrected-ar-390');
});

test('nothing matches "sad night": suggested filters that find music', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const theme = await themeWithMusic(page);
  await page.goto(`/music?q=${encodeURIComponent(`sad ${theme.name.toLowerCase()}`)}`);
  const suggestions = page.getByRole('region', { name: 'Suggested filters' });
  await expect(suggestions).toBeVisible();
  const chip = suggestions.getByRole('button', { name: new RegExp(`^Filter by Theme: ${theme.name} \\(`) });
  await expect(chip).toBeVisible();
  await expect(suggestions.getByRole('button', { name: /^Filter by Mood: Melancholic/ })).toBeVisible();
  await waitForSettled(page);
  await attachBothWidths(page, testInfo, 'search-suggested-filters');

  await chip.click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('theme') === String(theme.id) && url.searchParams.get('q') === 'sad',
  );
  await expect(page.getByRole('list', { name: 'Selected filters' })).toContainText(`Theme: ${theme.name}`);
  // The other word’s filter too: the search is now those two filters alone.
  await page.getByRole('button', { name: /^Filter by Mood: Melancholic/ }).click();
  await expect(page).toHaveURL((url) => url.searchParams.has('mood') && !url.searchParams.has('q'));
  await expect(page.getByTestId('result-count')).toBeVisible();

  // In Arabic, the same words typed in Arabic name the same filters.
  await page.goto(`/ar/music?q=${encodeURIComponent(`حزين ${theme.name_ar}`)}`);
  const arabic = page.getByRole('region', { name: 'فلاتر مقترحة' });
  await expect(arabic).toContainText(theme.name_ar!);
  await page.setViewportSize(MOBILE);
  await waitForSettled(page);
  await attachScreenshot(page, testInfo, 'search-suggested-filters-ar-390');
});

test('a playlist page from its id alone, without the spec’s query', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const email = `links-${uniqueSuffix()}@example.com`;
  const registered = await page.request.post(pathOf(Api.auth.register), {
    data: { name: 'Link Tester', email, password: 'desert-rose-2024!', password_confirmation: 'desert-rose-2024!' },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const name = `Wedding night ${uniqueSuffix()}`;
  const created = await page.request.post(pathOf(Api.library.createPlaylist), { data: { name } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { data } = (await created.json()) as { data: { id: number } };
  await page.goto(pathOf(Api.health.health));
  await rememberUser(page);

  await page.goto(`/saved/details/${data.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('0 tracks')).toBeVisible();
  await waitForSettled(page);
  await attachBothWidths(page, testInfo, 'saved-details-by-id');
  await page.goto(`/ar/saved/details/${data.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a nonsense URL answers 404 with a search box that opens the music search', async ({ page }, testInfo) => {
  await page.setViewportSize(MOBILE);
  const response = await page.goto('/definitely/not/a/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'not-found-390');
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Search music' }).fill('oud');
  await main.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/music' && url.searchParams.get('q') === 'oud');
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “oud”' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ tracks?$/);

  const arabic = await page.goto('/ar/definitely/not/a/page');
  expect(arabic?.status()).toBe(404);
  await page.getByRole('main').getByRole('combobox').fill('عود');
  await page.getByRole('main').getByRole('combobox').press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/ar/music' && url.searchParams.get('q') === 'عود');
  await expect(page.getByTestId('result-count')).toBeVisible();
});
