import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/app-test';
import { attachBothWidths, DESKTOP, horizontalOverflow, MOBILE, watchPageErrors } from './support/page-helpers';

/**
 * The legal and content pages in Arabic (issue 19 item 5) against the real server: each `/ar/…` page
 * shows its Arabic translation (src/content/ar), marked Arabic right to left, opening with the note
 * that the English text governs and a link to the English page; the section index works right to
 * left; nothing scrolls sideways on a phone; axe finds nothing. The English pages have no note.
 */

type ArabicPage = { path: string; english: string; title: string; sections: number; text: string };

const pages: ArabicPage[] = [
  { path: '/ar/terms-of-use', english: '/terms-of-use', title: 'شروط الاستخدام', sections: 21, text: 'باختصار:' },
  { path: '/ar/faqs', english: '/faqs', title: 'الأسئلة الشائعة', sections: 21, text: 'منح الترخيص' },
  {
    path: '/ar/sales-agreement',
    english: '/sales-agreement',
    title: 'اتفاقية البيع عن بُعد',
    sections: 11,
    text: 'التسليم رقمي وفوري',
  },
  { path: '/ar/copyright', english: '/copyright', title: 'سياسة حقوق النشر', sections: 8, text: 'الإخطار المضاد' },
  {
    path: '/ar/privacy-policy',
    english: '/privacy-policy',
    title: 'سياسة الخصوصية',
    sections: 12,
    text: 'ملف تعريف ارتباط واحدًا فقط',
  },
  { path: '/ar/tuning', english: '/tuning', title: 'ملفات الضبط', sections: 6, text: 'الشوكة الرنانة' },
  { path: '/ar/Aboutus', english: '/Aboutus', title: 'من نحن', sections: 0, text: 'كيف يتقاضى الفنانون أجورهم' },
];

/** Every axe violation on the page, whatever its impact: the pages are text, they should have none. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target).join(', ')}`,
  );
}

const noSidewaysScroll = (page: Page, width: number) =>
  expect.poll(() => horizontalOverflow(page), { message: `wider than ${width} px` }).toBeLessThanOrEqual(0);

for (const doc of pages) {
  test(`${doc.path}: the Arabic text, right to left, under the translation notice; axe-clean at 1280 and 390 px`, async ({
    page,
  }, testInfo) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(doc.path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    const heading = main.getByRole('heading', { level: 1, name: doc.title, exact: true });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(`${doc.title} · طرب`);
    await expect(main).toContainText(doc.text);
    await expect(page.locator('main [lang="ar"][dir="rtl"]').first()).toContainText(doc.title);

    const notice = main.getByTestId('translation-notice');
    await expect(notice).toContainText('والنص الإنجليزي هو النص المعتمد');
    await expect(notice.getByRole('link', { name: 'اقرأ النسخة الإنجليزية' })).toHaveAttribute('href', doc.english);
    // The notice opens the page, above its title.
    expect((await notice.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
    await expect(main).not.toContainText('available in English only');

    const sections = main.locator('[data-testid="document-section"]');
    await expect(sections).toHaveCount(doc.sections);
    if (doc.sections > 0) {
      const index = page.getByRole('navigation', { name: 'في هذه الصفحة' });
      await expect(index.getByRole('link')).toHaveCount(doc.sections);
      // Right to left: the index column is on the right of the text.
      const [column, article] = await Promise.all([index.boundingBox(), main.locator('article').boundingBox()]);
      expect(column!.x).toBeGreaterThan(article!.x + article!.width - 1);
    }
    await noSidewaysScroll(page, DESKTOP.width);
    expect(await axeViolations(page), 'axe at 1280 px').toEqual([]);

    await page.setViewportSize(MOBILE);
    await noSidewaysScroll(page, MOBILE.width);
    if (doc.sections > 0) await expect(page.getByRole('button', { name: /في هذه الصفحة/ })).toBeVisible();
    expect(await axeViolations(page), 'axe at 390 px').toEqual([]);
    await attachBothWidths(page, testInfo, doc.path.slice(4));
    expect(errors).toEqual([]);
  });
}

test('the section index scrolls to a section, right to left, on desktop and on a phone', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/terms-of-use');
  const index = page.getByRole('navigation', { name: 'في هذه الصفحة' });
  await expect(index.getByRole('link', { name: '1. قبول هذه الشروط' })).toHaveAttribute('aria-current', 'location');
  await index.getByRole('link', { name: '11. استرداد المبالغ' }).click();
  // The English ids: a deep link is the same in both languages.
  await expect(page).toHaveURL(/\/ar\/terms-of-use#refunds$/);
  await expect(page.locator('#refunds-heading')).toBeFocused();
  await expect
    .poll(() => page.locator('#refunds-heading').evaluate((element) => element.getBoundingClientRect().top))
    .toBeLessThan(200);
  await expect(index.getByRole('link', { name: '11. استرداد المبالغ' })).toHaveAttribute('aria-current', 'location');
  await expect(index).toBeInViewport();

  await page.setViewportSize(MOBILE);
  await page.goto('/ar/privacy-policy');
  const bar = page.getByRole('button', { name: /في هذه الصفحة/ });
  await expect(bar).toContainText('1. من نحن');
  await bar.click();
  const panel = page.getByRole('navigation', { name: 'في هذه الصفحة' });
  await panel.getByRole('link', { name: '8. حقوقك' }).click();
  await expect(page).toHaveURL(/\/ar\/privacy-policy#your-rights$/);
  await expect(panel).toBeHidden();
  await expect(page.locator('#your-rights-heading')).toBeInViewport();
  await expect(bar).toContainText('8. حقوقك');
  await noSidewaysScroll(page, MOBILE.width);
});

test('each language loads its own text only; the notice leads to the English page, which has none', async ({
  page,
}) => {
  // The scripts a page loads, to tell which language's document came with them.
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
  });
  const englishIntro = 'These terms are the agreement between you and Tarab.';
  const arabicIntro = 'هذه الشروط هي الاتفاق المبرم بينك وبين طرب.';

  await page.setViewportSize(DESKTOP);
  await page.goto('/ar/terms-of-use');
  await expect(page.getByRole('main')).toContainText(arabicIntro);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-disabled', 'true');
  // The handler above reads each script's text after its response: wait for it.
  await expect.poll(() => scripts.some((script) => script.includes(arabicIntro))).toBe(true);
  expect(scripts.some((script) => script.includes(englishIntro))).toBe(false);

  scripts.length = 0;
  await page.getByTestId('translation-notice').getByRole('link').click();
  await expect(page).toHaveURL(/\/terms-of-use$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Terms of Use', exact: true })).toBeVisible();
  await expect(main).toContainText(englishIntro);
  await expect(main.getByTestId('translation-notice')).toHaveCount(0);
  await expect(main.getByRole('note')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-disabled', 'true');
  // The handler above reads each script's text after its response: wait for it.
  await expect.poll(() => scripts.some((script) => script.includes(englishIntro))).toBe(true);
  expect(scripts.some((script) => script.includes(arabicIntro))).toBe(false);
});

test('the prerendered HTML of an Arabic page holds its Arabic text before any script runs', async ({ request }) => {
  const html = await (await request.get('/ar/copyright')).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain('>سياسة حقوق النشر</h1>');
  expect(html).toContain('data-testid="translation-notice"');
  expect(html).toContain('من يحق له تقديم الإخطار');
});
