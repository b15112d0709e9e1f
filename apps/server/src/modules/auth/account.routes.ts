import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountExport,
  DeleteMeBody,
  ForgotPasswordBody,
  Limits,
  MessageResponse,
  ResetPasswordBody,
  RevokedSessionsResponse,
  SessionsResponse,
  UpdateMeBody,
  UpdateMeResponse,
  VerifyEmailBody,
  AccountMessages,
} from '@tarab/contracts';
import type { Config } from '../../config.js';
import { routeRateLimit } from '../../lib/rate-limit.js';
import { sessionSecurity } from '../../lib/openapi-security.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as account from './account.service.js';

const tags = ['accounts'];

/** Accounts by email (issue 17): confirmation, password reset, settings, sessions, export and deletion. */
export function accountRoutes(ctx: account.AccountContext, config: Config): FastifyPluginAsyncZod {
  const { windowSeconds, resend, forgot, useLink, settings } = config.accountRateLimit;
  const perUser = (max: number) => routeRateLimit(max, windowSeconds);
  const perIp = (max: number) => routeRateLimit(max, windowSeconds, { byIp: true });

  return async (app) => {
    app.post(
      '/api/email/verify',
      {
        config: perIp(useLink),
        schema: {
          tags,
          summary: 'Confirm an email address with the token of the emailed link',
          body: VerifyEmailBody,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        await account.verifyEmail(ctx, request.body.token);
        return { message: AccountMessages.emailVerified };
      },
    );
    app.post(
      '/api/email/resend',
      {
        preHandler: requireUser,
        config: perUser(resend),
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Send the confirmation link again',
          response: { 200: MessageResponse },
        },
      },
      async (request) => ({ message: await account.resendVerification(ctx, currentUser(request)) }),
    );
    app.post(
      '/api/password/forgot',
      {
        config: perIp(forgot),
        schema: {
          tags,
          summary: 'Email a password reset link (same answer whether or not the account exists)',
          body: ForgotPasswordBody,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        await account.forgotPassword(ctx, request.body.email);
        return { message: AccountMessages.resetRequested };
      },
    );
    app.post(
      '/api/password/reset',
      {
        config: perIp(useLink),
        schema: {
          tags,
          summary: 'Set a new password with the token of the emailed link; every session ends',
          body: ResetPasswordBody,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        await account.resetPassword(ctx, request.body);
        return { message: AccountMessages.passwordReset };
      },
    );
    app.patch(
      '/api/me',
      {
        preHandler: requireUser,
        config: perUser(settings),
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Change name, email or password (email and password need current_password)',
          body: UpdateMeBody,
          response: { 200: UpdateMeResponse },
        },
      },
      async (request) => {
        const result = await account.updateMe(ctx, currentUser(request), request.sessionToken, request.body);
        return { message: result.message, data: { user: result.user } };
      },
    );
    app.get(
      '/api/me/sessions',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Active sessions of the account (device, last seen)',
          response: { 200: SessionsResponse },
        },
      },
      async (request) => ({ data: await account.listSessions(ctx, currentUser(request), request.sessionToken) }),
    );
    app.delete(
      '/api/me/sessions/others',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Log out everywhere else: revoke every session but this one',
          response: { 200: RevokedSessionsResponse },
        },
      },
      async (request) => ({
        message: AccountMessages.otherSessionsRevoked,
        revoked: await account.revokeOtherSessions(ctx, currentUser(request), request.sessionToken),
      }),
    );
    app.get(
      '/api/me/export',
      {
        preHandler: requireUser,
        config: perUser(settings),
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Download my data: profile, orders, licences, subscriptions, playlists, favourites, uploads',
          response: { 200: AccountExport },
        },
      },
      async (request, reply) => {
        reply.header('Content-Disposition', 'attachment; filename="tarab-my-data.json"');
        reply.header('Cache-Control', 'no-store');
        return account.exportAccount(ctx, currentUser(request));
      },
    );
    app.delete(
      '/api/me',
      {
        preHandler: requireUser,
        config: perUser(settings),
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Delete my account (password confirms it); orders stay with an anonymous buyer',
          body: DeleteMeBody,
          response: { 200: MessageResponse },
        },
      },
      async (request, reply) => {
        await account.deleteAccount(ctx, currentUser(request), request.body);
        reply.clearCookie(Limits.authCookieName, {
          path: '/',
          httpOnly: true,
          secure: config.cookieSecure,
          sameSite: 'strict',
        });
        return { message: AccountMessages.accountDeleted };
      },
    );
  };
}
