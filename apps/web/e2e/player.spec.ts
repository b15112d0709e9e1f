import { expect, test, type Locator, type Page, type TestInfo } from './support/app-test';
import { attachScreenshot as attachShot } from './support/page-helpers';

/**
 * The audio player (spec §2 "Audio player", §4 "Player") against the real server: one
 * `<audio>` element for the app, started from a track list, at 1280 px (bottom bar) and
 * at 390 px (full-screen player that opens by itself, collapses and closes).
 */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** Only previews, peaks and images may be fetched from /media (never a full-quality original). */
const ALLOWED_MEDIA = /^\/media\/(previews\/[^/]+\.mp3|peaks\/[^/]+\.json|images\/.+)$/;

type AudioState = { paused: boolean; currentTime: number; duration: number; volume: number; src: string };

const audio = (page: Page): Promise<AudioState> =>
  page.getByTestId('player-audio').evaluate((element: HTMLAudioElement) => ({
    paused: element.paused,
    currentTime: element.currentTime,
    duration: element.duration,
    volume: element.volume,
    src: element.getAttribute('src') ?? '',
  }));

async function expectPlaying(page: Page) {
  await expect.poll(async () => (await audio(page)).paused, { message: 'audio should play' }).toBe(false);
  const start = (await audio(page)).currentTime;
  await expect
    .poll(async () => (await audio(page)).currentTime, { message: 'time should advance' })
    .toBeGreaterThan(start + 0.2);
}

async function expectPaused(page: Page) {
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  const at = (await audio(page)).currentTime;
  // pause: time passing is what is checked (a paused element's currentTime must not move); page.clock does not
  // drive media playback, so real time has to pass.
  await page.waitForTimeout(400);
  expect((await audio(page)).currentTime).toBeCloseTo(at, 1);
}

function watchPage(page: Page) {
  const errors: string[] = [];
  const media: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) media.push(pathname);
  });
  return {
    errors,
    media,
    expectOnlyPreviews() {
      expect(media.filter((path) => !ALLOWED_MEDIA.test(path))).toEqual([]);
      expect(media.some((path) => path.startsWith('/media/previews/'))).toBe(true);
      expect(media.some((path) => path.startsWith('/media/peaks/'))).toBe(true);
    },
  };
}

/** The viewport, when E2E_SCREENSHOTS=1 (support/page-helpers.ts). */
const attachScreenshot = (page: Page, testInfo: TestInfo, name: string) =>
  attachShot(page, testInfo, name, { fullPage: false });

/** The first rows of the home list and their titles (from the play buttons). */
async function homeTracks(page: Page): Promise<{ rows: Locator; titles: string[] }> {
  const rows = page.getByRole('list', { name: 'Tracks', exact: true }).locator(':scope > li');
  await expect(rows.nth(2)).toBeVisible();
  const labels = await rows
    .locator(':scope > button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return { rows, titles: labels.map((label) => label.replace(/^(Play|Pause) /, '')) };
}

/** Clicks the waveform at a fraction of its width. */
async function clickWaveform(waveform: Locator, fraction: number) {
  const box = await waveform.boundingBox();
  if (!box) throw new Error('waveform has no box');
  await waveform.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

test('desktop: a bottom bar plays, pauses, skips, seeks, sets the volume and keeps playing across pages', async ({
  page,
}, testInfo) => {
  const watch = watchPage(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const { rows, titles } = await homeTracks(page);

  // Start the second track of the list.
  await rows
    .nth(1)
    .getByRole('button', { name: `Play ${titles[1]}` })
    .click();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar.getByTestId('player-title')).toHaveText(titles[1]!);
  await expectPlaying(page);
  await expect(rows.nth(1)).toHaveAttribute('data-playing', 'true');
  await expect(bar.getByTestId('player-duration-time')).toHaveText(/\d+:\d\d$/);
  await attachScreenshot(page, testInfo, 'player-1280');

  // Pause and resume from the bar.
  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectPaused(page);
  await expect(rows.nth(1)).not.toHaveAttribute('data-playing');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);

  // Space toggles (focus on the page, not in a field).
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Space');
  await expectPaused(page);
  await page.keyboard.press('Space');
  await expectPlaying(page);

  // Next and previous move within the list and play.
  const firstSrc = (await audio(page)).src;
  await bar.getByRole('button', { name: 'Next track' }).click();
  await expect(bar.getByTestId('player-title')).toHaveText(titles[2]!);
  await expect.poll(async () => (await audio(page)).src).not.toBe(firstSrc);
  await expectPlaying(page);
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await bar.getByRole('button', { name: 'Previous track' }).click();
  await bar.getByRole('button', { name: 'Previous track' }).click();
  await expect(bar.getByTestId('player-title')).toHaveText(titles[0]!);
  await expectPlaying(page);
  // The start of the list: no further back.
  await expect(bar.getByRole('button', { name: 'Previous track' })).toBeDisabled();

  // Seek by clicking the waveform (paused, so the track cannot end meanwhile).
  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectPaused(page);
  const { duration } = await audio(page);
  const waveform = bar.getByRole('slider', { name: 'Seek' });
  await clickWaveform(waveform, 0.5);
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(duration * 0.4);
  expect((await audio(page)).currentTime).toBeLessThan(duration * 0.6);
  await expect(bar.getByTestId('player-current-time')).not.toHaveText('0:00');
  // ← seeks back 5 s.
  const before = (await audio(page)).currentTime;
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(before - 1);
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);

  // Volume: a real range input, shown in percent.
  const volume = bar.getByRole('slider', { name: 'Volume' });
  await expect(bar.getByText('100%')).toBeVisible();
  await volume.fill('0.4');
  await expect(bar.getByText('40%')).toBeVisible();
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.4, 2);
  await volume.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bar.getByText('39%')).toBeVisible();

  // Another page: the audio goes on (the same element; at a track's end the list moves on).
  const element = await page.getByTestId('player-audio').elementHandle();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Albums', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/album');
  await expect(bar).toBeVisible();
  await expectPlaying(page);
  expect(await element?.evaluate((node) => node.isConnected)).toBe(true);
  expect(titles).toContain(await bar.getByTestId('player-title').textContent());
  await attachScreenshot(page, testInfo, 'player-1280-albums');

  expect(watch.errors).toEqual([]);
  watch.expectOnlyPreviews();
});

