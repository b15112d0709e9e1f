import { Api, ApiPaths, pathOf } from '@tarab/contracts';
import { expect, test, type Locator, type Page, type TestInfo } from './support/app-test';
import {
  attachScreenshot as attachShot,
  horizontalOverflow,
  trackApiRequests,
  waitForSettled,
} from './support/page-helpers';

/**
 * Catalog journeys against the real server and its demo catalog (spec §2 Home, /music,
 * /music/details, /album, /artist, "Track rows and lists"): browse, filter with chips, search,
 * View more, and play a preview from a row.
 */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** Only previews, peaks and images may be fetched from /media (never a full-quality original). */
const ALLOWED_MEDIA = /^\/media\/(previews\/[^/]+\.mp3|peaks\/[^/]+\.json|images\/.+)$/;

function watchPage(page: Page) {
  const errors: string[] = [];
  const media: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // Any of the API's download routes, not one route of the table.
    if (
      pathname.startsWith('/media/') ||
      (pathname.startsWith(`${ApiPaths.prefix}/`) && pathname.includes('download'))
    ) {
      media.push(pathname);
    }
  });
  return {
    errors,
    media,
    expectOnlyPreviews() {
      expect(media.filter((path) => !ALLOWED_MEDIA.test(path))).toEqual([]);
    },
  };
}

/** Screenshots when E2E_SCREENSHOTS=1 (support/page-helpers.ts); the whole page unless told. */
const attachScreenshot = (page: Page, testInfo: TestInfo, name: string, fullPage = true) =>
  attachShot(page, testInfo, name, { fullPage });

/** Web-first: after a resize, the layout follows once React has re-rendered (media queries). */
async function expectNoHorizontalScroll(page: Page, width: number) {
  await expect
    .poll(() => horizontalOverflow(page), { message: `page is wider than the viewport at ${width} px` })
    .toBeLessThanOrEqual(0);
}

/** The rows of a track list (direct children: the tag chips inside a row are lists too). */
const rowsOf = (list: Locator) => list.locator(':scope > li');

/** The titles of the rows shown, read from their play buttons. */
async function rowTitles(list: Locator): Promise<string[]> {
  const labels = await rowsOf(list)
    .locator(':scope > button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(Play|Pause) /, ''));
}

const audioState = (page: Page) =>
  page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => ({
    paused: audio.paused,
    currentTime: audio.currentTime,
    src: audio.getAttribute('src') ?? '',
  }));

