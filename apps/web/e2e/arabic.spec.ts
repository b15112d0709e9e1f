import { Api, pathOf, urlOf } from '@tarab/contracts';
import { expect, test, type Locator, type Page } from './support/app-test';
import { attachBothWidths, DESKTOP, MOBILE, rememberUser, uniqueSuffix, watchPageErrors } from './support/page-helpers';

/**
 * The Arabic store (issue 19, decisions 045–046) against the real server: `/ar/…` pages arrive
 * right to left (`<html lang="ar" dir="rtl">` in the HTML itself), the language switch goes to the
 * same page in the other language and is remembered, and the player's waveform runs right to left
 * (a click near the right edge is near the start, the left arrow goes forward).
 */

type AudioState = { paused: boolean; currentTime: number; duration: number };

const audio = (page: Page): Promise<AudioState> =>
  page.getByTestId('player-audio').evaluate((element: HTMLAudioElement) => ({
    paused: element.paused,
    currentTime: element.currentTime,
    duration: element.duration,
  }));

/** Clicks the waveform at a fraction of its width, measured from its left edge. */
async function clickAt(waveform: Locator, fromLeft: number) {
  const box = await waveform.boundingBox();
  if (!box) throw new Error('waveform has no box');
  await waveform.click({ position: { x: box.width * fromLeft, y: box.height / 2 } });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the HTML of /ar/ pages is Arabic and right to left before any script runs', async ({ request }) => {
  for (const path of ['/ar/', '/ar/music', '/ar/pricing', '/ar/profile']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('<html lang="ar" dir="rtl">');
  }
  const home = await (await request.get('/ar/')).text();
  expect(home).toContain('<title>طرب — موسيقى شرقية خالية من حقوق الملكية</title>');
  expect(home).toContain('data-prerendered="/ar"');
  expect(await (await request.get('/music')).text()).toContain('<html lang="en" dir="ltr">');
});

test('browse in Arabic, switch to English and back; the choice is remembered for /', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
  const tracks = page.getByRole('list', { name: 'المقطوعات', exact: true });
  await expect(tracks.locator(':scope > li').first()).toBeVisible();
  // Facet names come from the lexicon in Arabic; BPM and durations stay left to right.
  await expect(tracks.locator('bdi[dir="ltr"]').first()).toBeVisible();
  await attachBothWidths(page, testInfo, 'ar-home');

  // A link inside the Arabic store stays in it.
  await banner.getByRole('link', { name: 'الحلقات والمقطوعات' }).click();
  await expect(page).toHaveURL(/\/ar\/loops$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await attachBothWidths(page, testInfo, 'ar-loops');

  // The switch: the same page in English, remembered.
  await banner.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/loops$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('banner').getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\/loops$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/');
  await expect(page).toHaveURL(/\/ar\/$/);

  // On a phone the switch is in the menu.
  await page.setViewportSize(MOBILE);
  await page.getByRole('button', { name: 'القائمة' }).click();
  const menu = page.getByRole('dialog', { name: 'القائمة' });
  await expect(menu.getByRole('link', { name: 'English' })).toBeVisible();
  await attachBothWidths(page, testInfo, 'ar-menu');
  await menu.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
});

