import type { ArtistOrderDto } from '@tarab/contracts';
import { Api, pathOf, PayoutRuleText, urlOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setActiveIntl } from '@/lib/i18n/active-locale';
import { jsonResponse, on, stubRoutes, testArtist } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { ArtistSales } from './artist-sales';
import { ArtistStatements } from './artist-statements';

const order: ArtistOrderDto = {
  order_id: 42,
  created_at: '2026-03-05T10:00:00.000Z',
  music: {
    id: 11,
    title: 'Desert Caravan',
    price: 4.99,
    public_id: '/media/previews/11.mp3',
    album: { id: 3, title: 'Sands of Time', image: { url: '/media/images/a1.svg' } },
  },
  user: { name: 'Buyer Bee', email: null, email_shared: false },
  payment_details: {
    payment_method: 'card',
    receipt_url: pathOf(Api.analytics.receipt, { id: 42 }),
    amount: 4.99,
    currency: 'usd',
  },
};

const summary = {
  revenue: 14.97,
  orders: 3,
  by_month: [
    { month: '2026-02', revenue: 9.98, orders: 2 },
    { month: '2026-03', revenue: 4.99, orders: 1 },
  ],
  top_tracks: [{ id: 11, title: 'Desert Caravan', revenue: 14.97, orders: 3 }],
};

describe('artist analytics in Arabic', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setActiveIntl(createIntl({ locale: 'en', defaultLocale: 'en' }));
  });

  it('shows the totals, the chart with Arabic month names and the order cards in Arabic', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.analytics.artistOrders, () => jsonResponse(200, { data: { data: [order], summary } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes([{ path: '/artist-analytics', element: <ArtistSales /> }], {
      user: testArtist,
      path: '/artist-analytics',
    });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Desert Caravan' })).closest('li')!;
    expect(screen.getByTestId('arabic-page')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('الإيرادات')).toBeInTheDocument();
    expect(screen.getByText('متوسط الطلب')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'الطلبات' })).toBeInTheDocument();
    expect(within(card).getByText('المشتري')).toBeInTheDocument();
    expect(within(card).getByText('طريقة الدفع')).toBeInTheDocument();
    // The buyer kept their email private (decision 059); the receipt opens in Arabic.
    expect(within(card).getByText('أبقى بريده الإلكتروني خاصًا')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^عرض الإيصال/ })).toHaveAttribute(
      'href',
      urlOf(Api.analytics.receipt, { params: { id: 42 }, query: { lang: 'ar' } }),
    );
    expect(within(card).getByRole('link', { name: /^عرض المقطوعة\s?: Desert Caravan$/ })).toBeInTheDocument();
    // Months through Intl in Arabic (Latin digits), prices as one left-to-right run.
    const chart = screen.getByRole('img', { name: /^الإيرادات حسب الشهر\. فبراير 2026: .*9\.98/ });
    expect(chart).toHaveAttribute('direction', 'ltr');
    expect(screen.getByText(/ثلاثة طلبات|3 طلبات/)).toBeInTheDocument();
    expect(screen.queryByText('Revenue')).toBeNull();
  });

  it('shows the statements table and the payout rule in Arabic', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.statements.mine, () => jsonResponse(200, { rule: PayoutRuleText, data: [] })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes([{ path: '/artist-analytics', element: <ArtistStatements /> }], {
      user: testArtist,
      path: '/artist-analytics',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'الكشوف الشهرية' })).toBeInTheDocument();
    expect(await screen.findByText(/^تحصل على 70% من صافي المبيعات/)).toBeInTheDocument();
    expect(screen.getByText(/لا مبيعات ولا تنزيلات من المشتركين بعد/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تنزيل ملف CSV' })).toBeInTheDocument();
  });
});
