import { expect, test, type Page } from './support/app-test';
import { Api, pathOf, type TrackDto, urlOf } from '@tarab/contracts';
import { ok } from './support/api';
import { checkArabicPage } from './support/arabic-page';
import { attachBothWidths, DESKTOP, MOBILE, watchPageErrors } from './support/page-helpers';

/**
 * A page per track and loop (issue #32 item 1): `/track/{id}` and `/ar/track/{id}` opened directly,
 * prerendered by the server (title, description, Open Graph, JSON-LD), at 1280 and 390 px; play puts
 * the track in the player dock; the artist link leads to the artist's page; an unknown id is a 404.
 */

type Page1 = { data: { data: TrackDto[] } };

/**
 * A demo track with a maqam (the facts and the tuning files have something to show), one whose maqam
 * another track shares when there is one ("More in maqam …" has something to list), and that other track.
 */
async function aTrack(page: Page): Promise<{ track: TrackDto; sibling: TrackDto | undefined }> {
  const body = await ok<Page1>(await page.request.get(urlOf(Api.catalog.music, { query: { per_page: 50 } })));
  const tracks = body.data.data.filter((t) => t.maqam && t.key);
  const pairOf = (t: TrackDto) => tracks.find((o) => o.id !== t.id && o.maqam === t.maqam);
  const track = tracks.find((t) => pairOf(t)) ?? tracks[0];
  expect(track, 'the demo catalog has music with a maqam').toBeTruthy();
  return { track: track!, sibling: pairOf(track!) };
}

const audioPaused = (page: Page) =>
  page.getByTestId('player-audio').evaluate((element: HTMLAudioElement) => element.paused);

test.describe('track page', () => {
  test('keeps still while the track loads: no layout shift when the page arrives (CLS under 0.1)', async ({ page }) => {
    const { track } = await aTrack(page);
    await page.setViewportSize(MOBILE);
    // The track's answer comes late, as on a slow network: the loading state is on screen first.
    await page.route(`**${pathOf(Api.catalog.track, { id: track.id })}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/track/${track.id}`);
    await expect(page.getByRole('heading', { level: 1, name: track.title })).toBeVisible();
    // Two frames for the last shift to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const cls = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
    expect(cls).toBeLessThan(0.1);
  });

  test('opens directly in English with its prerendered head, plays, and links to the artist', async ({
    page,
  }, testInfo) => {
    const errors = watchPageErrors(page);
    const { track, sibling } = await aTrack(page);
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(`/track/${track.id}`);
    expect(response?.status()).toBe(200);
    // The server wrote the head: crawlers and link previews need no JavaScript.
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<meta property="og:type" content="music.song" />`);
    expect(html).toMatch(/<script type="application\/ld\+json">[^<]*"@type":"MusicRecording"/);
    expect(html).toContain(`<title>${track.title.replace(/&/g, '&amp;')} · Tarab</title>`);

    await expect(page.getByRole('heading', { level: 1, name: track.title })).toBeVisible();
    await expect(page).toHaveTitle(`${track.title} · Tarab`);
    const facts = page.getByRole('region', { name: 'Musical facts' });
    await expect(facts.locator('[data-fact="maqam"]')).toContainText(track.maqam!);
    await expect(facts.locator('[data-fact="duration"]')).toContainText(track.duration);
    await expect(page.getByRole('region', { name: 'License options' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Formats delivered' })).toContainText('MP3');
    await expect(page.getByRole('region', { name: 'Tuning files' }).getByRole('link', { name: /\.scl/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `More in maqam ${track.maqam}` })).toBeVisible();
    if (sibling) {
      await expect(page.getByRole('list', { name: `More in maqam ${track.maqam}` })).toContainText(sibling.title);
    }
    await attachBothWidths(page, testInfo, 'track-page-en');

    await page.getByTestId('track-page-play').click();
    await expect.poll(() => audioPaused(page), { message: 'the track plays in the dock' }).toBe(false);
    await expect(page.getByTestId('track-page-play')).toHaveAccessibleName(`Pause ${track.title}`);

    await page.getByRole('link', { name: track.artist.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/artist/detail/${track.artist.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: track.artist.name })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('opens directly in Arabic at 390 px: right to left, Arabic head, plays, links to the Arabic artist page', async ({
    page,
  }, testInfo) => {
    const errors = watchPageErrors(page);
    const { track } = await aTrack(page);
    await page.setViewportSize(MOBILE);
    const response = await page.goto(`/ar/track/${track.id}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<meta property="og:locale" content="ar_AR" />');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/ · طرب$/);
    await expect(page.getByRole('region', { name: 'الخصائص الموسيقية' })).toBeVisible();
    await checkArabicPage(page, testInfo, 'track-page-ar');

    await page.setViewportSize(MOBILE);
    await page.getByTestId('track-page-play').click();
    await expect.poll(() => audioPaused(page), { message: 'the track plays' }).toBe(false);
    // On a phone the player opens by itself (spec): collapse it to go on with the page.
    const collapse = page.getByRole('button', { name: /^تصغير/ });
    if (await collapse.isVisible()) await collapse.click();

    // The artist by their Arabic name where they have one (decision 061).
    const artistName = track.artist.name_ar ?? track.artist.name;
    await page.getByRole('link', { name: artistName, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/ar/artist/detail/${track.artist.id}$`));
    expect(errors).toEqual([]);
  });

  test('an unknown id answers 404 with the friendly not-found page, in both languages', async ({ page }) => {
    for (const [path, heading] of [
      ['/track/2147480000', 'Page not found'],
      ['/ar/track/2147480000', null],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      const title = page.getByRole('heading', { level: 1 });
      if (heading) await expect(title).toHaveText(heading);
      else await expect(title).toBeVisible();
    }
  });
});
