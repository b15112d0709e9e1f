import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/features/auth/types';
import { renderRoutes, testUser } from '@/testing/render-app';
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
