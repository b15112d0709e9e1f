import AxeBuilder from '@axe-core/playwright';
import { Api, pathOf, urlOf } from '@tarab/contracts';
import { expect, type APIRequestContext, type Page } from './support/app-test';
import { ok } from './support/api';
import {
  attachBothWidths,
  attachScreenshot,
  DESKTOP,
  MOBILE,
  rememberUser,
  uniqueSuffix,
  watchPageErrors,
} from './support/page-helpers';
import { ADMIN, test } from './support/shared-sessions';

/**
 * The operator console in Arabic (issue 19): `/ar/admin` is right to left, every section and dialog
 * speaks Arabic (the server's answers too, shown as toasts), ids, emails and amounts stay left to
 * right, nothing scrolls sideways at 1280 or 390 px, and axe finds nothing on any section or dialog.
 * The journey that writes (disable/enable an account, refund an order) makes its own buyer; the
 * read-only sections use the worker's shared operator page.
 */

const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const PASSWORD = 'desert-rose-2024!';

/** Every axe violation (all impacts) on the page as it is now. */
async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${where}`,
  ).toEqual([]);
}

/** The section at both widths: no sideways scroll (and screenshots with E2E_SCREENSHOTS=1), axe at each. */
async function checkBothWidths(page: Page, testInfo: Parameters<typeof attachBothWidths>[1], name: string) {
  await attachBothWidths(page, testInfo, name);
  await page.setViewportSize(MOBILE);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
}

/** Opens a section of the Arabic console by its tab, as an operator would. */
async function openTab(page: Page, name: string, id: string) {
  await page.getByRole('tablist', { name: 'أقسام لوحة الإدارة' }).getByRole('tab', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/admin\\?tab=${id}$`));
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** A buyer with one paid order (local payment driver): its email and the order's id. */
async function paidOrder(request: APIRequestContext) {
  const email = `ar-admin-buyer.${uniqueSuffix()}@example.com`;
  const registered = await ok<{ data: { token: string } }>(
    await request.post(pathOf(Api.auth.register), {
      data: { name: 'E2E Arabic buyer', email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  const headers = { authorization: `Bearer ${registered.data.token}` };
  const music = await ok<{ data: { data: Array<{ id: number }> } }>(
    await request.get(urlOf(Api.catalog.music, { query: { per_page: 1 } })),
  );
  const checkout = await ok<{ session_id: string }>(
    await request.post(pathOf(Api.commerce.checkout), { headers, data: { music_id: music.data.data[0]!.id } }),
  );
  await ok(await request.post(pathOf(Api.localPayments.pay, { id: checkout.session_id }), { headers, data: CARD }));
  const paid = await ok<{ data: { order_id: number } }>(
    await request.get(urlOf(Api.commerce.success, { query: { session_id: checkout.session_id } }), { headers }),
  );
  return { email, orderId: paid.data.order_id };
}

test('accounts, orders and the audit log in Arabic: disable, enable and refund with Arabic answers', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000); // Three sections, each with axe at two widths and its dialogs: over a minute on two cores.
  const errors = watchPageErrors(page);
  const buyer = await paidOrder(request);
  await ok(await page.request.post(pathOf(Api.auth.login), { data: ADMIN }));
  await rememberUser(page);
  await page.setViewportSize(DESKTOP);

  await page.goto('/ar/admin');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة الإدارة' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'المستخدمون', selected: true })).toBeVisible();

  // Accounts: the buyer's row, disabled and enabled again, each answer in Arabic.
  await page.getByRole('searchbox', { name: 'ابحث في الحسابات' }).fill(buyer.email);
  // A row of the accounts table (issue #32): the role in its picker, the sign-up date in its column.
  const account = page.getByTestId(/^admin-user-/).filter({ hasText: buyer.email });
  await expect(account.getByRole('combobox', { name: `دور ${buyer.email}` })).toHaveValue('user');
  await expect(page.getByRole('columnheader', { name: 'تاريخ الانضمام' })).toBeVisible();
  await checkBothWidths(page, testInfo, 'ar-admin-users');
  await account.getByRole('button', { name: `تعطيل ${buyer.email}` }).click();
  const disable = page.getByRole('alertdialog', { name: 'تعطيل هذا الحساب؟' });
  await expect(disable).toContainText('تبقى الطلبات والتراخيص على حالها.');
  await expectNoAxeViolations(page, 'the disable dialog');
  await attachScreenshot(page, testInfo, 'ar-admin-disable-dialog', { fullPage: false });
  await disable.getByRole('button', { name: 'تعطيل الحساب' }).click();
  await expect(page.getByText('عُطِّل الحساب وأُنهيت جميع جلساته.')).toBeVisible();
  await expect(account.getByText('معطّل', { exact: true })).toBeVisible();
  await account.getByRole('button', { name: `تفعيل ${buyer.email}` }).click();
  await expect(page.getByText('أُعيد تفعيل الحساب.')).toBeVisible();
  await expect(account.getByText('معطّل', { exact: true })).toBeHidden();

  // Orders: the buyer's paid order, refunded after an Arabic confirmation.
  await openTab(page, 'الطلبات', 'orders');
  await page.getByRole('searchbox', { name: 'ابحث في الطلبات' }).fill(buyer.email);
  const order = page.getByTestId(`admin-order-${buyer.orderId}`);
  await expect(order.getByText('مدفوع', { exact: true })).toBeVisible();
  await expect(order).toContainText('الترخيص');
  await expect(order).toContainText('بوابة الدفع المحلية');
  await expect(order.locator('bdi[dir="ltr"]').first()).toHaveText(`#${buyer.orderId}`);
  await checkBothWidths(page, testInfo, 'ar-admin-orders');
  await order.getByRole('button', { name: `استرداد الطلب ${buyer.orderId}` }).click();
  const refund = page.getByRole('alertdialog', { name: `استرداد الطلب رقم ${buyer.orderId}؟` });
  await expect(refund).toContainText('عبر بوابة الدفع');
  await expectNoAxeViolations(page, 'the refund dialog');
  await attachScreenshot(page, testInfo, 'ar-admin-refund-dialog', { fullPage: false });
  await refund.getByRole('button', { name: /^استرداد / }).click();
  await expect(page.getByText('استُرِدّ الطلب وأُلغي ترخيصه.')).toBeVisible();
  await expect(order.getByText('مُسترَد', { exact: true })).toBeVisible();
  await expect(order).toContainText('(مُلغى)');

  // The audit log names the refund in Arabic, its code beside it.
  await openTab(page, 'سجل التدقيق', 'audit');
  const entry = page.getByTestId('audit-entry').filter({ hasText: `الطلب #${buyer.orderId}` });
  await expect(entry.first()).toContainText('استرداد طلب');
  await expect(entry.first().locator('code')).toHaveText('order.refund');
  await expect(page.getByText('قبل الإجراء وبعده').first()).toBeVisible();
  await checkBothWidths(page, testInfo, 'ar-admin-audit');
  expect(errors).toEqual([]);
});

test('tracks, review, statements and quotes in Arabic, right to left at both widths', async ({
  operator,
}, testInfo) => {
  test.setTimeout(120_000); // Four sections, each with axe at two widths, and a dialog: over a minute on two cores.
  const errors = watchPageErrors(operator);
  await operator.setViewportSize(DESKTOP);
  await operator.goto('/ar/admin?tab=tracks');
  await expect(operator.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(operator.getByRole('heading', { level: 1, name: 'لوحة الإدارة' })).toBeVisible();
  await expect(operator.getByRole('tab', { name: 'المقطوعات', selected: true })).toBeVisible();
  await expect(operator.getByRole('searchbox', { name: 'ابحث في المقطوعات' })).toBeVisible();
  const track = operator.locator('[data-testid^="admin-track-"]').filter({ hasText: 'منشورة' }).first();
  await expect(track).toBeVisible();
  await checkBothWidths(operator, testInfo, 'ar-admin-tracks');
  // The takedown dialog, opened and left without taking anything down.
  await track.getByRole('button', { name: /^حجب / }).click();
  const dialog = operator.getByRole('dialog', { name: 'حجب هذه المقطوعة' });
  await expect(dialog.getByLabel('السبب')).toHaveValue('copyright');
  await expect(dialog.getByRole('option', { name: 'مطالبة بحقوق النشر' })).toBeAttached();
  await expect(dialog.getByLabel('ملاحظة للفنان (اختيارية)')).toBeVisible();
  await expectNoAxeViolations(operator, 'the takedown dialog');
  await operator.setViewportSize(MOBILE);
  await attachScreenshot(operator, testInfo, 'ar-admin-takedown-dialog-390', { fullPage: false });
  await operator.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toBeHidden();

  await openTab(operator, 'المراجعة', 'review');
  await expect(operator.getByText(/^حين تكون المراجعة مفعّلة/)).toBeVisible();
  await checkBothWidths(operator, testInfo, 'ar-admin-review');

  await openTab(operator, 'كشوف الحسابات', 'statements');
  await expect(operator.getByText(/^يحصل الفنان على 70% من صافي المبيعات/)).toBeVisible();
  await expect(operator.getByLabel('الشهر')).toBeVisible();
  await expect(operator.getByRole('link', { name: 'تنزيل ملف CSV' })).toBeVisible();
  await checkBothWidths(operator, testInfo, 'ar-admin-statements');

  await openTab(operator, 'عروض الأسعار', 'quotes');
  await expect(
    operator.getByText('لا توجد طلبات عروض أسعار بعد.').or(operator.getByRole('link', { name: /@/ }).first()),
  ).toBeVisible();
  await checkBothWidths(operator, testInfo, 'ar-admin-quotes');
  expect(errors).toEqual([]);
});
