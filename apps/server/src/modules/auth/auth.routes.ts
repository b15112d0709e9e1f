import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthMessages,
  AuthProvidersResponse,
  AuthResponse,
  GoogleLinkBody,
  Limits,
  LoginBody,
  MeResponse,
  MessageResponse,
  RegisterBody,
  SocialAuthResponse,
  SocialCallbackBody,
  SocialProviderParam,
} from '@tarab/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createLoginThrottle, routeRateLimit, type CounterStore } from '../../lib/rate-limit.js';
import { sessionSecurity } from '../../lib/openapi-security.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as account from './account.service.js';
import * as auth from './auth.service.js';

const tags = ['accounts'];

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
    app.post(
      '/api/register',
      {
        config: routeRateLimit(registerMax, windowSeconds, { byIp: true }),
        schema: { tags, summary: 'Create an account and log in', body: RegisterBody, response: { 200: AuthResponse } },
      },
      async (request, reply) => {
        const session = await auth.register(ctx, request.body, { userAgent: request.headers['user-agent'] });
        // The confirmation link goes out in the background (issue 17); the account can browse and buy meanwhile.
        await account.sendVerification(accountCtx, session.row);
        setSessionCookie(reply, session);
        return { data: { user: session.user, token: session.token } };
      },
    );
    app.post(
      '/api/api_login',
      { schema: { tags, summary: 'Log in with email and password', body: LoginBody, response: { 200: AuthResponse } } },
      async (request, reply) => {
        const session = await auth.login(ctx, request.body, request.ip, { userAgent: request.headers['user-agent'] });
        setSessionCookie(reply, session);
        return { data: { user: session.user, token: session.token } };
      },
    );
    app.post(
      '/api/auth/:provider/callback',
      {
        config: googleLimit,
        schema: {
          tags,
          summary: 'Log in with a Google access token',
          params: SocialProviderParam,
          body: SocialCallbackBody,
          response: { 200: SocialAuthResponse },
        },
      },
      async (request, reply) => {
        const session = await auth.loginWithGoogle(ctx, request.body.access_token, {
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(reply, session);
        return { token: session.token, user: session.user };
      },
    );
    app.post(
      '/api/logout',
      {
        schema: {
          tags,
          summary: 'Log out: revoke the session and clear the cookie',
          response: { 200: MessageResponse },
        },
      },
      async (request, reply) => {
        await auth.logout(database.db, request.sessionToken);
        reply.clearCookie(Limits.authCookieName, {
          path: '/',
          httpOnly: true,
          secure: config.cookieSecure,
          sameSite: 'strict',
        });
        return { message: AuthMessages.loggedOut };
      },
    );
    app.get(
      '/api/auth/providers',
      { schema: { tags, summary: 'Configured social sign-ins', response: { 200: AuthProvidersResponse } } },
      async () => ({ google: config.google.clientId ? { client_id: config.google.clientId } : null }),
    );
    app.get(
      '/api/me',
      {
        preHandler: requireUser,
        schema: { tags, security: sessionSecurity, summary: 'The logged-in user', response: { 200: MeResponse } },
      },
      async (request) => {
        const user = await auth.loadUserDto(database.db, currentUser(request));
        return { ...user, data: { user } };
      },
    );
    app.post(
      '/api/me/google',
      {
        config: googleLimit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Link Google sign-in to the logged-in account',
          body: GoogleLinkBody,
          response: { 200: MeResponse },
        },
      },
      async (request) => {
        const user = await auth.linkGoogle(ctx, currentUser(request), request.body.access_token);
        return { ...user, data: { user } };
      },
    );
  };
}
