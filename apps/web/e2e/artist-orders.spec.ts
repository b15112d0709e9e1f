import { Api, pathOf } from '@tarab/contracts';
import { expect, test, type APIRequestContext, type Page } from './support/app-test';
import { ok } from './support/api';
import { attachBothWidths, DESKTOP, rememberUser, uniqueSuffix, watchPageErrors } from './support/page-helpers';

/**
 * Issue #32 items 10, 11 and 8 (decision 059): an artist uploads a track with its maqam, tonic and
 * iqa' and sees them; buyers choose at checkout whether the artist sees their email (name only when
 * unticked; name, email and a View Receipt link when ticked); the Arabic checkout and success pages
 * name the track in Arabic.
 */

const ARTIST = { email: 'artist@tarab.test', password: 'create-for-tarab' };

type Track = { id: number; title: string; title_ar?: string | null; kind: 'music' | 'loop' };

test.describe.configure({ timeout: 180_000 });

async function login(request: APIRequestContext, email: string, password: string) {
  await ok(await request.post(pathOf(Api.auth.login), { data: { email, password } }));
}

/** A fresh buyer (the session cookie lands in the page's context); unique, so the artist's card is found by name. */
async function registerBuyer(request: APIRequestContext, label: string) {
  const email = `${label}-${uniqueSuffix()}@example.com`;
  const name = `E2E ${email.split('@')[0]}`;
  await ok(
    await request.post(pathOf(Api.auth.register), {
      data: { name, email, password: 'desert-rose-2024!', password_confirmation: 'desert-rose-2024!' },
    }),
  );
  return { name, email };
}

/** The demo artist's music tracks (the artist account is linked to it). */
async function artistMusic(request: APIRequestContext): Promise<Track[]> {
  await login(request, ARTIST.email, ARTIST.password);
  const me = await ok<{ data: { user: { artist_id: number | null } } }>(await request.get(pathOf(Api.auth.me)));
  const body = await ok<{ data: { music: Track[] } }>(
    await request.get(pathOf(Api.catalog.artist, { id: me.data.user.artist_id! })),
  );
  await request.post(pathOf(Api.auth.logout));
  return body.data.music.filter((t) => t.kind === 'music');
}

async function fillCard(page: Page, labels = { number: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC' }) {
  await page.getByLabel(labels.number).fill('4242 4242 4242 4242');
  await page.getByLabel(labels.expiry).fill('12/34');
  await page.getByLabel(labels.cvc).fill('123');
}

/** A mono 16-bit WAV: a 120 BPM pulse over a drone, enough for the analysis. */
function pulseWav(seconds = 4, sampleRate = 44_100): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i += 1) {
    const t = i / sampleRate;
    const sample =
      0.6 * Math.exp(-(t % 0.5) * 18) * Math.sin(2 * Math.PI * 330 * t) + 0.15 * Math.sin(2 * Math.PI * 110 * t);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('an artist uploads a track with its maqam, tonic and iqa’ and sees them on the track', async ({
  page,
}, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await login(page.request, ARTIST.email, ARTIST.password);
  await rememberUser(page);
  await page.goto('/artist-analytics?tab=upload');
  const panel = page.getByRole('tabpanel', { name: 'Upload' });
  const form = panel.getByRole('form', { name: 'Upload a track' });
  await expect(form.getByRole('combobox', { name: 'Maqam' })).toBeVisible();

  const title = `Maqam Study ${uniqueSuffix()}`;
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'study.wav', mimeType: 'audio/wav', buffer: pulseWav() });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  // The jins narrows the maqamat; the maqam shows its ajnas and puts its usual tonics first.
  await form.getByRole('combobox', { name: 'Jins' }).selectOption('Hijaz');
  await form.getByRole('combobox', { name: 'Maqam' }).selectOption('Hijaz');
  await expect(form.getByTestId('maqam-ajnas')).toHaveText('Lower jins Hijaz · upper jins Nahawand');
  await form.getByRole('combobox', { name: 'Tonic' }).selectOption('D');
  await form.getByRole('combobox', { name: "Iqa' (rhythm)" }).selectOption('Maqsum');
  await expect(form.getByRole('combobox', { name: 'Meter' })).toHaveValue('4/4');
  await form.getByRole('spinbutton', { name: 'Price (USD)' }).fill('3.99');
  await attachBothWidths(page, testInfo, 'upload-musical-pickers');
  await form.getByRole('button', { name: 'Upload track' }).click();

  // Processed: the artist's list shows the facts as the store's rows do.
  const row = panel.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Hijaz on D', { timeout: 120_000 });
  await expect(row).toContainText('Maqsum 4/4');
  // Saved in the catalog's own columns: the artist's track answer carries them.
  const catalog = await ok<{
    data: { tracks: Array<Track & { maqam: string; key: string; iqa: string; meter: string }> };
  }>(await page.request.get(pathOf(Api.ingest.tracks)));
  expect(catalog.data.tracks.find((t) => t.title === title)).toMatchObject({
    maqam: 'Hijaz',
    key: 'D',
    iqa: 'Maqsum',
    meter: '4/4',
  });
  // Edit track starts from them.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit track' });
  await expect(dialog.getByRole('combobox', { name: 'Maqam' })).toHaveValue('Hijaz');
  await expect(dialog.getByRole('combobox', { name: 'Tonic' })).toHaveValue('D');
  await attachBothWidths(page, testInfo, 'edit-track-musical');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(errors).toEqual([]);
});

