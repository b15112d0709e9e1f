import { Api, pathOf } from '@tarab/contracts';
import { AccountMessages } from '@tarab/contracts/account-messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTo, jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { VerifyEmailBanner } from '../verify-email-banner';
import { AccountSettings } from './index';

const sessions = {
  data: [
    {
      id: 2,
      device: 'Chrome on Linux',
      created_at: '2026-01-01T10:00:00Z',
      last_seen_at: '2026-01-02T10:00:00Z',
      current: true,
    },
    {
      id: 1,
      device: 'Safari on iOS',
      created_at: '2026-01-01T09:00:00Z',
      last_seen_at: '2026-01-01T09:30:00Z',
      current: false,
    },
  ],
};

describe('account settings on /profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('lists the sessions and logs out everywhere else', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.account.sessions, () => jsonResponse(200, sessions)),
      on(Api.account.revokeOtherSessions, () =>
        jsonResponse(200, { message: AccountMessages.otherSessionsRevoked, revoked: 1 }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/profile', element: <AccountSettings user={testUser} /> }], {
      user: testUser,
      path: '/profile',
    });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText('Safari on iOS')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out everywhere else' }));
    expect(await screen.findByText(AccountMessages.otherSessionsRevoked)).toBeInTheDocument();
    expect(calls.find((c) => c.url === pathOf(Api.account.revokeOtherSessions))?.init?.method).toBe('DELETE');
  });

  it('asks for the current password only when the email changes, and shows its error', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.account.sessions, () => jsonResponse(200, sessions)),
      on(Api.account.updateMe, () =>
        jsonResponse(422, {
          code: 'current_password_wrong',
          message: AccountMessages.currentPasswordWrong,
          errors: { current_password: [AccountMessages.currentPasswordWrong] },
          field_codes: { current_password: ['current_password_wrong'] },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/profile', element: <AccountSettings user={testUser} /> }], {
      user: testUser,
      path: '/profile',
    });
    const details = screen.getByRole('region', { name: 'Account details' });
    expect(within(details).queryByLabelText('Current password')).toBeNull();
    const user = userEvent.setup();
    const email = within(details).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'amira.new@example.com');
    await user.type(within(details).getByLabelText('Current password'), 'wrong-one');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await within(details).findByText(AccountMessages.currentPasswordWrong)).toBeInTheDocument();
    const patch = calls.find(callTo(Api.account.updateMe));
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      name: 'Amira Haddad',
      email: 'amira.new@example.com',
      current_password: 'wrong-one',
    });
  });

  it('an account without a password: asked for proof, it sends a link to the current address (issue #31)', async () => {
    let answer = 0;
    const { fetchStub, calls } = stubRoutes([
      on(Api.account.sessions, () => jsonResponse(200, sessions)),
      on(Api.auth.providers, () => jsonResponse(200, { google: null })),
      on(Api.account.updateMe, () =>
        ++answer === 1
          ? jsonResponse(422, {
              code: 'proof_required',
              message: AccountMessages.proofRequired,
              errors: { google_access_token: [AccountMessages.proofRequired] },
              field_codes: { google_access_token: ['proof_required'] },
            })
          : jsonResponse(200, {
              message: AccountMessages.emailChangeLinkSent,
              data: {
                user: {
                  ...testUser,
                  phone: null,
                  artist_id: null,
                  email_verified: true,
                  subscriptions: [],
                  created_at: '2026-01-01T00:00:00Z',
                },
              },
            }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/profile', element: <AccountSettings user={testUser} /> }], {
      user: testUser,
      path: '/profile',
    });
    const details = screen.getByRole('region', { name: 'Account details' });
    const user = userEvent.setup();
    const email = within(details).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'amira.new@example.com');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await within(details).findByText(AccountMessages.proofRequired)).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Email a link to my current address' }));
    expect(await within(details).findByText(AccountMessages.emailChangeLinkSent)).toBeInTheDocument();
    const patches = calls.filter(callTo(Api.account.updateMe));
    expect(JSON.parse(String(patches[1]?.init?.body))).toEqual({
      name: 'Amira Haddad',
      email: 'amira.new@example.com',
      send_link: 'email_change',
    });
  });

  it('deletes the account only after the password is confirmed', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.account.sessions, () => jsonResponse(200, sessions)),
      on(Api.account.deleteMe, () => jsonResponse(200, { message: AccountMessages.accountDeleted })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(
      [
        { path: '/', element: <h1>Home page</h1> },
        { path: '/profile', element: <AccountSettings user={testUser} /> },
      ],
      { user: testUser, path: '/profile' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Your password'), 'my-password-1');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const del = calls.find(callTo(Api.account.deleteMe));
    expect(JSON.parse(String(del?.init?.body))).toMatchObject({ password: 'my-password-1' });
  });

  it('the banner tells an unverified account what it cannot do, resends the link, and can be dismissed', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.account.resendVerification, () => jsonResponse(200, { message: AccountMessages.verificationSent })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const unverified = { ...testUser, email_verified: false };
    renderRoutes([{ path: '/', element: <VerifyEmailBanner /> }], { user: unverified, path: '/' });
    expect(screen.getByText(AccountMessages.emailNotVerified)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(AccountMessages.verificationSent)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(AccountMessages.verificationSent)).toBeNull();
  });

  it('no banner for a verified account or an old cached user without the field', () => {
    renderRoutes([{ path: '/', element: <VerifyEmailBanner /> }], {
      user: { ...testUser, email_verified: true },
      path: '/',
    });
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).toBeNull();
  });
});

