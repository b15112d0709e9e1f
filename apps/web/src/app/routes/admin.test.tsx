import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminMessages,
  Api,
  PayoutRuleText,
  type AdminOrderDto,
  type AdminTrackDto,
  type AdminUserDto,
  type ArtistTrackDto,
  type AuditEntryDto,
} from '@tarab/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/features/auth/types';
import { arabic } from '@/testing/arabic-catalogue';
import { makeTrack } from '@/testing/make-track';
import { callTo, createTestQueryClient, jsonResponse, on, stubRoutes } from '@/testing/render-app';
import { AppProvider } from '../provider';
import AdminRoute from './admin';

const admin: User = { id: 1, name: 'Salma Operator', email: 'ops@tarab.test', type: 'admin' };

const account: AdminUserDto = {
  id: 42,
  name: 'Karim Nassar',
  email: 'karim@example.com',
  type: 'artist',
  artist: { id: 7, name: 'Nour al-Layl Ensemble' },
  email_verified: true,
  disabled_at: '2026-11-20T10:00:00.000Z',
  deleted: false,
  created_at: '2026-03-05T09:30:00.000Z',
};
const order: AdminOrderDto = {
  id: 7,
  status: 'paid',
  amount: 4.99,
  currency: 'usd',
  provider: 'local',
  session_id: 'cs_local_7',
  created_at: '2026-11-24T20:00:00.000Z',
  paid_at: '2026-11-24T20:00:05.000Z',
  buyer: { id: 9, name: 'Rana', email: 'rana@example.com' },
  track: { id: 3, title: 'Night in Cairo' },
  license: { key: 'TRB-ABCD-1234', revoked_at: null },
};
const takenDown: AdminTrackDto = {
  id: 11,
  title: 'Desert Wind',
  kind: 'loop',
  artist: { id: 7, name: 'Nour al-Layl Ensemble' },
  published: false,
  takedown: { reason: 'copyright', note: null, at: '2026-11-23T08:00:00.000Z' },
  review: null,
  preview_url: '/media/preview/11.mp3',
  created_at: '2026-10-01T00:00:00.000Z',
};
const live: AdminTrackDto = {
  ...takenDown,
  id: 12,
  title: 'Oud Morning',
  kind: 'music',
  takedown: null,
  published: true,
};
const entry: AuditEntryDto = {
  id: 5,
  actor: { id: 1, email: 'ops@tarab.test' },
  action: 'user.disable',
  target_type: 'user',
  target_id: 42,
  before: { disabled_at: null },
  after: { disabled_at: '2026-11-20T10:00:00.000Z' },
  reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const waiting: ArtistTrackDto = {
  ...makeTrack(21, {
    title: 'Hijaz Night',
    title_ar: 'ليلة حجاز',
    kind: 'loop',
    key: 'D',
    maqam: 'Hijaz',
    bpm: 113,
    duration: '0:07',
    duration_seconds: 7,
    genre: [{ id: 1, name: 'Sufi' }],
    region: { id: 2, name: 'Egypt' },
  }),
  price: 2.5,
  published: false,
  takedown: null,
  review: { state: 'pending', note: null, at: '2026-11-25T12:00:00.000Z' },
  loudness_lufs: -14.2,
  metadata: { album_id: null, genre: [1], mood: [], theme: [], instrument: [], region_id: 2, scale_id: null },
};

const answers = () =>
  stubRoutes([
    on(Api.admin.users, () => jsonResponse(200, { data: [account] })),
    on(Api.admin.enableUser, { id: 42 }, () =>
      jsonResponse(200, { message: AdminMessages.userEnabled, data: account }),
    ),
    on(Api.admin.orders, () => jsonResponse(200, { data: [order] })),
    on(Api.admin.tracks, () => jsonResponse(200, { data: [takenDown, live] })),
    on(Api.admin.reviewQueue, () => jsonResponse(200, { data: [waiting] })),
    on(Api.admin.statements, () => jsonResponse(200, { month: '2026-11', rule: PayoutRuleText, data: [] })),
    on(Api.admin.quotes, () => jsonResponse(200, { data: [] })),
    on(Api.admin.audit, () => jsonResponse(200, { data: [entry], next_before: null })),
  ]);

/** The console at `/ar/admin…` (or `/admin…` in English), as the app renders it. */
function renderConsole(locale: 'en' | 'ar', search = '', user: User = admin) {
  const { fetchStub, calls } = answers();
  vi.stubGlobal('fetch', fetchStub);
  const router = createMemoryRouter([{ path: '/admin', element: <AdminRoute /> }], {
    initialEntries: [`${locale === 'ar' ? '/ar' : ''}/admin${search}`],
    ...(locale === 'ar' ? { basename: '/ar' } : {}),
  });
  render(
    <AppProvider
      queryClient={createTestQueryClient(user)}
      locale={locale}
      {...(locale === 'ar' ? { messages: arabic } : {})}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { calls };
}

/** Eastern Arabic digits: the store writes Latin digits in both languages (decision 046). */
const easternDigits = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('the operator console in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('titles the page and its sections in Arabic, and lists accounts with Arabic labels and left-to-right ids', async () => {
    renderConsole('ar');
    expect(screen.getByRole('heading', { level: 1, name: 'لوحة الإدارة' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'أقسام لوحة الإدارة' });
    expect(within(tabs).getByRole('tab', { name: 'المستخدمون', selected: true })).toBeInTheDocument();
    for (const name of ['الطلبات', 'المقطوعات', 'المراجعة', 'كشوف الحسابات', 'عروض الأسعار', 'سجل التدقيق']) {
      expect(within(tabs).getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('searchbox', { name: 'ابحث في الحسابات' })).toHaveAttribute(
      'placeholder',
      'الاسم أو البريد الإلكتروني أو الرقم',
    );
    const row = await screen.findByTestId('admin-user-42');
    expect(within(row).getByText('معطّل')).toBeInTheDocument();
    expect(within(row).getByText('#42').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(row).toHaveTextContent('Nour al-Layl Ensemble');
    const joined = within(row).getByText(/2026/);
    expect(joined.textContent).not.toMatch(easternDigits);
    expect(screen.getByRole('columnheader', { name: 'تاريخ الانضمام' })).toHaveAttribute('aria-sort', 'none');
    expect(within(row).getByRole('combobox', { name: 'دور karim@example.com' })).toHaveDisplayValue('فنان');
    expect(within(row).getByRole('button', { name: 'ربط ملف فنان بالحساب karim@example.com' })).toHaveTextContent(
      'تغيير',
    );
  });

  it('enables an account and says so in Arabic', async () => {
    const { calls } = renderConsole('ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تفعيل karim@example.com' }));
    expect(await screen.findByText('أُعيد تفعيل الحساب.')).toBeInTheDocument();
    expect(calls.some(callTo(Api.admin.enableUser, { params: { id: 42 } }))).toBe(true);
  });

  it('shows an order in Arabic and asks before a refund, the amount kept left to right', async () => {
    renderConsole('ar', '?tab=orders');
    const user = userEvent.setup();
    const row = await screen.findByTestId('admin-order-7');
    expect(within(row).getByText('مدفوع')).toBeInTheDocument();
    expect(row).toHaveTextContent('الترخيص TRB-ABCD-1234');
    expect(within(row).getByText('rana@example.com').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText('بوابة الدفع المحلية')).toBeInTheDocument();
    expect(within(row).getByText('TRB-ABCD-1234')).toHaveAttribute('dir', 'ltr');
    await user.click(within(row).getByRole('button', { name: 'استرداد الطلب 7' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'استرداد الطلب رقم 7؟' });
    expect(dialog).toHaveTextContent('عبر بوابة الدفع');
    expect(dialog).toHaveTextContent('ويُلغى ترخيص «Night in Cairo»');
    // The price is one left-to-right run (LRI … PDI) inside the Arabic sentence.
    expect(within(dialog).getByRole('button', { name: /^استرداد \u2066.*4\.99.*\u2069$/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('names takedowns in Arabic and asks for the note of "other" in Arabic', async () => {
    renderConsole('ar', '?tab=tracks');
    const user = userEvent.setup();
    const down = await screen.findByTestId('admin-track-11');
    expect(within(down).getByText('محجوبة')).toBeInTheDocument();
    expect(down).toHaveTextContent('حلقة');
    expect(down).toHaveTextContent('مطالبة بحقوق النشر');
    expect(within(down).getByRole('button', { name: 'رفع الحجب عن Desert Wind' })).toBeInTheDocument();
    const row = screen.getByTestId('admin-track-12');
    expect(within(row).getByText('منشورة')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'حجب Oud Morning' }));
    const dialog = await screen.findByRole('dialog', { name: 'حجب هذه المقطوعة' });
    await user.selectOptions(within(dialog).getByLabelText('السبب'), 'other');
    const note = within(dialog).getByLabelText('ملاحظة للفنان (مطلوبة)');
    await user.click(within(dialog).getByRole('button', { name: 'حجب' }));
    expect(within(dialog).getByText('اذكر السبب (سيطّلع عليه الفنان).')).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });

  it('names audit actions in Arabic beside their code, and translates the payout rule', async () => {
    renderConsole('ar', '?tab=audit');
    const item = await screen.findByTestId('audit-entry');
    expect(item).toHaveTextContent('تعطيل حساب user.disable · الحساب #42');
    expect(within(item).getByText('user.disable')).toHaveAttribute('dir', 'ltr');
    expect(within(item).getByText('قبل الإجراء وبعده')).toBeInTheDocument();
  });

  it('shows the payout rule and the empty month in Arabic', async () => {
    renderConsole('ar', '?tab=statements');
    expect(await screen.findByText(/^يحصل الفنان على 70% من صافي المبيعات/)).toBeInTheDocument();
    expect(screen.getByText(/^لم يبِع أي فنان شيئًا/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تنزيل ملف CSV' })).toBeInTheDocument();
    expect(screen.getByLabelText('الشهر')).toBeInTheDocument();
  });

  it('shows a track waiting for review with Arabic facts, its numbers kept left to right', async () => {
    renderConsole('ar', '?tab=review');
    const row = await screen.findByTestId('review-track-21');
    expect(within(row).getByRole('heading', { name: 'ليلة حجاز' })).toBeInTheDocument();
    expect(row).toHaveTextContent('حلقة');
    expect(row).toHaveTextContent(/طُلب نشرها في /);
    const fact = (label: string) => within(row).getByText(label).nextElementSibling;
    expect(fact('المقام')).toHaveTextContent('حجاز على ري');
    expect(fact('النوع')).toHaveTextContent('صوفي');
    expect(fact('المنطقة')).toHaveTextContent('مصر');
    expect(fact('السرعة')?.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(fact('السرعة')).toHaveTextContent('113 BPM');
    expect(fact('المدة')).toHaveTextContent('0:07');
    expect(fact('السعر')).toHaveTextContent('2.50');
    expect(within(row).getByRole('button', { name: 'تشغيل معاينة ليلة حجاز' })).toHaveTextContent('تشغيل');
    expect(within(row).getByRole('button', { name: 'اعتماد ليلة حجاز' })).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'رفض ليلة حجاز' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفض هذه المقطوعة' });
    expect(within(dialog).getByLabelText('السبب (سيطّلع عليه الفنان)')).toBeInTheDocument();
  });

  it('tells a non-operator in Arabic that the page is not theirs', () => {
    renderConsole('ar', '', { ...admin, type: 'user' });
    expect(screen.getByRole('heading', { level: 1, name: 'هذه الصفحة مخصّصة لفريق إدارة المتجر' })).toBeInTheDocument();
  });

  it('keeps the English console as it was', async () => {
    renderConsole('en', '?tab=audit');
    expect(screen.getByRole('heading', { level: 1, name: 'Operator console' })).toBeInTheDocument();
    const item = await screen.findByTestId('audit-entry');
    expect(item).toHaveTextContent('user.disable · user #42');
    expect(item).not.toHaveTextContent('Account disabled');
    expect(item).toHaveTextContent('ops@tarab.test · 20 Nov 2026, 10:00 UTC');
  });

  it('shows an English order as a table row: number, date, type, item, buyer, amount, status, licence', async () => {
    renderConsole('en', '?tab=orders');
    const row = await screen.findByTestId('admin-order-7');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      '#7',
      '24 Nov 2026, 20:00 UTC',
      'Track',
      'Night in Cairo',
      'rana@example.comlocal',
      '$4.99',
      'paid',
      'licence TRB-ABCD-1234',
    ]);
    expect(within(row).getByRole('button', { name: 'Refund order 7' })).toBeInTheDocument();
  });
});
