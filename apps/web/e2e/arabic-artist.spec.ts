import { expect } from './support/app-test';
import { DESKTOP, waitForSettled, watchPageErrors } from './support/page-helpers';
import { checkArabicPage } from './support/arabic-page';
import { test } from './support/shared-sessions';

/**
 * Issue 19 on the artist's and the subscriber's pages: subscriptions and their checkout, the
 * Enterprise quote, the playlist payment result, artist analytics (sales, statements) and the
 * upload with its Arabic title, each under /ar/ — right to left, in Arabic, no sideways scroll at
 * 1280 and 390 px, and no serious or critical axe finding at either width.
 */

// Each journey checks every page it visits with axe at 1280 and 390 px (checkArabicPage): on two
// cores, with two workers, some take over a minute.
test.describe.configure({ timeout: 120_000 });

test('subscriptions, their checkout and the playlist payment result in Arabic', async ({ artist: page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/subscription-plan');
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'خطط الاشتراك' })).toBeVisible();
  const subscribe = page.getByRole('button', { name: /^اشترك في خطة / });
  await expect(subscribe.first()).toBeVisible();
  await expect(page.getByText('شهريًا').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'المؤسسات: اطلب عرض سعر' })).toHaveAttribute('href', '/ar/enterprise');
  await checkArabicPage(page, testInfo, 'ar-subscription-plan');

  // Subscribe stays in the Arabic store: the checkout under /ar.
  await subscribe.first().click();
  await expect(page).toHaveURL(/\/ar\/stripe-checkout\?price_id=/);
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'إتمام الشراء' })).toBeVisible();
  await expect(page.getByText('خطتك', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'الدفع' })).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-stripe-checkout');

  await page.goto('/ar/stripe-checkout');
  await waitForSettled(page);
  await expect(page.getByText('اختر خطة أولًا')).toBeVisible();
  await expect(page.getByRole('link', { name: 'عرض الخطط' })).toHaveAttribute('href', '/ar/subscription-plan');

  await page.goto('/ar/success/playlist');
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'الدفع' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('جلسة الدفع غير موجودة في الرابط.');
  await expect(page.getByRole('link', { name: 'الانتقال إلى الصفحة الرئيسية' })).toHaveAttribute('href', /^\/ar\/?$/);
  await checkArabicPage(page, testInfo, 'ar-success-playlist');
  expect(errors).toEqual([]);
});

test('the Enterprise quote in Arabic: labels, and the server refusals under their fields in Arabic', async ({
  visitor: page,
}, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/enterprise');
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'اطلب عرض سعر' })).toBeVisible();
  await expect(page.getByText('مسؤول تواصل مخصّص لكل إنتاج')).toBeVisible();
  await page.getByLabel('ما الذي تحتاج إليه؟').fill('قصير');
  await page.getByRole('button', { name: 'اطلب عرض سعر' }).click();
  await expect(page.getByText('حقل الاسم مطلوب.')).toBeVisible();
  await expect(page.getByText('حقل الشركة مطلوب.')).toBeVisible();
  await expect(page.getByText('حقل البريد الإلكتروني مطلوب.')).toBeVisible();
  await expect(page.getByText('أخبرنا بالمزيد قليلًا (10 أحرف على الأقل).')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'الشركة' })).toHaveAttribute('aria-invalid', 'true');
  await checkArabicPage(page, testInfo, 'ar-enterprise');
  expect(errors).toEqual([]);
});

test("the artist's analytics and upload in Arabic, with the Arabic title field", async ({ artist: page }, testInfo) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/artist-analytics');
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة الفنان' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'أدوات الفنان' });
  await expect(tabs.getByRole('tab', { name: 'المبيعات' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('الإيرادات', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'الطلبات' })).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-artist-sales');

  await tabs.getByRole('tab', { name: 'الكشوف' }).click();
  await expect(page).toHaveURL(/\/ar\/artist-analytics\?tab=statements$/);
  await expect(page.getByRole('heading', { level: 2, name: 'الكشوف الشهرية' })).toBeVisible();
  await expect(page.getByText(/^تحصل على 70% من صافي المبيعات/)).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-artist-statements');

  await tabs.getByRole('tab', { name: 'الرفع' }).click();
  await expect(page).toHaveURL(/\/ar\/artist-analytics\?tab=upload$/);
  await expect(page.getByRole('heading', { level: 2, name: 'ارفع مقطوعة أو حلقة' })).toBeVisible();
  await expect(page.getByText('اسحب ملفك الصوتي وأفلته هنا')).toBeVisible();
  const form = page.getByRole('form', { name: 'رفع مقطوعة' });
  const arabicTitle = form.getByRole('textbox', { name: 'العنوان بالعربية' });
  await expect(arabicTitle).toHaveAttribute('dir', 'rtl');
  await expect(arabicTitle).toHaveAttribute('lang', 'ar');
  // The browser's own checks speak Arabic too.
  await form.getByRole('button', { name: 'ارفع المقطوعة' }).click();
  await expect(form.getByText('اختر ملفًا صوتيًا لرفعه.')).toBeVisible();
  await expect(form.getByText('حقل السعر مطلوب.')).toBeVisible();
  const yourTracks = page.getByRole('heading', { level: 2, name: 'مقطوعاتك' });
  await expect(yourTracks).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-artist-upload');

  // Edit track: the Arabic title is there to change, right to left.
  await page
    .getByRole('button', { name: /^تعديل / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'تعديل المقطوعة' });
  await expect(dialog.getByRole('textbox', { name: 'العنوان بالعربية' })).toHaveAttribute('dir', 'rtl');
  await expect(dialog.getByRole('button', { name: 'حفظ' })).toBeVisible();
  await checkArabicPage(page, testInfo, 'ar-artist-edit-track');
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  expect(errors).toEqual([]);
});
