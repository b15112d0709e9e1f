import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminOrderDto, type AdminTrackDto, type AdminUserDto, Api, pathOf } from '@tarab/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/features/auth/types';
import { usePlayerStore } from '@/features/player/stores/player-store';
import { callTo, createTestQueryClient, jsonResponse, on, stubRoutes } from '@/testing/render-app';
import { AppProvider } from '../provider';
import AdminRoute from './admin';

/** Issue #32: the console's tables sort, page and total over a date range; artists are picked by name. */
const admin: User = { id: 1, name: 'Salma Operator', email: 'ops@tarab.test', type: 'admin' };

const account: AdminUserDto = {
  id: 42,
  name: 'Karim Nassar',
  email: 'karim@example.com',
  type: 'user',
  artist: null,
  email_verified: true,
  disabled_at: null,
  deleted: false,
  created_at: '2026-03-05T09:30:00.000Z',
};
const order: AdminOrderDto = {
  id: 7,
  type: 'track',
  status: 'failed',
  amount: 4.99,
  currency: 'usd',
  provider: 'local',
  session_id: 'cs_local_7',
  created_at: '2026-11-24T20:00:00.000Z',
  paid_at: null,
  buyer: { id: 9, name: 'Rana', email: 'rana@example.com' },
  track: { id: 3, title: 'Night in Cairo' },
  plan: null,
  license: null,
};
const subscription: AdminOrderDto = {
  id: 3,
  type: 'subscription',
  status: 'active',
  amount: 71.88,
  currency: 'usd',
  provider: 'local',
  session_id: 'sub_local_3',
  created_at: '2026-11-20T08:00:00.000Z',
  paid_at: null,
  buyer: { id: 9, name: 'Rana', email: 'rana@example.com' },
  track: null,
  plan: { name: 'Creator', interval: 'year' },
  license: null,
};
const track: AdminTrackDto = {
  id: 12,
  title: 'Oud Morning',
  kind: 'music',
  artist: { id: 7, name: 'Nour al-Layl Ensemble' },
  published: true,
  takedown: null,
  review: null,
  preview_url: '/media/previews/12.mp3',
  waveform_data: '/media/peaks/12.json',
  duration_seconds: 95,
  created_at: '2026-10-01T00:00:00.000Z',
};
const meta = (sort: string, total: number) => ({ page: 1, per_page: 25, total, last_page: 3, sort, dir: 'desc' });

function renderConsole(search: string) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.admin.users, () => jsonResponse(200, { data: [account], meta: meta('id', 1) })),
    on(Api.admin.artists, () =>
      jsonResponse(200, {
        data: [
          { id: 7, name: 'Nour al-Layl Ensemble', user: null },
          { id: 8, name: 'Nour Strings', user: { id: 5, email: 'other@example.com' } },
        ],
      }),
    ),
    on(Api.admin.linkArtist, { id: 42 }, () =>
      jsonResponse(200, { message: 'The artist profile link is saved.', data: account }),
    ),
    on(Api.admin.orders, () =>
      jsonResponse(200, {
        data: [order, subscription],
        meta: meta('created_at', 60),
        totals: { count: 60, amounts: [{ currency: 'usd', amount: 1234.5, paid_count: 41, paid_amount: 987.25 }] },
      }),
    ),
    on(Api.admin.tracks, () => jsonResponse(200, { data: [track], meta: meta('id', 1) })),
  ]);
  vi.stubGlobal('fetch', fetchStub);
  const router = createMemoryRouter([{ path: '/admin', element: <AdminRoute /> }], {
    initialEntries: [`/admin${search}`],
  });
  render(
    <AppProvider queryClient={createTestQueryClient(admin)} locale="en">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  /** The query strings the console asked `path` with, in order. */
  const asked = (path: string) =>
    calls
      .filter((c) => c.url.split('?')[0] === path && !c.init?.method?.match(/POST/))
      .map((c) => new URLSearchParams(c.url.split('?')[1] ?? ''));
  return { calls, asked };
}

