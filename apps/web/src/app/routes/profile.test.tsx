import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/features/auth/types';
import { renderRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import ProfileRoute from './profile';

const subscriber: User = {
  ...testUser,
  subscriptions: [
    {
      id: 1,
      status: 'active',
      stripe_price: 'pro_month',
      plan: { id: 2, name: 'Pro' },
      current_period_end: '2030-03-14T00:00:00.000Z',
      cancel_at_period_end: false,
    },
  ],
};

const render = (user: User) =>
  renderRoutes([{ path: '/profile', element: <ProfileRoute /> }], { user, path: '/profile' });

describe('Profile page', () => {
  it('shows the username and email of the user', () => {
    render(testUser);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Username', 'Email', 'Account type', 'Subscription']);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(values).toEqual(['AAmira Haddad', 'amira@example.com', 'Listener', 'No subscription']);
  });

  it('shows the plan and when it renews', () => {
    render(subscriber);
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Renews on March 14, 2030')).toBeInTheDocument();
  });
});

describe('Profile page in Arabic', () => {
  const renderArabic = (user: User) =>
    renderArabicRoutes([{ path: '/profile', element: <ProfileRoute /> }], { user, path: '/profile' });

  it('names every row in Arabic and keeps the email left to right', () => {
    renderArabic({ ...testUser, email_verified: false });
    expect(screen.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['اسم المستخدم', 'البريد الإلكتروني', 'نوع الحساب', 'الاشتراك']);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(values).toEqual(['AAmira Haddad', 'amira@example.comلم يُؤكَّد بعد', 'مستمع', 'لا يوجد اشتراك']);
    expect(screen.getByText('amira@example.com')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('heading', { level: 2, name: 'إدارة حسابك' })).toBeInTheDocument();
  });

  it('gives the renewal date in Arabic, and its links stay under /ar', () => {
    renderArabic({ ...subscriber, type: 'artist' });
    expect(screen.getByText('فنان')).toBeInTheDocument();
    expect(screen.getByText('يتجدّد في 14 مارس 2030')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مكتبتك' })).toHaveAttribute('href', '/ar/savedPage');
    expect(screen.getByRole('link', { name: 'إدارة الاشتراك' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/ar\//),
    );
    expect(screen.getByRole('link', { name: 'تحليلات المبيعات' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/ar\//),
    );
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
  });
});
