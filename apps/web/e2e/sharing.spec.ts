import { Api, pathOf, urlOf } from '@tarab/contracts';
import { expect, test } from './support/app-test';
import { attachBothWidths, horizontalOverflow, uniqueSuffix } from './support/page-helpers';

/** #20 item 4: a playlist shared by an unlisted link — anyone opens it and plays previews; revoking closes it. */
test('a shared playlist opens for a visitor, plays a preview, and closes once revoked', async ({ page, request }) => {
  const email = `share-${uniqueSuffix()}@example.com`;
  const registered = await request.post(pathOf(Api.auth.register), {
    data: { name: 'Nadia Sharer', email, password: 'maqam-hijaz-42', password_confirmation: 'maqam-hijaz-42' },
  });
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  const auth = { authorization: `Bearer ${token}` };
  const music = (
    (await (await request.get(urlOf(Api.catalog.music, { query: { per_page: 2 } }))).json()) as {
      data: { data: { id: number; title: string }[] };
    }
  ).data.data;
  const created = await request.post(pathOf(Api.library.createPlaylist), {
    headers: auth,
    data: { name: 'For the client' },
  });
  const playlistId = ((await created.json()) as { data: { id: number } }).data.id;
  for (const track of music) {
    await request.post(pathOf(Api.library.addMusic), {
      headers: auth,
      data: { playlist_id: playlistId, music_id: track.id },
    });
  }
  const shared = await request.post(pathOf(Api.library.share, { id: playlistId }), { headers: auth });
  const path = ((await shared.json()) as { data: { share_path: string } }).data.share_path;

  // A visitor (no session) opens the link.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'For the client' })).toBeVisible();
  await expect(page.getByText('Shared by Nadia Sharer')).toBeVisible();
  for (const track of music) await expect(page.getByText(track.title).first()).toBeVisible();
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => [...document.querySelectorAll('audio')].some((a) => !a.paused && a.currentTime > 0)),
    )
    .toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  // Web-first: after a resize the layout follows once React has re-rendered (the dock becomes the phone bar).
  await expect.poll(() => horizontalOverflow(page)).toBe(0);

  // Revoked: the same link now says so.
  await request.delete(pathOf(Api.library.unshare, { id: playlistId }), { headers: auth });
  await page.goto(path);
  await expect(page.getByText('This playlist does not exist or is no longer shared.')).toBeVisible();
});

/** Issue #32: a link copied on an Arabic page opens the Arabic page for whoever receives it. */
test("a share link made on an /ar/ page carries the sharer's language", async ({ page, request }, testInfo) => {
  const email = `share-ar-${uniqueSuffix()}@example.com`;
  const password = 'maqam-bayati-42';
  const registered = await request.post(pathOf(Api.auth.register), {
    data: { name: 'Layla Sharer', email, password, password_confirmation: password },
  });
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  const created = await request.post(pathOf(Api.library.createPlaylist), {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Wedding set' },
  });
  const playlistId = ((await created.json()) as { data: { id: number } }).data.id;

  await page.goto('/auth/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await page.goto(`/ar/saved/details/${playlistId}`);
  await page.getByRole('button', { name: 'إنشاء رابط مشاركة' }).click();
  const link = page.getByRole('textbox', { name: 'رابط المشاركة' });
  await expect(link).toHaveValue(new RegExp(`^${new URL(page.url()).origin}/ar/p/[^/]+$`));
  const arabicLink = await link.inputValue();
  await attachBothWidths(page, testInfo, 'share-link-ar');

  // The English page of the same playlist gives the English link.
  await page.goto(`/saved/details/${playlistId}`);
  await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveValue(/^https?:\/\/[^/]+\/p\/[^/]+$/);
  await attachBothWidths(page, testInfo, 'share-link-en');

  // The Arabic link opens the shared playlist in Arabic.
  await page.goto(arabicLink);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'Wedding set' })).toBeVisible();
});
