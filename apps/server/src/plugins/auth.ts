import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Limits } from '@tarab/contracts';
import type { Database } from '../db/client.js';
import { unauthenticated, forbidden } from '../lib/errors.js';
import { findSessionUser, touchSession, type SessionUser } from '../modules/auth/auth.service.js';
import { hashSessionToken, looksLikeSessionToken } from '../modules/auth/session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request, or null. */
    user: SessionUser | null;
    /** The raw session token the request came with (cookie or Bearer), when it was valid. */
    sessionToken: string | null;
  }
}

const TOUCH_EVERY_MS = 5 * 60_000;

/** Reads the session token from the `authToken` cookie or an `Authorization: Bearer` header. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[Limits.authCookieName] ?? null;
}

/** Resolves request.user from the session token; never rejects by itself (see requireUser). */
export async function registerAuth(app: FastifyInstance, database: Database): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenOf(request);
    if (!token || !looksLikeSessionToken(token)) return;
    const now = new Date();
    const found = await findSessionUser(database.db, hashSessionToken(token), now);
    if (found) {
      request.user = found.user;
      request.sessionToken = token;
      // "Last seen" for the sessions list, written at most every few minutes per session.
      if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS)
        await touchSession(database.db, found.sessionId, now);
    }
  });
}

/** preHandler: 401 unless logged in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

/** preHandler factory: 401 unless logged in, 403 unless the user has one of the roles. */
export function requireRole(...roles: SessionUser['type'][]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthenticated();
    if (!roles.includes(request.user.type)) throw forbidden();
  };
}

/** The logged-in user, for handlers behind requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