test('a buyer keeps their email private, another shares it: the artist sees name only, then name, email and the receipt', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const [first, second] = await artistMusic(page.request);

  // Buyer 1 unticks "Share my email with the artist" on the checkout page.
  const quiet = await registerBuyer(page.request, 'quiet');
  await rememberUser(page);
  const one = await ok<{ checkout_url: string }>(
    await page.request.post(pathOf(Api.commerce.checkout), { data: { music_id: first!.id, title: first!.title } }),
  );
  await page.goto(one.checkout_url);
  const box = page.getByRole('checkbox', { name: 'Share my email with the artist' });
  await expect(box).toBeChecked();
  await attachBothWidths(page, testInfo, 'checkout-share-email');
  await box.uncheck();
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.request.post(pathOf(Api.auth.logout));

  // Buyer 2 leaves it ticked.
  const open = await registerBuyer(page.request, 'open');
  await rememberUser(page);
  const two = await ok<{ checkout_url: string; session_id: string }>(
    await page.request.post(pathOf(Api.commerce.checkout), { data: { music_id: second!.id, title: second!.title } }),
  );
  await page.goto(two.checkout_url);
  await expect(page.getByRole('checkbox', { name: 'Share my email with the artist' })).toBeChecked();
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.request.post(pathOf(Api.auth.logout));

  await login(page.request, ARTIST.email, ARTIST.password);
  await rememberUser(page);
  await page.goto('/artist-analytics');
  const quietCard = page.getByRole('listitem').filter({ hasText: quiet.name });
  await expect(quietCard).toHaveCount(1);
  await expect(quietCard.getByText('Kept their email private')).toBeVisible();
  await expect(quietCard.getByText(quiet.email)).toHaveCount(0);
  const openCard = page.getByRole('listitem').filter({ hasText: open.name });
  await expect(openCard.getByText(open.email)).toBeVisible();
  await openCard.scrollIntoViewIfNeeded();
  await attachBothWidths(page, testInfo, 'artist-order-cards');

  // View Receipt opens the order: no session id, no card, no payment references.
  const [receipt] = await Promise.all([
    page.waitForEvent('popup'),
    openCard.getByRole('link', { name: /View Receipt/ }).click(),
  ]);
  await receipt.waitForLoadState();
  const html = await receipt.content();
  expect(html).toContain(open.name);
  expect(html).toContain(open.email);
  expect(html).toContain('Royalty-free licence');
  expect(html).not.toContain(two.session_id);
  expect(html).not.toContain('4242');
  await receipt.close();
});

test('the Arabic checkout and success pages name the track in Arabic', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const track = (await artistMusic(page.request)).find((t) => t.title_ar);
  expect(track, 'a demo track with an Arabic title').toBeTruthy();
  await registerBuyer(page.request, 'arabic');
  await rememberUser(page);
  const checkout = await ok<{ checkout_url: string }>(
    await page.request.post(pathOf(Api.commerce.checkout), { data: { music_id: track!.id, title: track!.title } }),
  );
  await page.goto(`/ar${checkout.checkout_url}`);
  await expect(page.getByText(track!.title_ar!, { exact: true })).toBeVisible();
  await expect(page.getByText(track!.title, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'مشاركة بريدي الإلكتروني مع الفنان' })).toBeChecked();
  await attachBothWidths(page, testInfo, 'checkout-ar');
  await fillCard(page, { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', cvc: 'رمز الأمان (CVC)' });
  await page.getByRole('button', { name: 'ادفع' }).click();
  await expect(page).toHaveURL(/\/ar\/success\?/);
  await expect(page.getByText(track!.title_ar!, { exact: true })).toBeVisible();
  await expect(page.getByText(track!.title, { exact: true })).toHaveCount(0);
  await attachBothWidths(page, testInfo, 'success-ar');
});
