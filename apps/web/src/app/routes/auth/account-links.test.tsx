import { Api, pathOf } from '@tarab/contracts';
import { AccountMessages } from '@tarab/contracts/account-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import ForgotPasswordRoute from './forgot-password';
import ResetPasswordRoute from './reset-password';
import VerifyEmailRoute from './verify-email';

describe('pages of the emailed links (issue 17)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/auth/verify-email confirms the token of the link once, on arrival', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.account.verifyEmail, () => jsonResponse(200, { message: AccountMessages.emailVerified })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/auth/verify-email', element: <VerifyEmailRoute /> }], {
      user: null,
      path: '/auth/verify-email?token=abc123',
    });
    expect(await screen.findByText(AccountMessages.emailVerified)).toBeInTheDocument();
    const verifyCalls = calls.filter((c) => c.url === pathOf(Api.account.verifyEmail));
    expect(verifyCalls).toHaveLength(1);
    expect(JSON.parse(String(verifyCalls[0]!.init?.body))).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });

  it('/auth/verify-email shows the server message for a used or expired link', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.account.verifyEmail, () =>
          jsonResponse(422, {
            code: 'verify_link_invalid',
            message: AccountMessages.verifyLinkInvalid,
            errors: { token: [AccountMessages.verifyLinkInvalid] },
            field_codes: { token: ['verify_link_invalid'] },
          }),
        ),
      ]).fetchStub,
    );
    renderRoutes([{ path: '/auth/verify-email', element: <VerifyEmailRoute /> }], {
      user: null,
      path: '/auth/verify-email?token=used',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.verifyLinkInvalid);
  });

  it('/auth/forgot-password sends the email and shows the same answer for any address', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.account.forgotPassword, () => jsonResponse(200, { message: AccountMessages.resetRequested })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/auth/forgot-password', element: <ForgotPasswordRoute /> }], {
      user: null,
      path: '/auth/forgot-password',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.resetRequested);
    const call = calls.find((c) => c.url === pathOf(Api.account.forgotPassword));
    expect(JSON.parse(String(call?.init?.body))).toEqual({ email: 'someone@example.com' });
  });

  it('/auth/reset-password sends the token with the new password and shows field errors', async () => {
    let answer = jsonResponse(422, {
      message: 'The given data was invalid.',
      errors: { password: ['This password is too common. Please choose another one.'] },
    });
    const { fetchStub, calls } = stubRoutes([on(Api.account.resetPassword, () => answer)]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/auth/reset-password', element: <ResetPasswordRoute /> }], {
      user: null,
      path: '/auth/reset-password?token=tok-1',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('This password is too common. Please choose another one.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)?.init?.body))).toEqual({
      token: 'tok-1',
      password: 'password123',
      password_confirmation: 'password123',
    });
    answer = jsonResponse(200, { message: AccountMessages.passwordReset });
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(AccountMessages.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });
});

describe('pages of the emailed links in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/ar/auth/verify-email confirms in Arabic and sends on to the Arabic login', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.account.verifyEmail, () => jsonResponse(200, { message: AccountMessages.emailVerified }))])
        .fetchStub,
    );
    renderArabicRoutes([{ path: '/auth/verify-email', element: <VerifyEmailRoute /> }], {
      user: null,
      path: '/auth/verify-email?token=abc123',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'أكّد بريدك الإلكتروني' })).toBeInTheDocument();
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني. شكرًا لك!')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/ar/auth/login');
    expect(screen.getByRole('link', { name: 'العودة إلى المتجر' })).toHaveAttribute('href', '/ar');
  });

  it('/ar/auth/verify-email without a token says so in Arabic', () => {
    renderArabicRoutes([{ path: '/auth/verify-email', element: <VerifyEmailRoute /> }], {
      user: null,
      path: '/auth/verify-email',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'هذا الرابط لا يحمل رمز التحقق. افتح الرابط من الرسالة الإلكترونية مرة أخرى.',
    );
  });

  it('/ar/auth/forgot-password asks in Arabic and shows the answer in Arabic', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.account.forgotPassword, () => jsonResponse(200, { message: AccountMessages.resetRequested }))])
        .fetchStub,
    );
    renderArabicRoutes([{ path: '/auth/forgot-password', element: <ForgotPasswordRoute /> }], {
      user: null,
      path: '/auth/forgot-password',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'نسيت كلمة المرور؟' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'أرسل لي رابط إعادة التعيين' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^إن كان هناك حساب/);
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/ar/auth/login');
  });

  it("/ar/auth/reset-password labels its fields in Arabic and shows the server's refusal in Arabic", async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.account.resetPassword, () =>
          jsonResponse(422, {
            code: 'reset_link_invalid',
            message: AccountMessages.resetLinkInvalid,
            errors: { token: [AccountMessages.resetLinkInvalid] },
            field_codes: { token: ['reset_link_invalid'] },
          }),
        ),
      ]).fetchStub,
    );
    renderArabicRoutes([{ path: '/auth/reset-password', element: <ResetPasswordRoute /> }], {
      user: null,
      path: '/auth/reset-password?token=old',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'اختر كلمة مرور جديدة' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-password-1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^رابط إعادة التعيين هذا/);
    expect(screen.getByRole('link', { name: 'اطلب رابطًا جديدًا' })).toHaveAttribute('href', '/ar/auth/forgot-password');
  });
});
