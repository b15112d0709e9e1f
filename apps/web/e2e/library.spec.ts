import { Api, pathOf } from '@tarab/contracts';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/app-test';
import {
  attachBothWidths,
  attachScreenshot,
  DESKTOP,
  MOBILE,
  rememberUser,
  uniqueSuffix,
  watchPageErrors,
} from './support/page-helpers';

/**
 * Library journeys against the real server: playlists (create, add a music and a loop,
 * open, play, search, delete with confirm) and favourites (heart a row, see it in the
 * Favorite tab, unfavourite), spec §2 "Saved page", §4, §5.
 */

const unique = (label: string) => `${label}-${uniqueSuffix()}`;

/** Registers a fresh user; the session cookie lands in the page's browser context. */
async function registerUser(request: APIRequestContext) {
  const email = `${unique('library')}@example.com`;
  const response = await request.post(pathOf(Api.auth.register), {
    data: { name: 'Library Tester', email, password: 'desert-rose-2024!', password_confirmation: 'desert-rose-2024!' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** The first row of a catalog list and its track title (read from its play button). */
async function firstRow(page: Page, listName: string): Promise<{ row: Locator; title: string }> {
  const list = page.getByRole('list', { name: listName, exact: true });
  const row = list.getByRole('listitem').first();
  const play = row.getByRole('button', { name: /^Play / });
  await expect(play).toBeVisible();
  const title = ((await play.getAttribute('aria-label')) ?? '').replace(/^Play /, '');
  return { row, title };
}

async function addFirstRowToPlaylist(page: Page, listName: string, playlist: string): Promise<string> {
  const { row, title } = await firstRow(page, listName);
  // An earlier toast with the same words must be gone first (5000 ms), so this one counts.
  await expect(toast(page, 'Track added to playlist successfully!')).toHaveCount(0, { timeout: 10_000 });
  await row.getByRole('button', { name: `Add ${title} to a playlist` }).click();
  const menu = page.getByRole('menu', { name: `Add ${title} to a playlist` });
  await menu.getByRole('menuitem', { name: new RegExp(`^${playlist}`) }).click();
  await expect(toast(page, 'Track added to playlist successfully!')).toBeVisible();
  await expect(menu).toBeHidden();
  return title;
}

test('playlists: create, add a music and a loop, open, play, search and delete', async ({ page }, testInfo) => {
  test.setTimeout(180_000); // A long journey over four pages, with toasts to wait out.
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await registerUser(page.request);
  await rememberUser(page);
  const name = `Road Trip ${unique('p')}`;
  const other = `Wedding ${unique('p')}`;

  await page.goto('/savedPage');
  await expect(page.getByRole('tab', { name: 'Playlists' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No playlists found.')).toBeVisible();
  await attachBothWidths(page, testInfo, 'saved-empty');

  // Create: an empty name is refused, then a real one.
  await page.getByRole('button', { name: 'New playlist or project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
  await expect(dialog.getByLabel('Playlist name')).toBeFocused();
  await dialog.getByLabel('Playlist name').fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Playlist name cannot be empty.');
  await dialog.getByLabel('Playlist name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Playlist created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByText('No playlists found.')).toBeHidden();

  // A second one, from the add-to-playlist menu's New playlist… (and a music goes in it).
  await page.goto('/');
  const { row: homeRow, title: otherMusic } = await firstRow(page, 'Tracks');
  await homeRow.getByRole('button', { name: `Add ${otherMusic} to a playlist` }).click();
  await page.getByRole('menuitem', { name: 'New playlist…' }).click();
  await page.getByRole('dialog', { name: 'Create Playlist' }).getByLabel('Playlist name').fill(other);
  await page.getByRole('dialog', { name: 'Create Playlist' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Track added to playlist successfully!')).toBeVisible();

  // A music from the home list and a loop from /loops into the first playlist.
  const music = await addFirstRowToPlaylist(page, 'Tracks', name);
  await page.goto('/loops');
  const loop = await addFirstRowToPlaylist(page, 'Loops', name);

  // Search, case-insensitive.
  await page.goto('/savedPage');
  const cards = page.getByRole('list', { name: 'Playlists' }).getByRole('link');
  await expect(cards).toHaveCount(2);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card.getByText('2 tracks')).toBeVisible();
  await attachBothWidths(page, testInfo, 'saved-playlists');
  const search = page.getByPlaceholder('Find playlist or project');
  await search.fill('WEDDING');
  await expect(cards).toHaveText([other]);
  await search.fill(name.toLowerCase());
  await expect(cards).toHaveText([name]);
  await search.fill('no such playlist');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No playlists found.')).toBeVisible();
  await search.fill('');
  await expect(cards).toHaveCount(2);

  // Open it: Saved / {title}, the count, the music and the loop (merged), playable.
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(
    (url) =>
      /^\/saved\/details\/\d+$/.test(url.pathname) &&
      url.searchParams.get('title') === name &&
      url.searchParams.get('name') === name &&
      url.searchParams.get('tracks') === '2',
  );
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Saved/${name}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('2 tracks', { exact: true })).toBeVisible();
  const tracks = page.getByRole('list', { name: `Tracks of ${name}` });
  await expect(tracks.getByRole('button', { name: `Play ${music}` })).toBeVisible();
  await expect(tracks.getByRole('button', { name: `Play ${loop}` })).toBeVisible();

  await tracks.getByRole('button', { name: `Play ${loop}` }).click();
  await expect(tracks.getByRole('button', { name: `Pause ${loop}` })).toBeVisible();
  const player = page.getByRole('region', { name: 'Audio player' });
  await expect(player.getByTestId('player-title')).toHaveText(loop);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.getAttribute('src') ?? ''))
    .toMatch(/\/media\//);
  await tracks.getByRole('button', { name: `Pause ${loop}` }).click();
  await expect(tracks.getByRole('button', { name: `Play ${loop}` })).toBeVisible();
  await attachBothWidths(page, testInfo, 'playlist-details');

  // Delete, with the confirmation (Cancel first).
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Saved' }).click();
  await page.getByRole('button', { name: `Delete playlist ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete playlist' });
  await expect(confirm).toContainText('Are you sure you want to delete this playlist?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete playlist ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(cards).toHaveText([other]);
  await page.reload();
  await expect(cards).toHaveText([other]);
  expect(errors).toEqual([]);
});

test('favourites: heart a row, find it in the Favorite tab, unfavourite it', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await registerUser(page.request);
  await rememberUser(page);

  await page.goto('/savedPage?tab=favorite');
  await expect(page.getByText("You haven't liked any artists yet.")).toBeVisible();

  await page.goto('/');
  const { row, title } = await firstRow(page, 'Tracks');
  const heart = row.getByRole('button', { name: `Favorite ${title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(toast(page, 'Track added to favorites.')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // The player's heart follows the same favourites set.
  await row.getByRole('button', { name: `Play ${title}` }).click();
  const player = page.getByRole('region', { name: 'Audio player' });
  await expect(player.getByRole('button', { name: `Favorite ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await row.getByRole('button', { name: `Pause ${title}` }).click();

  // The Favorite tab lists it, playable.
  await page.goto('/savedPage');
  await page.getByRole('tab', { name: 'Playlists' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Favorite' })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'Favorite tracks' });
  await expect(list.getByRole('button', { name: `Play ${title}` })).toBeVisible();
  const listHeart = list.getByRole('button', { name: `Favorite ${title}` });
  await expect(listHeart).toHaveAttribute('aria-pressed', 'true');
  await attachBothWidths(page, testInfo, 'saved-favorite');

  // Unfavourite from the tab.
  await listHeart.click();
  await expect(toast(page, 'Track removed from favorites.')).toBeVisible();
  await expect(page.getByText("You haven't liked any artists yet.")).toBeVisible();
  await page.goto('/');
  const again = await firstRow(page, 'Tracks');
  await expect(again.row.getByRole('button', { name: `Favorite ${again.title}` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(errors).toEqual([]);
});

test('a visitor is asked to log in to favourite or add to a playlist', async ({ page }) => {
  await page.goto('/');
  const { row, title } = await firstRow(page, 'Tracks');
  const loginToast = toast(page, 'Please log in to add tracks to favorites.');
  await row.getByRole('button', { name: `Favorite ${title}` }).click();
  await expect(loginToast).toBeVisible();
  await expect(row.getByRole('button', { name: `Favorite ${title}` })).toHaveAttribute('aria-pressed', 'false');
  // Favourite toasts close after 1500 ms; then the playlist button says the same.
  await expect(loginToast).toHaveCount(0, { timeout: 5000 });
  await row.getByRole('button', { name: `Add ${title} to a playlist` }).click();
  await expect(loginToast).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('the add-to-playlist menu and the Create Playlist modal fit a 390 px screen', async ({ page }, testInfo) => {
  await page.setViewportSize(MOBILE);
  await registerUser(page.request);
  await rememberUser(page);
  await page.goto('/loops');
  const { row, title } = await firstRow(page, 'Loops');
  // On a phone the row's secondary actions are in its More menu (issue #32): Add to playlist opens the
  // playlists in the same menu.
  const button = row.getByRole('button', { name: `More actions for ${title}` });
  await button.click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Add to playlist' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Back' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'New playlist…' })).toBeVisible();
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBeTruthy();
  await attachScreenshot(page, testInfo, 'playlist-menu-390', { fullPage: false });

  await menu.getByRole('menuitem', { name: 'New playlist…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
  await expect(dialog.getByLabel('Playlist name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Playlist name cannot be empty.');
  await attachScreenshot(page, testInfo, 'create-playlist-390', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
