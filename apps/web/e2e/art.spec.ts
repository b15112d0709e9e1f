import { expect, test, type APIRequestContext, type Locator, type Page } from './support/app-test';
import { Api, pathOf } from '@tarab/contracts';
import { ok } from './support/api';
import { attachBothWidths, DESKTOP, waitForSettled, watchPageErrors } from './support/page-helpers';

/**
 * The generated art of the demo store (issue 32 item 7, decision 060) against the real server:
 * every track and loop shows a cover, the covers, portraits and category tiles carry no text
 * (the page names them in its own language) and no six-pointed star, and they are small.
 */

type TrackList = { data: { data: { title: string; kind: string; album: { image: { url: string } } | null }[] } };
type ArtistList = { data: { data: { data: { name: string; image: { url: string } }[] } } };
type AlbumList = { data: { title: string; image: { url: string } }[] };

async function svgAt(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  expect(response.headers()['content-type'], url).toContain('image/svg+xml');
  return response.text();
}

/** No text, no font, no label, no external reference, small; and no {6/2} or six-point star path. */
function expectCleanArt(svg: string, what: string, names: readonly string[] = []) {
  expect(svg, what).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg, what).not.toMatch(/<text|<tspan|<title|font-family|aria-label|<image|<script/);
  expect(Buffer.byteLength(svg), what).toBeLessThan(20_000);
  for (const name of names) expect(svg, what).not.toContain(name);
}

/** Every image matched has loaded. */
async function expectLoaded(images: Locator) {
  await expect(images.first()).toBeVisible();
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
}

/** Every cover in the track rows of the page has loaded (a row without art would have no <img>). */
async function expectRowCovers(page: Page) {
  const rows = page.locator('li[data-track-id]');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(rows.locator('button img')).toHaveCount(count);
  await expectLoaded(rows.locator('button img'));
}

test('every track and loop has a cover; covers, portraits and tiles carry no text and stay small', async ({
  request,
}) => {
  const music = await ok<TrackList>(await request.get(pathOf(Api.catalog.music)));
  const loops = await ok<TrackList>(await request.get(pathOf(Api.catalog.loops)));
  const tracks = [...music.data.data, ...loops.data.data];
  expect(loops.data.data.length).toBeGreaterThan(0);
  const seen = new Map<string, string>();
  for (const track of tracks) {
    expect(track.album, `${track.kind} "${track.title}" has no album, so no art`).not.toBeNull();
    const url = track.album!.image.url;
    if (!seen.has(url)) seen.set(url, await svgAt(request, url));
    expectCleanArt(seen.get(url)!, track.title, [track.title]);
  }
  const albums = await ok<AlbumList>(await request.get(pathOf(Api.catalog.albums)));
  for (const album of albums.data) expectCleanArt(await svgAt(request, album.image.url), album.title, [album.title]);
  const artists = await ok<ArtistList>(await request.get(pathOf(Api.catalog.artists)));
  const portraits = new Set<string>();
  for (const artist of artists.data.data.data) {
    const svg = await svgAt(request, artist.image.url);
    expectCleanArt(svg, artist.name, [artist.name]);
    // An illustration (the artist's instruments), not a monogram; one per artist.
    expect(svg, artist.name).toContain('<g transform="translate(');
    portraits.add(svg);
  }
  expect(portraits.size).toBe(artists.data.data.data.length);
});

for (const locale of ['en', 'ar'] as const) {
  const prefix = locale === 'ar' ? '/ar' : '';

  test(`rows of music and loops show their covers, albums and artists their art (${locale})`, async ({
    page,
  }, testInfo) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize(DESKTOP);
    // Track rows (home) and loop rows: a cover in every row.
    for (const [path, name] of [
      ['/', 'home'],
      ['/loops', 'loops'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await waitForSettled(page);
      await expectRowCovers(page);
      await attachBothWidths(page, testInfo, `art-${locale}-${name}`);
    }
    // Category tiles, album covers and artist portraits.
    for (const [path, name, images] of [
      ['/music', 'categories', 'main a[href*="/music/details/"] img'],
      ['/album', 'albums', 'main a[href*="/album/"] img'],
      ['/artists', 'artists', 'main a[href*="/artist"] img'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await waitForSettled(page);
      await expectLoaded(page.locator(images));
      await attachBothWidths(page, testInfo, `art-${locale}-${name}`);
    }
    expect(errors).toEqual([]);
  });
}
