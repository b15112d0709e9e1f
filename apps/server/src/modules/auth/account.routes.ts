import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountMessages, Api, Limits } from '@tarab/contracts';
import type { Config } from '../../config.js';
import { routeRateLimit } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as account from './account.service.js';

/** Accounts by email (issue 17): confirmation, password reset, settings, sessions, export and deletion. */
export function accountRoutes(appCtx: account.AccountContext, config: Config): FastifyPluginAsyncZod {
  // Google's endpoints: an account without a password proves a change of email or password with Google.
  const ctx: account.AccountContext = { ...appCtx, google: config.google };
  const { windowSeconds, resend, forgot, useLink, settings } = config.accountRateLimit;
  const perUser = (max: number) => routeRateLimit(max, windowSeconds);
  const perIp = (max: number) => routeRateLimit(max, windowSeconds, { byIp: true });

  return async (app) => {
    route(app, Api.account.verifyEmail, { config: perIp(useLink) }, async (request) => {
      await account.verifyEmail(ctx, request.body.token);
      return { message: AccountMessages.emailVerified };
    });
    route(app, Api.account.resendVerification, { config: perUser(resend) }, async (request) => ({
      message: await account.resendVerification(ctx, currentUser(request)),
    }));
    route(app, Api.account.forgotPassword, { config: perIp(forgot) }, async (request) => {
      await account.forgotPassword(ctx, request.body.email);
      return { message: AccountMessages.resetRequested };
    });
    route(app, Api.account.resetPassword, { config: perIp(useLink) }, async (request) => {
      await account.resetPassword(ctx, request.body);
      return { message: AccountMessages.passwordReset };
    });
    route(app, Api.account.updateMe, { config: perUser(settings) }, async (request) => {
      const result = await account.updateMe(ctx, currentUser(request), request.sessionToken, request.body);
      return { message: result.message, data: { user: result.user } };
    });
    route(app, Api.account.confirmEmailChange, { config: perIp(useLink) }, async (request) => {
      await account.confirmEmailChange(ctx, request.body.token);
      return { message: AccountMessages.emailChangePending };
    });
    route(app, Api.account.sessions, async (request) => ({
      data: await account.listSessions(ctx, currentUser(request), request.sessionToken),
    }));
    route(app, Api.account.revokeOtherSessions, async (request) => ({
      message: AccountMessages.otherSessionsRevoked,
      revoked: await account.revokeOtherSessions(ctx, currentUser(request), request.sessionToken),
    }));
    route(app, Api.account.exportMe, { config: perUser(settings) }, async (request, reply) => {
      reply.header('Content-Disposition', 'attachment; filename="tarab-my-data.json"');
      reply.header('Cache-Control', 'no-store');
      return account.exportAccount(ctx, currentUser(request));
    });
    route(app, Api.account.deleteMe, { config: perUser(settings) }, async (request, reply) => {
      await account.deleteAccount(ctx, currentUser(request), request.body);
      reply.clearCookie(Limits.authCookieName, {
        path: '/',
        httpOnly: true,
        secure: config.cookieSecure,
        sameSite: 'strict',
      });
      return { message: AccountMessages.accountDeleted };
    });
  };
}
