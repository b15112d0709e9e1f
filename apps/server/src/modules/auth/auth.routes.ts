import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, AuthMessages, Limits } from '@tarab/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createLoginThrottle, routeRateLimit, type CounterStore } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as account from './account.service.js';
import * as auth from './auth.service.js';

export function authRoutes(
  database: Database,
  config: Config,
  counters: CounterStore,
  accountCtx: account.AccountContext,
): FastifyPluginAsyncZod {
  const { maxFailures, windowSeconds, registerMax } = config.authRateLimit;
  const ctx: auth.AuthContext = {
    db: database.db,
    loginThrottle: createLoginThrottle(counters, { maxFailures, windowSeconds }),
    google: config.google,
  };
  const googleLimit = routeRateLimit(config.rateLimits.perMinute.google, 60, { byIp: true });
  const setSessionCookie = (reply: FastifyReply, session: auth.Session) =>
    reply.setCookie(Limits.authCookieName, session.token, {
      httpOnly: true,
      secure: config.cookieSecure,
      sameSite: 'strict',
      path: '/',
      expires: session.expiresAt,
      maxAge: auth.SESSION_DAYS * 24 * 3600,
    });

  return async (app) => {
    route(
      app,
      Api.auth.register,
      { config: routeRateLimit(registerMax, windowSeconds, { byIp: true }) },
      async (request, reply) => {
        const session = await auth.register(ctx, request.body, { userAgent: request.headers['user-agent'] });
        // The confirmation link goes out in the background (issue 17); the account can browse and buy meanwhile.
        await account.sendVerification(accountCtx, session.row);
        setSessionCookie(reply, session);
        return { data: { user: session.user, token: session.token } };
      },
    );
    route(app, Api.auth.login, async (request, reply) => {
      const session = await auth.login(ctx, request.body, request.ip, { userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, session);
      return { data: { user: session.user, token: session.token } };
    });
    route(app, Api.auth.socialCallback, { config: googleLimit }, async (request, reply) => {
      const session = await auth.loginWithGoogle(ctx, request.body.access_token, {
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, session);
      return { token: session.token, user: session.user };
    });
    route(app, Api.auth.logout, async (request, reply) => {
      await auth.logout(database.db, request.sessionToken);
      reply.clearCookie(Limits.authCookieName, {
        path: '/',
        httpOnly: true,
        secure: config.cookieSecure,
        sameSite: 'strict',
      });
      return { message: AuthMessages.loggedOut };
    });
    route(app, Api.auth.providers, async () => ({
      google: config.google.clientId ? { client_id: config.google.clientId } : null,
    }));
    route(app, Api.auth.me, async (request) => {
      const user = await auth.loadUserDto(database.db, currentUser(request));
      return { ...user, data: { user } };
    });
    route(app, Api.auth.linkGoogle, { config: googleLimit }, async (request) => {
      const user = await auth.linkGoogle(ctx, currentUser(request), request.body.access_token);
      return { ...user, data: { user } };
    });
  };
}
