import { Api, pathOf, urlOf } from '@tarab/contracts';
import { expect, test, type Page } from './support/app-test';
import { ok } from './support/api';
import { checkArabicPage } from './support/arabic-page';
import {
  attachScreenshot,
  DESKTOP,
  rememberUser,
  trackApiRequests,
  uniqueSuffix,
  watchPageErrors,
} from './support/page-helpers';

/**
 * The account, password, library and licence-check pages in Arabic (issue 19) against the real
 * server: each `/ar/…` page is right to left, shows its Arabic headings and labels (and the server's
 * answers in Arabic), keeps its links under /ar, does not scroll sideways at 1280 or 390 px, and axe
 * finds no serious or critical violation at either width.
 */

// Each journey checks every page it visits with axe at 1280 and 390 px (checkArabicPage): on two
// cores, with two workers, some take over a minute.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'desert-rose-2024!';
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/**
 * A new listener, logged in on this page (the session cookie in its context, the user stored as the
 * login form stores it), who bought one track and keeps a shared playlist of it and another track.
 */
async function newListener(page: Page) {
  const email = `arabic.${uniqueSuffix()}@example.com`;
  const registered = await ok<{ data: { token: string } }>(
    await page.request.post(pathOf(Api.auth.register), {
      data: { name: 'Amira Haddad', email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  const headers = { authorization: `Bearer ${registered.data.token}` };
  const music = await ok<{ data: { data: Array<{ id: number }> } }>(
    await page.request.get(urlOf(Api.catalog.music, { query: { per_page: 2 } })),
  );
  const [bought, other] = music.data.data as [{ id: number }, { id: number }];
  const checkout = await ok<{ session_id: string }>(
    await page.request.post(pathOf(Api.commerce.checkout), { headers, data: { music_id: bought.id } }),
  );
  await ok(
    await page.request.post(pathOf(Api.localPayments.pay, { id: checkout.session_id }), { headers, data: CARD }),
  );
  const paid = await ok<{ data: { license_key: string } }>(
    await page.request.get(urlOf(Api.commerce.success, { query: { session_id: checkout.session_id } }), { headers }),
  );
  const playlist = await ok<{ data: { id: number } }>(
    await page.request.post(pathOf(Api.library.createPlaylist), { headers, data: { name: 'Road trip' } }),
  );
  for (const id of [bought.id, other.id]) {
    await ok(
      await page.request.post(pathOf(Api.library.addMusic), {
        headers,
        data: { playlist_id: playlist.data.id, music_id: id },
      }),
    );
  }
  const shared = await ok<{ data: { share_path: string } }>(
    await page.request.post(pathOf(Api.library.share, { id: playlist.data.id }), { headers }),
  );
  await page.goto(pathOf(Api.health.health));
  await rememberUser(page);

  return { email, paid: paid.data, playlist: playlist.data, shared: shared.data };
}

test('the password, confirmation and licence-check pages of a visitor, in Arabic', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  trackApiRequests(page);
  await page.setViewportSize(DESKTOP);

  await page.goto('/ar/auth/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'نسيت كلمة المرور؟' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' }).last()).toHaveAttribute('href', '/ar/auth/login');
  await checkArabicPage(page, testInfo, 'ar-forgot-password');
  await page.getByLabel('البريد الإلكتروني').fill(`nobody.${uniqueSuffix()}@example.com`);
  await page.getByRole('button', { name: 'أرسل لي رابط إعادة التعيين' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'إن كان هناك حساب بهذا البريد الإلكتروني' })).toBeVisible();

  await page.goto('/ar/auth/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'اختر كلمة مرور جديدة' })).toBeVisible();
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill(PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
  await expect(page.getByRole('alert')).toContainText('رابط إعادة التعيين هذا غير صالح');
  await checkArabicPage(page, testInfo, 'ar-reset-password');

  await page.goto('/ar/auth/verify-email');
  await expect(page.getByRole('heading', { level: 1, name: 'أكّد بريدك الإلكتروني' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('هذا الرابط لا يحمل رمز التحقق');
  await checkArabicPage(page, testInfo, 'ar-verify-email');

  // Issue #32: /ar/verify offers the field; the key typed there opens its check, still in Arabic.
  await page.goto('/ar/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'التحقق من ترخيص' })).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-verify-form');
  await page.getByRole('textbox', { name: 'مفتاح الترخيص' }).fill('trb-nope-nope-nope-nope');
  await page.getByRole('button', { name: 'تحقّق من الترخيص' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/ar/verify/TRB-NOPE-NOPE-NOPE-NOPE');
  await expect(page.getByRole('heading', { name: 'لا يوجد ترخيص بهذا المفتاح' })).toBeVisible();

  await page.goto('/ar/verify/TRB-NOPE-NOPE-NOPE-NOPE');
  await expect(page.getByRole('heading', { level: 1, name: 'التحقق من ترخيص' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'لا يوجد ترخيص بهذا المفتاح' })).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-verify-unknown');
  expect(errors).toEqual([]);
});

test("a listener's profile and library (Saved: playlists, new playlist, downloads), in Arabic", async ({
  page,
}, testInfo) => {
  const errors = watchPageErrors(page);
  trackApiRequests(page);
  await page.setViewportSize(DESKTOP);

  const { email, paid } = await newListener(page);

  // Profile and its settings.
  await page.goto('/ar/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'إدارة حسابك' })).toBeVisible();
  for (const section of ['بيانات الحساب', 'كلمة المرور', 'الأجهزة المسجَّل دخولك عليها', 'بياناتك', 'حذف الحساب'])
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  await expect(page.getByText('هذا الجهاز')).toBeVisible();
  await expect(page.getByRole('link', { name: 'مكتبتك' })).toHaveAttribute('href', '/ar/savedPage');
  await expect(page.locator('main bdi[dir="ltr"]', { hasText: email })).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-profile');

  // Saved: playlists, downloads.
  await page.goto('/ar/savedPage');
  await expect(page.getByRole('heading', { level: 1, name: 'المحفوظات' })).toBeVisible();
  const card = page.getByRole('list', { name: 'قوائم التشغيل' }).getByRole('listitem').filter({ hasText: 'Road trip' });
  await expect(card.getByText('مقطوعتان')).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-saved-playlists');
  await page.getByRole('button', { name: 'قائمة تشغيل أو مشروع جديد' }).click();
  const dialog = page.getByRole('dialog', { name: 'إنشاء قائمة تشغيل' });
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('لا يمكن أن يكون اسم قائمة التشغيل فارغًا.');
  await attachScreenshot(page, testInfo, 'ar-create-playlist', { fullPage: false });
  await dialog.getByRole('button', { name: 'إلغاء' }).click();

  await page.getByRole('tab', { name: 'التنزيلات' }).click();
  const downloads = page.getByRole('list', { name: 'التنزيلات' });
  await expect(downloads.locator('bdi[dir="ltr"]', { hasText: paid.license_key })).toBeVisible();
  await expect(downloads.getByRole('link', { name: 'صفحة التحقق' })).toHaveAttribute(
    'href',
    `/ar/verify/${paid.license_key}`,
  );
  await checkArabicPage(page, testInfo, 'ar-saved-downloads');

  expect(errors).toEqual([]);
});

test('a playlist, its shared page and licence checks, in Arabic', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  trackApiRequests(page);
  await page.setViewportSize(DESKTOP);
  const { paid, playlist, shared } = await newListener(page);

  // The playlist's own page: breadcrumb, share panel, licence-all panel.
  await page.goto(`/ar/saved/details/${playlist.id}?title=Road+trip&name=Road+trip&tracks=2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Road trip' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'مسار التنقل' }).getByRole('link', { name: 'المحفوظات' }),
  ).toHaveAttribute('href', '/ar/savedPage');
  const share = page.getByRole('region', { name: 'مشاركة قائمة التشغيل هذه' });
  await expect(share.getByRole('textbox', { name: 'رابط المشاركة' })).toHaveValue(new RegExp(`${shared.share_path}$`));
  await expect(page.getByRole('heading', { name: 'ترخيص قائمة التشغيل كاملة' })).toBeVisible();
  await expect(page.getByText('مرخّصة بالفعل')).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-playlist');

  // What the link's receiver sees.
  await page.goto(`/ar${shared.share_path}`);
  await expect(page.getByText('شاركها Amira Haddad')).toBeVisible();
  await expect(page.getByText(/^مقطوعتان · /)).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-shared-playlist');

  // The public check of the bought track's licence.
  await page.goto(`/ar/verify/${paid.license_key}`);
  await expect(page.getByText('✓ ترخيص صالح')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'هذا الترخيص صالح.' })).toBeVisible();
  await expect(page.getByText('شراء مقطوعة منفردة')).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-verify-valid');

  // A link no longer shared.

  await page.goto('/ar/p/no-such-share-token');
  await expect(page.getByText('قائمة التشغيل هذه غير موجودة أو لم تعد مشتركة.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'استكشف الموسيقى' })).toHaveAttribute('href', '/ar/music');
  expect(errors).toEqual([]);
});