describe('account settings in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names its sections and fields in Arabic and shows the server's answers in Arabic", async () => {
    const { fetchStub } = stubRoutes([
      on(Api.account.sessions, () => jsonResponse(200, sessions)),
      on(Api.account.revokeOtherSessions, () =>
        jsonResponse(200, { message: AccountMessages.otherSessionsRevoked, revoked: 1 }),
      ),
      on(Api.account.updateMe, () =>
        jsonResponse(422, {
          code: 'current_password_wrong',
          message: AccountMessages.currentPasswordWrong,
          errors: { current_password: [AccountMessages.currentPasswordWrong] },
          field_codes: { current_password: ['current_password_wrong'] },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes([{ path: '/profile', element: <AccountSettings user={testUser} /> }], {
      user: testUser,
      path: '/profile',
    });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['بيانات الحساب', 'كلمة المرور', 'الأجهزة المسجَّل دخولك عليها', 'بياناتك', 'حذف الحساب']);
    // Each section is named by its own heading (ids not made from the title's Latin letters).
    const details = screen.getByRole('region', { name: 'بيانات الحساب' });
    expect(screen.getByRole('region', { name: 'حذف الحساب' })).not.toBe(details);
    expect(
      within(screen.getByRole('region', { name: 'حذف الحساب' })).getByRole('link', { name: 'سياسة الخصوصية' }),
    ).toHaveAttribute('href', '/ar/privacy-policy');

    const list = await screen.findByRole('list');
    expect(within(list).getByText('هذا الجهاز')).toBeInTheDocument();
    expect(within(list).getAllByText(/^آخر نشاط: /)).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة الأخرى' }));
    expect(await screen.findByText('تم تسجيل الخروج من جميع الأجهزة الأخرى.')).toBeInTheDocument();

    const email = within(details).getByLabelText('عنوان البريد الإلكتروني');
    await user.clear(email);
    await user.type(email, 'amira.new@example.com');
    await user.type(within(details).getByLabelText('كلمة المرور الحالية'), 'wrong-one');
    await user.click(within(details).getByRole('button', { name: 'حفظ البيانات' }));
    expect(await within(details).findByText('كلمة المرور الحالية غير صحيحة.')).toBeInTheDocument();
    expect(within(details).queryByText(AccountMessages.currentPasswordWrong)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'حذف حسابي' }));
    expect(screen.getByLabelText('كلمة مرورك')).toHaveAttribute('name', 'delete_password');
    expect(screen.getByRole('button', { name: 'احذف حسابي نهائيًا' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الإبقاء على حسابي' })).toBeInTheDocument();
  });
});
