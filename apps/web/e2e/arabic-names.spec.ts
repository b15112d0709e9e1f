import { expect } from './support/app-test';
import { DESKTOP, MOBILE, horizontalOverflow, waitForSettled, watchPageErrors } from './support/page-helpers';
import { checkArabicPage } from './support/arabic-page';
import { test } from './support/shared-sessions';

/**
 * Issue #32 item 8 (decision 061) against the real server: the demo artists have Arabic names and
 * bios on /ar/ pages (the seed's, or the start's backfill), Latin ones stay isolated, tab titles name
 * طرب, and the artist edits the Arabic name and bio on the profile page. 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

test('/ar/artists and an artist page name the artists in Arabic, titled … · طرب', async ({
  visitor: page,
  request,
}, testInfo) => {
  const errors = watchPageErrors(page);
  // The prerendered HTML already carries the Arabic title.
  const html = await (await request.get('/ar/artists')).text();
  expect(html).toMatch(/<title>[^<]*طرب<\/title>/);
  expect(html).not.toMatch(/<title>[^<]*Tarab[^<]*<\/title>/);

  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/artists');
  await waitForSettled(page);
  await expect(page).toHaveTitle(/طرب$/);
  const grid = page.getByRole('list', { name: 'الفنانون' });
  await expect(grid.getByRole('link', { name: /فرقة نور الليل/ })).toBeVisible();
  await expect(grid.getByRole('link', { name: /إدريس تافسوت/ })).toBeVisible();
  // No demo artist is left in Latin letters on the Arabic directory.
  await expect(grid.getByText('Nour al-Layl Ensemble')).toHaveCount(0);
  await checkArabicPage(page, testInfo, 'ar-artists');

  await page.setViewportSize(MOBILE);
  await grid.getByRole('link', { name: /مجموعة رمال/ }).click();
  await expect(page).toHaveURL(/\/ar\/artist\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'مجموعة رمال' })).toBeVisible();
  const bio = page.getByTestId('artist-bio');
  await expect(bio).toContainText('مشروع موسيقى محيطية');
  // The full stop stays at the end of the sentence: the last character read is the stop.
  expect((await bio.textContent())?.trim().endsWith('.')).toBe(true);
  await expect(page).toHaveTitle('مجموعة رمال · طرب');
  await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // Rows of the artist's tracks: their BPM stays "NN BPM", isolated left to right.
  const bpm = page.locator('bdi[dir="ltr"]', { hasText: /^\d+ BPM$/ }).first();
  if ((await bpm.count()) > 0) await expect(bpm).toHaveText(/^\d+ BPM$/);
  await checkArabicPage(page, testInfo, 'ar-artist-detail');

  // The same page in English keeps the Latin name and "· Tarab".
  await page.goto(page.url().replace('/ar/', '/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Rimal Collective' })).toBeVisible();
  await expect(page).toHaveTitle('Rimal Collective · Tarab');
  expect(errors).toEqual([]);
});

test('the artist sees and saves the Arabic name and bio on the profile page', async ({ artist: page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/profile');
  await waitForSettled(page);
  const section = page.getByRole('region', { name: 'ملف الفنان' });
  const nameAr = section.getByLabel('اسم الفنان بالعربية');
  await expect(nameAr).toHaveValue('فرقة نور الليل');
  await expect(nameAr).toHaveAttribute('dir', 'rtl');
  await expect(section.getByLabel('النبذة بالعربية')).toHaveValue(/تخت قاهري/);
  // Saved as it is (other journeys read this artist's names): the round trip, not a change.
  await section.getByRole('button', { name: 'حفظ الملف' }).click();
  await expect(section.getByRole('status')).toHaveText('حُفظ ملفك كفنان.');
  await expect(page).toHaveTitle(/طرب$/);
  await checkArabicPage(page, testInfo, 'ar-profile-artist');
  expect(errors).toEqual([]);
});