test('mobile: the full-screen player opens by itself, collapses, keeps playing across pages and closes', async ({
  page,
}, testInfo) => {
  const watch = watchPage(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const { rows, titles } = await homeTracks(page);

  await rows
    .nth(0)
    .getByRole('button', { name: `Play ${titles[0]}` })
    .click();
  const player = page.getByRole('dialog', { name: titles[0] });
  await expect(player).toBeVisible();
  await expectPlaying(page);
  await expect(player.getByRole('button', { name: 'Collapse player' })).toBeFocused();
  await attachScreenshot(page, testInfo, 'player-390');

  // Same controls as the desktop bar.
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectPaused(page);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);

  await player.getByRole('button', { name: 'Next track' }).click();
  const next = page.getByRole('dialog', { name: titles[1] });
  await expect(next).toBeVisible();
  await expectPlaying(page);
  await next.getByRole('button', { name: 'Previous track' }).click();
  await expect(page.getByRole('dialog', { name: titles[0] })).toBeVisible();
  await expectPlaying(page);

  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectPaused(page);
  const { duration } = await audio(page);
  await clickWaveform(player.getByRole('slider', { name: 'Seek' }), 0.5);
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(duration * 0.35);
  // Back near the start, so the short demo track does not end during the rest of the test.
  await clickWaveform(player.getByRole('slider', { name: 'Seek' }), 0.01);
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(duration * 0.2);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);

  await player.getByRole('slider', { name: 'Volume' }).fill('0.25');
  await expect(player.getByText('25%')).toBeVisible();
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.25, 2);

  // The menu offers the favourite item.
  await player.getByRole('button', { name: 'More options' }).click();
  await expect(player.getByRole('button', { name: /Favorites/ })).toBeVisible();
  await attachScreenshot(page, testInfo, 'player-390-menu');
  await page.keyboard.press('Escape');

  // Collapse to the mini bar; the page is usable and the music goes on.
  await player.getByRole('button', { name: 'Collapse player' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const mini = page.getByRole('region', { name: 'Audio player' });
  expect(titles).toContain(await mini.getByTestId('player-title').textContent());
  await expectPlaying(page);
  await attachScreenshot(page, testInfo, 'player-390-mini');

  // Navigate with the mobile menu while playing.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Albums', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/album');
  await expectPlaying(page);
  await expect(mini).toBeVisible();

  // Close: paused, back to the start, no track.
  await mini.getByRole('button', { name: 'Close player' }).click();
  await expect(mini).toHaveCount(0);
  const closed = await audio(page);
  expect(closed.paused).toBe(true);
  expect(closed.currentTime).toBe(0);
  expect(closed.src).toBe('');

  expect(watch.errors).toEqual([]);
  watch.expectOnlyPreviews();
});