test('browse: home → music → a genre → an album → its artist', async ({ page }, testInfo) => {
  const watch = watchPage(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');

  // Home: the album section, 5 cards at most, each "{n} tracks" and linking to its album.
  const albums = page.getByRole('list', { name: 'Albums' });
  await expect(page.getByRole('heading', { name: 'Album', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all Albums' })).toHaveAttribute('href', '/album');
  await expect(albums.getByRole('link').first()).toBeVisible();
  const cards = await albums.getByRole('link').count();
  expect(cards).toBeGreaterThan(0);
  expect(cards).toBeLessThanOrEqual(5);
  await expect(albums.getByRole('link').first()).toHaveAttribute('href', /^\/album\/detail\/\d+$/);
  await expect(albums.getByRole('link').first()).toContainText(/\d+ tracks/);
  await attachScreenshot(page, testInfo, 'home-1280');

  // /music: the four grids and the artists preview.
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/music');
  for (const grid of ['Genres', 'Moods', 'Themes', 'Instruments']) {
    await expect(page.getByRole('heading', { level: 2, name: grid, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'View all Artists' })).toHaveAttribute('href', '/artists');
  const artistCards = page.getByRole('list', { name: 'Artists' }).getByRole('link');
  await expect(artistCards.first()).toBeVisible();
  expect(await artistCards.count()).toBeLessThanOrEqual(5);
  await attachScreenshot(page, testInfo, 'music-1280');

  // A genre tile that has tracks.
  const withTracks = page.locator('span', { hasText: /^[1-9]\d* tracks?$/ });
  const genre = page.getByRole('list', { name: 'Genres' }).getByRole('link').filter({ has: withTracks }).first();
  const genreName = ((await genre.locator('span').nth(1).textContent()) ?? '').trim();
  await genre.click();
  await expect(page).toHaveURL(
    (url) => url.pathname.startsWith('/music/details/') && url.searchParams.get('type') === 'Genres',
  );
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toHaveText(new RegExp(`Music\\s*/\\s*Genres\\s*/\\s*${genreName}`));
  await expect(page.getByRole('heading', { level: 1, name: genreName })).toBeVisible();
  const genreList = page.getByRole('list', { name: `${genreName} tracks` });
  await expect(rowsOf(genreList).first()).toBeVisible();
  // Every track listed carries the genre.
  for (const row of await rowsOf(genreList).all()) await expect(row).toContainText(genreName);
  await attachScreenshot(page, testInfo, 'category-1280');

  // /album: the grid and the promotional banner; an album with tracks.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Albums', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/album');
  await expect(page.getByRole('heading', { name: 'Want more album?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Music' })).toHaveAttribute('href', '/music');
  const album = page.getByRole('list', { name: 'Albums' }).getByRole('link').filter({ has: withTracks }).first();
  const albumTitle = ((await album.locator('span').nth(1).textContent()) ?? '').trim();
  await album.click();
  await expect(page).toHaveURL(/\/album\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: albumTitle })).toBeVisible();
  await expect(rowsOf(page.getByRole('list', { name: `${albumTitle} tracks` })).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related Albums' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'album-1280');

  // The album's artist.
  const artistLink = page.getByRole('main').locator('header').getByRole('link');
  const artistName = ((await artistLink.textContent()) ?? '').trim();
  await artistLink.click();
  await expect(page).toHaveURL(/\/artist\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
  await expect(rowsOf(page.getByRole('list', { name: `Tracks by ${artistName}` })).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Artist Albums' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Artist Albums' }).getByRole('link', { name: new RegExp(albumTitle) }),
  ).toBeVisible();
  await attachScreenshot(page, testInfo, 'artist-1280');

  // /artists: intro and grid.
  await page.goto('/artists');
  await expect(
    page.getByRole('list', { name: 'Artists' }).getByRole('link', { name: new RegExp(artistName) }),
  ).toBeVisible();

  expect(watch.errors).toEqual([]);
  watch.expectOnlyPreviews();
});

test('filter with chips: toggle a genre, see only its tracks, remove it with ×', async ({ page }, testInfo) => {
  const watch = watchPage(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Tracks', exact: true });
  await expect(rowsOf(list).first()).toBeVisible();
  const before = await rowTitles(list);

  await page.getByRole('button', { name: 'Genre', exact: true }).click();
  const options = page.getByRole('group', { name: 'Genre options' });
  await expect(options.getByRole('button').first()).toBeVisible();
  // Dead ends (0 tracks) are disabled; choose the smallest genre that still has tracks.
  const chips = await options.getByRole('button').all();
  let chosen: { chip: Locator; name: string; count: number } | null = null;
  for (const chip of chips) {
    if (await chip.isDisabled()) continue;
    const text = ((await chip.textContent()) ?? '').trim();
    const match = /^(.*?)\s*(\d+)\s*,/.exec(text);
    if (!match) continue;
    const count = Number(match[2]);
    if (!chosen || count < chosen.count) chosen = { chip, name: match[1]!.trim(), count };
  }
  expect(chosen, 'a genre with tracks').not.toBeNull();
  const { chip, name, count } = chosen!;

  const filtered = page.waitForResponse(
    (r) => r.url().includes(`${pathOf(Api.catalog.music)}?`) && r.url().includes('genre'),
  );
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await filtered;
  await expect(rowsOf(list)).toHaveCount(Math.min(count, 5));
  for (const row of await rowsOf(list).all()) await expect(row).toContainText(name);
  await expect(
    page.getByRole('list', { name: 'Selected filters' }).getByRole('button', { name: `Remove ${name}` }),
  ).toBeVisible();
  await attachScreenshot(page, testInfo, 'filtered-1280', false);

  // The chip's × removes the filter: the full list is back.
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('list', { name: 'Selected filters' })).toHaveCount(0);
  await expect.poll(() => rowTitles(list)).toEqual(before);

  expect(watch.errors).toEqual([]);
});

test('search a maqam name, on Enter and with the button', async ({ page }) => {
  const watch = watchPage(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Tracks', exact: true });
  await expect(rowsOf(list).first()).toBeVisible();

  const box = page.getByRole('combobox', { name: 'Search music' });
  await expect(box).toHaveAttribute('placeholder', 'search your favorite music');

  const search = page.waitForResponse(
    (r) => r.url().endsWith(pathOf(Api.catalog.search)) && r.request().method() === 'POST',
  );
  await box.fill('Bayati');
  await box.press('Enter');
  const response = await search;
  expect(response.request().postDataJSON()).toMatchObject({ type: 'music', keyword: 'Bayati', perPage: 10, page: 1 });
  const body = (await response.json()) as { data: Array<{ title: string }>; total: number };
  expect(body.total).toBeGreaterThan(0);
  await expect(page.getByText(/Results for .Bayati./)).toBeVisible();
  await expect.poll(() => rowTitles(list)).toEqual(body.data.slice(0, 5).map((track) => track.title));

  // The button searches too; a keyword with no match shows the empty state.
  await box.fill('zzqxv');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No music found.')).toBeVisible();

  // Loops search loops.
  await page.goto('/loops');
  const loopSearch = page.waitForResponse((r) => r.url().endsWith(pathOf(Api.catalog.search)));
  await page.getByRole('combobox', { name: 'Search loops' }).fill('Darbuka');
  await page.getByRole('combobox', { name: 'Search loops' }).press('Enter');
  expect((await loopSearch).request().postDataJSON()).toMatchObject({ type: 'loop', keyword: 'Darbuka' });
  await expect(rowsOf(page.getByRole('list', { name: 'Loops' })).first()).toContainText(/Darbuka/);

  expect(watch.errors).toEqual([]);
});

test('View more shows 5 tracks, then 3 more up to the total', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const firstPage = page.waitForResponse((r) => r.url().includes(`${pathOf(Api.catalog.music)}?`));
  await page.goto('/');
  const { data } = (await (await firstPage).json()) as { data: { total: number } };
  const list = page.getByRole('list', { name: 'Tracks', exact: true });
  await expect(rowsOf(list)).toHaveCount(Math.min(5, data.total));

  let shown = Math.min(5, data.total);
  const viewMore = page.getByRole('button', { name: 'View more' });
  while (shown < data.total) {
    await viewMore.click();
    shown = Math.min(shown + 3, data.total);
    await expect(rowsOf(list)).toHaveCount(shown);
  }
  await expect(viewMore).toHaveCount(0);
  // No track twice.
  const titles = await rowTitles(list);
  expect(new Set(titles).size).toBe(titles.length);
});

test('play a preview from a row: the audio plays and the row is highlighted', async ({ page }, testInfo) => {
  const watch = watchPage(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Tracks', exact: true });
  const row = rowsOf(list).nth(1);
  await expect(row).toBeVisible();
  const title = (await rowTitles(list))[1]!;

  await row.getByRole('button', { name: `Play ${title}` }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  const start = (await audioState(page)).currentTime;
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(start + 0.3);
  expect((await audioState(page)).src).toMatch(/^\/media\/previews\/.+\.mp3$/);

  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByRole('button', { name: `Pause ${title}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Audio player' }).getByTestId('player-title')).toHaveText(title);
  await attachScreenshot(page, testInfo, 'row-playing-1280', false);

  // Play on the current row pauses; again resumes.
  await row.getByRole('button', { name: `Pause ${title}` }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await row.getByRole('button', { name: `Play ${title}` }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);

  expect(watch.errors).toEqual([]);
  watch.expectOnlyPreviews();
  expect(watch.media.some((path) => path.startsWith('/media/peaks/'))).toBe(true);
});

test('catalog pages fit 390 px and 320 px without horizontal scroll', async ({ page }, testInfo) => {
  // Each page loaded once with its data in (no API call in flight), then checked at both widths.
  trackApiRequests(page);
  for (const path of ['/', '/music', '/loops', '/album', '/artists']) {
    await page.setViewportSize(MOBILE);
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await waitForSettled(page);
    for (const width of [390, 320]) {
      await page.setViewportSize({ ...MOBILE, width });
      await expectNoHorizontalScroll(page, width);
    }
  }
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(rowsOf(page.getByRole('list', { name: 'Tracks', exact: true })).first()).toBeVisible();
  await page.getByRole('button', { name: 'Genre', exact: true }).click();
  await attachScreenshot(page, testInfo, 'home-390');
  await page.goto('/loops');
  await expect(rowsOf(page.getByRole('list', { name: 'Loops' })).first()).toBeVisible();
  await page.getByRole('button', { name: 'BPM', exact: true }).click();
  await expect(page.getByRole('slider', { name: 'Minimum BPM' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'loops-390');
  await page.goto('/music');
  await expect(page.getByRole('list', { name: 'Genres' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'music-390');
});