test('play and seek right to left: the right edge is the start, the left arrow goes forward', async ({
  page,
}, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/');
  const rows = page.getByRole('list', { name: 'المقطوعات', exact: true }).locator(':scope > li');
  await rows.first().locator(':scope > button').click();
  const bar = page.getByRole('region', { name: 'مشغّل الصوت' });
  await expect(bar).toBeVisible();
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
  await bar.getByRole('button', { name: 'إيقاف مؤقت', exact: true }).click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  const { duration } = await audio(page);

  const waveform = bar.getByRole('slider', { name: 'التنقّل في المقطوعة' });
  // Near the right edge: near the start of the track.
  await clickAt(waveform, 0.9);
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(duration * 0.2);
  // Near the left edge: near its end.
  await clickAt(waveform, 0.2);
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(duration * 0.7);
  // The player's elapsed time sits on the right of the waveform, the duration on its left.
  const [current, total, wave] = await Promise.all([
    bar.getByTestId('player-current-time').boundingBox(),
    bar.getByTestId('player-duration-time').boundingBox(),
    waveform.boundingBox(),
  ]);
  expect(current!.x).toBeGreaterThan(wave!.x + wave!.width - 1);
  expect(total!.x + total!.width).toBeLessThan(wave!.x + 1);

  // Keys: the left arrow goes forward, the right one back.
  await clickAt(waveform, 0.5);
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(duration * 0.4);
  const before = (await audio(page)).currentTime;
  await waveform.press('ArrowLeft');
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(before + 2);
  const after = (await audio(page)).currentTime;
  await waveform.press('ArrowRight');
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(after - 2);
  await expect(waveform).toHaveAttribute('aria-valuetext', /^\d+:\d\d من \d+:\d\d$/);
  await attachBothWidths(page, testInfo, 'ar-player');
  expect(errors).toEqual([]);
});

test('the public pages in Arabic, at both widths', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  for (const path of ['/ar/music', '/ar/album', '/ar/artists', '/ar/pricing', '/ar/faqs']) {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await attachBothWidths(page, testInfo, `ar${path.slice(3).replace(/\//g, '-')}`);
  }
  expect(errors).toEqual([]);
});

test('buy a track in Arabic: the checkout and the receipt in Arabic, at Arabic URLs', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  const email = `ar-buyer-${uniqueSuffix()}@example.com`;
  const registered = await page.request.post(pathOf(Api.auth.register), {
    data: { name: 'مشترٍ تجريبي', email, password: 'desert-rose-2024!', password_confirmation: 'desert-rose-2024!' },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  await rememberUser(page);
  const music = (await (await page.request.get(urlOf(Api.catalog.music, { query: { per_page: 5 } }))).json()) as {
    data: { data: Array<{ id: number; title: string; title_ar?: string; price?: number; artist: { id: number } }> };
  };
  const track = music.data.data[0]!;
  expect(track.title_ar, 'the demo catalog has Arabic titles').toBeTruthy();

  await page.goto(`/ar/artist/detail/${track.artist.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The row shows the Arabic title and its price in Arabic (Intl, Latin digits).
  await expect(page.getByText(track.title_ar!).first()).toBeVisible();
  // A listener's primary action licenses the track and names its price (issue #32): «ترخيص … · ٧٫٩٩ US$».
  await page
    .getByRole('button', { name: new RegExp(`^ترخيص ${escapeRegExp(track.title_ar!)} · `) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ar\/checkout\/local\/cs_local_[a-f0-9]{24}$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await attachBothWidths(page, testInfo, 'ar-checkout');

  await expect(page.getByText('4000 0000 0000 0002')).toBeVisible();
  // Client-side checks speak Arabic too.
  await page.getByRole('button', { name: 'ادفع' }).click();
  await expect(page.getByText('أدخل رقم بطاقة صالحًا.')).toBeVisible();
  await page.getByLabel('رقم البطاقة').fill('4242 4242 4242 4242');
  await page.getByLabel('تاريخ الانتهاء (MM/YY)').fill('12/34');
  await page.getByLabel('رمز الأمان (CVC)').fill('123');
  await page.getByRole('button', { name: 'ادفع' }).click();
  await expect(page).toHaveURL(/\/ar\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'تمّ الدفع بنجاح!' })).toBeVisible();
  await expect(page.getByText(`شكرًا لشرائك المقطوعة رقم ${track.id}`)).toBeVisible();
  await attachBothWidths(page, testInfo, 'ar-success');

  // Back on the row: bought (the purchase action became Downloaded).
  await page.goto(`/ar/artist/detail/${track.artist.id}`);
  await expect(page.getByRole('button', { name: `تم التنزيل: نزّل ${track.title_ar} مرة أخرى` }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