describe('the console tables (issue #32)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    usePlayerStore.setState({ currentTrack: null, isPlaying: false, queue: [] });
  });

  it('sorts by a column header (a button; the header cell says how with aria-sort) and turns the direction', async () => {
    const { asked } = renderConsole('?tab=orders');
    const user = userEvent.setup();
    await screen.findByTestId('admin-order-7');
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    const amount = screen.getByRole('columnheader', { name: 'Amount' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-sort', 'descending'));
    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-sort', 'ascending'));
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'none');
    const last = asked(pathOf(Api.admin.orders)).at(-1)!;
    expect([last.get('sort'), last.get('dir'), last.get('page')]).toEqual(['amount', 'asc', '1']);
  });

  it('pages: Next asks for page 2, and says where it is', async () => {
    const { asked } = renderConsole('?tab=orders');
    const user = userEvent.setup();
    await screen.findByTestId('admin-order-7');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('1–25 of 60');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked(pathOf(Api.admin.orders)).at(-1)!.get('page')).toBe('2'));
  });

  it('totals a date range: From and To go to the server, the totals row shows the count and the sums', async () => {
    const { asked } = renderConsole('?tab=orders');
    await screen.findByTestId('admin-order-7');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => {
      const last = asked(pathOf(Api.admin.orders)).at(-1)!;
      expect([last.get('from'), last.get('to')]).toEqual(['2026-11-01', '2026-11-30']);
    });
    const totals = screen.getByTestId('admin-orders-totals');
    expect(totals).toHaveTextContent('60 rows');
    expect(totals).toHaveTextContent('Total $1,234.50');
    expect(totals).toHaveTextContent('Paid $987.25 (41 rows)');
    expect(totals.closest('tfoot')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
  });

  it('lists subscriptions in Orders with their plan, filters by type, and shows a declined order as failed', async () => {
    const { asked } = renderConsole('?tab=orders');
    const user = userEvent.setup();
    const sub = await screen.findByTestId('admin-subscription-3');
    expect(within(sub).getByText('Subscription')).toBeInTheDocument();
    expect(sub).toHaveTextContent('Creator · yearly');
    expect(sub).toHaveTextContent('$71.88');
    expect(within(sub).getByText('active')).toBeInTheDocument();
    expect(within(sub).queryByRole('button', { name: /refund/i })).toBeNull();
    const failed = screen.getByTestId('admin-order-7');
    expect(within(failed).getByText('failed')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'subscription');
    await waitFor(() => expect(asked(pathOf(Api.admin.orders)).at(-1)!.get('type')).toBe('subscription'));
  });

  it('links an artist chosen by typing its name, never by a raw id', async () => {
    const { asked, calls } = renderConsole('');
    const user = userEvent.setup();
    const row = await screen.findByTestId('admin-user-42');
    expect(within(row).queryByRole('textbox')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Link an artist profile to karim@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link an artist profile' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Artist name' }), 'Nour');
    await waitFor(() => expect(asked(pathOf(Api.admin.artists)).at(-1)?.get('q')).toBe('Nour'));
    const results = within(dialog).getByRole('list', { name: 'Artist profiles found' });
    // A profile linked to another account says so and cannot be picked.
    expect(within(results).getByText(/Linked to/)).toHaveTextContent('Linked to other@example.com');
    expect(within(results).getByRole('button', { name: 'Link Nour Strings to karim@example.com' })).toBeDisabled();
    await user.click(within(results).getByRole('button', { name: 'Link Nour al-Layl Ensemble to karim@example.com' }));
    await waitFor(() => {
      const post = calls.find(callTo(Api.admin.linkArtist, { params: { id: 42 } }));
      expect(JSON.parse(String(post?.init?.body))).toEqual({ artist_id: 7 });
    });
  });

  it('plays a preview in the store’s own player, not in a native audio control', async () => {
    renderConsole('?tab=tracks');
    const row = await screen.findByTestId('admin-track-12');
    expect(document.querySelector('audio[controls]')).toBeNull();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Play Oud Morning' }));
    const state = usePlayerStore.getState();
    expect(state.currentTrack).toMatchObject({
      id: 12,
      cr_public_id: '/media/previews/12.mp3',
      waveform_data: '/media/peaks/12.json',
      duration_seconds: 95,
    });
    expect(state.isPlaying).toBe(true);
  });

  it('puts every section in one tab strip that scrolls sideways on a phone', async () => {
    renderConsole('?tab=audit');
    const tabs = screen.getByRole('tablist', { name: 'Console sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Users', 'Orders', 'Tracks', 'Review', 'Statements', 'Quotes', 'Audit log']);
    expect(tabs.className).toMatch(/overflow-x-auto/);
    expect(within(tabs).getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  });
});
