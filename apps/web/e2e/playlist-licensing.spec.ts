import { Api, pathOf, urlOf } from '@tarab/contracts';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/app-test';
import { readZip } from './support/zip';
import { attachBothWidths, DESKTOP, rememberUser, uniqueSuffix, watchPageErrors } from './support/page-helpers';

/**
 * #20 item 5: license a whole playlist in one checkout with the `local` (test-mode) driver — build a
 * playlist, License all, pay with a test card, download the one zip and check it holds each track
 * with its licence; each licence is in Saved → Downloads.
 */

type Track = { id: number; title: string; kind: 'music' | 'loop'; price?: number };

test.describe.configure({ timeout: 180_000 });

test('build a playlist, license all with 4242 4242 4242 4242, and download one zip of every track', async ({
  page,
}, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  const email = `cart-${uniqueSuffix()}@example.com`;
  const registered = await page.request.post(pathOf(Api.auth.register), {
    data: { name: 'Nadia Editor', email, password: 'maqam-kurd-2024!', password_confirmation: 'maqam-kurd-2024!' },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  await rememberUser(page);

  // Build the playlist: two music tracks and a loop (loops are not sold one by one).
  const music = (
    (await (await page.request.get(urlOf(Api.catalog.music, { query: { per_page: 2 } }))).json()) as {
      data: { data: Track[] };
    }
  ).data.data;
  const loops = (
    (await (await page.request.get(urlOf(Api.catalog.loops, { query: { per_page: 1 } }))).json()) as {
      data: { data: Track[] };
    }
  ).data.data;
  expect(music).toHaveLength(2);
  const created = await page.request.post(pathOf(Api.library.createPlaylist), { data: { name: 'Client cut' } });
  const playlistId = ((await created.json()) as { data: { id: number } }).data.id;
  for (const track of music) {
    const added = await page.request.post(pathOf(Api.library.addMusic), {
      data: { playlist_id: playlistId, music_id: track.id },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
  const loop = loops[0];
  if (loop)
    await page.request.post(pathOf(Api.library.addLoop), { data: { playlist_id: playlistId, loop_id: loop.id } });
  const totalCents = music.reduce((sum, track) => sum + Math.round(track.price! * 100), 0);
  const total = `$${(totalCents / 100).toFixed(2)}`;

  // The playlist page says what one checkout licenses, for how much, and what it leaves out.
  await page.goto(`/saved/details/${playlistId}`);
  const panel = page.getByRole('region', { name: 'License the whole playlist' });
  await expect(panel.getByRole('button', { name: `License all (2) · ${total}` })).toBeVisible();
  if (loop) await expect(panel.getByText(`${loop.title} — loop: loops come with a subscription`)).toBeVisible();
  await attachBothWidths(page, testInfo, 'playlist-license-all');

  await panel.getByRole('button', { name: `License all (2) · ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_[a-f0-9]{24}$/);
  const items = page.getByRole('list', { name: 'Tracks in this order' });
  for (const track of music) await expect(items.getByText(track.title, { exact: true })).toBeVisible();
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await attachBothWidths(page, testInfo, 'playlist-checkout');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/success\/playlist\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const licensed = page.getByRole('list', { name: 'Licensed tracks' });
  await expect(licensed.getByRole('listitem')).toHaveCount(2);
  for (const track of music) {
    await expect(licensed.getByRole('link', { name: `Download ${track.title}` })).toBeVisible();
  }
  await attachBothWidths(page, testInfo, 'playlist-success');

  // One zip: a folder per track with the audio, license.txt and the certificate.
  const downloadPromise = page.waitForEvent('download', { timeout: 150_000 });
  await page.getByRole('button', { name: 'Download all (zip)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Client_cut_Playlist.zip');
  const entries = await readZip(await readFile(await download.path()));
  const keys: string[] = [];
  for (const track of music) {
    const folder = [...entries.keys()].find((name) =>
      name.endsWith(`/${track.title.replace(/[\\/:*?"<>|]+/g, ' ')}.mp3`),
    );
    expect(folder, `the zip holds ${track.title} (has ${[...entries.keys()].join(', ')})`).toBeTruthy();
    const dir = folder!.slice(0, folder!.lastIndexOf('/') + 1);
    expect(entries.get(folder!)!.length).toBeGreaterThan(1000);
    const license = entries.get(`${dir}license.txt`)?.toString('utf8') ?? '';
    expect(license).toMatch(/^License Key: TRB-/);
    expect(license).toContain(track.title);
    expect(entries.get(`${dir}license-certificate.pdf`)?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keys.push(license.split(/\r?\n/)[0]!.slice('License Key: '.length));
  }
  expect(new Set(keys).size).toBe(2);
  for (const key of keys) await expect(page.getByText(key)).toBeVisible();

  // Saved → Downloads lists each licence.
  await page.goto('/savedPage');
  await page.getByRole('tab', { name: 'Downloads' }).click();
  const downloads = page.getByRole('list', { name: 'Downloads' });
  for (const track of music)
    await expect(downloads.getByRole('listitem').filter({ hasText: track.title })).toBeVisible();

  // Back on the playlist: nothing left to pay for.
  await page.goto(`/saved/details/${playlistId}`);
  await expect(page.getByText('Nothing left to license: every music track is covered.')).toBeVisible();
  expect(errors).toEqual([]);
});
