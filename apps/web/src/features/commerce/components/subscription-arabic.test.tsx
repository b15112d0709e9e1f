import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Api, ServerErrors } from '@tarab/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuoteForm } from '@/app/compose/quote-form';
import { setActiveIntl } from '@/lib/i18n/active-locale';
import { jsonResponse, on, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { createIntl } from 'react-intl';
import { makeSubscription, productsBody } from '../testing/fixtures';
import { SubscriptionCheckout } from './subscription-checkout';
import { PricingPlans } from './pricing-plans';
import { SubscriptionPlansPage } from './subscription-plans';

/** Subscriptions, their checkout and the Enterprise quote on Arabic pages (issue 19). */
describe('subscriptions and quotes in Arabic', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Later test files format in English again.
    setActiveIntl(createIntl({ locale: 'en', defaultLocale: 'en' }));
  });

  it('shows the pricing cards with the seeded plans’ names, descriptions and features in Arabic', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes([{ path: '/pricing', element: <PricingPlans /> }], {
      user: null,
      path: '/pricing',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'المبدع' })).toBeInTheDocument();
    expect(screen.getByText('الأكثر اختيارًا')).toBeInTheDocument();
    for (const english of [
      'Most popular',
      'Creator',
      'Pro',
      'For professionals and small teams.',
      '3 voice replicas',
      'Coming soon',
    ]) {
      expect(screen.queryByText(english)).toBeNull();
    }
    // Issue 32: the saving computed from the prices, and the features not built yet marked in Arabic.
    expect(screen.getByText(/^وفّر حتى 60\u200e?%\u200e?$/)).toBeInTheDocument();
    expect(screen.getByText('3 نسخ صوتية').closest('li')).toHaveTextContent('قريبًا');
  });

  it('says what the checkout charges in Arabic: nothing today, then the amount on an Arabic date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    try {
      const { fetchStub } = stubRoutes([
        on(Api.commerce.products, () => jsonResponse(200, productsBody)),
        on(Api.commerce.setupIntent, () =>
          jsonResponse(200, { clientSecret: 'seti_local_1_secret_x', provider: 'local', publishableKey: null }),
        ),
      ]);
      vi.stubGlobal('fetch', fetchStub);
      renderArabicRoutes(
        [{ path: '/stripe-checkout', element: <SubscriptionCheckout priceId="creator_year" onSubscribed={vi.fn()} /> }],
        { user: testUser, path: '/stripe-checkout' },
      );
      const line = await screen.findByTestId('due-today');
      expect(line).toHaveTextContent(/اليوم، ثم .*71\.88.* في 27 ديسمبر 2026/);
      expect(line).not.toHaveTextContent('today');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the plans in Arabic, right to left, with Arabic intervals and Subscribe buttons', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes(
      [{ path: '/subscription-plan', element: <SubscriptionPlansPage subscriptions={[]} onChanged={vi.fn()} /> }],
      { user: testUser, path: '/subscription-plan' },
    );
    expect(screen.getByTestId('arabic-page')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'خطط الاشتراك' })).toBeInTheDocument();
    const buttons = await screen.findAllByRole('button', { name: /^اشترك في خطة / });
    expect(buttons).toHaveLength(4);
    expect(buttons[0]).toHaveAccessibleName('اشترك في خطة المبدع الشهرية');
    expect(buttons[0]).toHaveTextContent('اشترك');
    expect(screen.getAllByText('شهريًا')).toHaveLength(2);
    expect(screen.getAllByText('سنويًا')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'المؤسسات: اطلب عرض سعر' })).toHaveAttribute('href', '/ar/enterprise');
    // No English left in the page's own texts (the plans' names and features are the catalogue's data).
    for (const english of ['Subscribe', 'per month', 'Monthly', 'Subscription Plans']) {
      expect(screen.queryByText(english)).toBeNull();
    }
  });

  it('shows the subscribed plan with its renewal date in Arabic month names', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    const subscription = makeSubscription({
      status: 'active',
      trial_end: null,
      current_period_end: '2027-03-05T00:00:00Z',
    });
    renderArabicRoutes(
      [
        {
          path: '/subscription-plan',
          element: <SubscriptionPlansPage subscriptions={[subscription]} onChanged={vi.fn()} />,
        },
      ],
      { user: testUser, path: '/subscription-plan' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'خطتك الحالية' })).toBeInTheDocument();
    expect(await screen.findByText(/^يتجدّد في .*مارس.*2027/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء الاشتراك' })).toBeInTheDocument();
  });

  it('asks for a plan in Arabic when the checkout has none', () => {
    vi.stubGlobal('fetch', stubRoutes([]).fetchStub);
    renderArabicRoutes(
      [{ path: '/stripe-checkout', element: <SubscriptionCheckout priceId={null} onSubscribed={vi.fn()} /> }],
      { user: testUser, path: '/stripe-checkout' },
    );
    expect(screen.getByText('اختر خطة أولًا')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'عرض الخطط' })).toHaveAttribute('href', '/ar/subscription-plan');
  });

  it("labels the quote form in Arabic and says its checks and the server's field errors in Arabic", async () => {
    const { fetchStub } = stubRoutes([
      on(Api.quotes.request, () =>
        jsonResponse(422, {
          code: 'validation_failed',
          message: ServerErrors.text_not_allowed,
          errors: { company: [ServerErrors.text_not_allowed] },
          field_codes: { company: ['text_not_allowed'] },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderArabicRoutes([{ path: '/enterprise', element: <QuoteForm /> }], { path: '/enterprise' });
    await user.type(screen.getByLabelText('ما الذي تحتاج إليه؟'), 'قصير');
    await user.click(screen.getByRole('button', { name: 'اطلب عرض سعر' }));
    expect(await screen.findByText('أخبرنا بالمزيد قليلًا (10 أحرف على الأقل).')).toBeInTheDocument();
    const company = screen.getByLabelText('الشركة');
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(within(company.parentElement!.parentElement!).getByText('حقل الشركة مطلوب.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('اسمك'), 'رنا');
    await user.type(company, 'استوديو نور');
    await user.type(screen.getByLabelText('البريد الإلكتروني للعمل'), 'rana@studio-noor.example');
    await user.type(screen.getByLabelText('ما الذي تحتاج إليه؟'), ' لفيلم وثائقي طويل');
    await user.click(screen.getByRole('button', { name: 'اطلب عرض سعر' }));
    expect(
      await within(company.parentElement!.parentElement!).findByText(
        'يحتوي النص على محارف غير مسموح بها (NUL أو Unicode غير صالح).',
      ),
    ).toBeInTheDocument();
  });
});
