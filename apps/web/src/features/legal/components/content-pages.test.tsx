import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as aboutUs from '@/app/routes/about-us';
import * as faqs from '@/app/routes/faqs';
import * as privacyPolicy from '@/app/routes/privacy-policy';
import * as termsOfUse from '@/app/routes/terms-of-use';
import * as tuningHelp from '@/app/routes/tuning-help';
import { arabic } from '@/testing/arabic-catalogue';
import { I18nProvider } from '@/lib/i18n/i18n-provider';
import { localizePath, type Locale } from '@/lib/i18n/locales';
import terms from '@/content/terms-of-use.md';
import { render as prerender } from '@/entry-prerender';
import { loadContent } from '../lib/documents';
import { LegalDocument } from './legal-document';

type RouteModule = { default: () => React.ReactNode; loader: NonNullable<RouteObject['loader']> };

/** A content page as the app routes it (its module's loader picks the document of the URL's language). */
function renderPage(locale: Locale, path: string, module: RouteModule) {
  const router = createMemoryRouter(
    [
      { path, loader: module.loader, Component: module.default },
      { path: '*', element: null },
    ],
    { initialEntries: [localizePath(path, locale)], ...(locale === 'ar' ? { basename: '/ar' } : {}) },
  );
  render(
    <I18nProvider locale={locale} {...(locale === 'ar' ? { messages: arabic } : {})}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const notice = () => screen.getByTestId('translation-notice');

describe('content pages in Arabic (issue 19)', () => {
  it('shows the Arabic terms, marked Arabic right to left, opening with the translation notice', async () => {
    renderPage('ar', '/terms-of-use', termsOfUse);
    expect(await screen.findByRole('heading', { level: 1, name: 'شروط الاستخدام' })).toBeInTheDocument();

    const document = screen.getByRole('heading', { level: 1 }).closest('[lang]');
    expect(document).toHaveAttribute('lang', 'ar');
    expect(document).toHaveAttribute('dir', 'rtl');
    expect(document?.firstElementChild).toContainElement(notice());
    expect(notice()).toHaveTextContent('هذه الصفحة مترجمة، والنص الإنجليزي هو النص المعتمد');
    const english = within(notice()).getByRole('link', { name: 'اقرأ النسخة الإنجليزية' });
    expect(english).toHaveAttribute('href', '/terms-of-use');
    expect(english).toHaveAttribute('hreflang', 'en');

    // The same sections and ids as the English text, the index and the date line in Arabic.
    const index = screen.getByRole('navigation', { name: 'في هذه الصفحة' });
    expect(within(index).getByRole('link', { name: '1. قبول هذه الشروط' })).toHaveAttribute(
      'href',
      '#acceptance-of-these-terms',
    );
    expect(within(index).getAllByRole('link')).toHaveLength(21);
    expect(screen.getByRole('heading', { level: 2, name: '11. استرداد المبالغ' }).closest('section')).toHaveAttribute(
      'id',
      'refunds',
    );
    expect(screen.getByTestId('document-date')).toHaveTextContent(/^تاريخ تحديث الشروط 24 يونيو 2024$/);
    // Links inside the text stay on Arabic pages.
    expect(screen.getAllByRole('link', { name: 'سياسة الخصوصية' })[0]).toHaveAttribute('href', '/ar/privacy-policy');
    expect(screen.queryByText(/Terms of Use|available in English only/)).toBeNull();
  });

  it('gives /ar/faqs the Arabic terms under its own Arabic title, the notice linking to /faqs', async () => {
    renderPage('ar', '/faqs', faqs);
    expect(await screen.findByRole('heading', { level: 1, name: 'الأسئلة الشائعة' })).toBeInTheDocument();
    expect(screen.getAllByTestId('document-section')).toHaveLength(21);
    expect(screen.getByRole('heading', { level: 2, name: '21. القانون الواجب التطبيق والتواصل معنا' })).toBeVisible();
    expect(within(notice()).getByRole('link')).toHaveAttribute('href', '/faqs');
  });

  it('writes the privacy policy version and date in Arabic', async () => {
    renderPage('ar', '/privacy-policy', privacyPolicy);
    expect(await screen.findByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    expect(screen.getByTestId('document-date')).toHaveTextContent('تاريخ السريان 29 أكتوبر 2020 · الإصدار 1.0');
    // Names of cookies and keys stay as they are, read left to right.
    expect(screen.getByText('authToken')).toHaveAttribute('dir', 'ltr');
  });

  it('shows "About us" in Arabic with its buttons leading to Arabic pages', async () => {
    renderPage('ar', '/Aboutus', aboutUs);
    expect(await screen.findByRole('heading', { level: 1, name: 'من نحن' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'كيف يتقاضى الفنانون أجورهم' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'استكشف الموسيقى' })).toHaveAttribute('href', '/ar/music');
    expect(screen.getByRole('link', { name: 'اطّلع على الأسعار' })).toHaveAttribute('href', '/ar/pricing');
    expect(within(notice()).getByRole('link')).toHaveAttribute('href', '/Aboutus');
    expect(notice().closest('[lang]')).toHaveAttribute('dir', 'rtl');
  });

  it('shows the tuning help in Arabic, its notice linking to /tuning', async () => {
    renderPage('ar', '/tuning', tuningHelp);
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفات الضبط' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '3. Surge XT' })).toBeInTheDocument();
    expect(within(notice()).getByRole('link')).toHaveAttribute('href', '/tuning');
  });

  it('leaves the English page as it was: English text, no notice, no language marking', async () => {
    renderPage('en', '/terms-of-use', termsOfUse);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(heading.closest('[lang]')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeInTheDocument();
    expect(screen.getByTestId('document-date')).toHaveTextContent(/^Terms updated 24 June 2024$/);
  });

  it('shows a document not translated yet in English, marked English, under the English-only note', () => {
    const router = createMemoryRouter([{ path: '*', element: <LegalDocument source={terms} lang="en" /> }], {
      initialEntries: ['/ar/terms-of-use'],
      basename: '/ar',
    });
    render(
      <I18nProvider locale="ar" messages={arabic}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('هذه الصفحة متاحة بالإنجليزية فقط حاليًا');
    const heading = screen.getByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(heading.closest('[lang]')).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByTestId('translation-notice')).toBeNull();
  });
});

describe('loadContent', () => {
  it("loads the page's language only, and English where there is no translation", async () => {
    expect((await loadContent('copyright', 'ar')).document.meta['title']).toBe('سياسة حقوق النشر');
    expect((await loadContent('copyright', 'ar')).lang).toBe('ar');
    expect(await loadContent('copyright', 'en')).toMatchObject({
      lang: 'en',
      document: { meta: { title: 'Copyright Policy' } },
    });
  });
});

describe('prerendered content pages (scripts/web-postbuild.mjs)', () => {
  it.each([
    ['/terms-of-use', 'شروط الاستخدام', '14 يومًا تقويميًا'],
    ['/privacy-policy', 'سياسة الخصوصية', 'tarab.user'],
    ['/sales-agreement', 'اتفاقية البيع عن بُعد', 'القوة القاهرة'],
    ['/copyright', 'سياسة حقوق النشر', 'الإخطار المضاد'],
    ['/faqs', 'الأسئلة الشائعة', 'أرصدة الذكاء الاصطناعي غير قابلة للتحويل ولا للاسترداد.'],
    ['/Aboutus', 'من نحن', 'كيف يتقاضى الفنانون أجورهم'],
    ['/tuning', 'ملفات الضبط', 'Bayati_on_D.scl'],
  ])('writes the Arabic text of /ar%s into its HTML, and none into the English page', async (path, title, text) => {
    const { markup, description } = await prerender(path, 'ar');
    expect(markup).toContain(`>${title}</h1>`);
    expect(markup).toContain(text);
    expect(markup).toContain('lang="ar" dir="rtl"');
    expect(markup).toContain('data-testid="translation-notice"');
    expect(description).toMatch(/[\u0600-\u06ff]/);
    const english = await prerender(path, 'en');
    expect(english.markup).not.toContain(title);
    expect(english.markup).not.toContain('translation-notice');
  });
});
