import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { HealthResponse, LivenessResponse, Messages, ReadinessResponse } from '@tarab/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';

const tags = ['health'];
const notReady = (cause: unknown) =>
  new AppError(503, Messages.serviceUnavailable, undefined, { 'Retry-After': '5' }, cause);

/**
 * Health for load balancers and orchestrators:
 * - `/api/health/live`: the process answers (restart it when this fails);
 * - `/api/health/ready`: it can serve — the database and (when configured) Redis answer (send it traffic
 *   only while this is 200). Once shutdown starts the server accepts no new connection, and requests
 *   on kept-alive ones are answered 503 by Fastify (`return503OnClosing`);
 * - `/api/health`: the spec-era check (database), kept as it was.
 */
export function healthRoutes(database: Database, redis: Redis | null = null): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags, summary: 'Liveness and database check', response: { 200: HealthResponse } } },
      async () => {
        await database.db.execute(sql`select 1`);
        return { ok: true as const, db: database.kind };
      },
    );
    app.get(
      '/api/health/live',
      { schema: { tags, summary: 'Liveness: the process answers', response: { 200: LivenessResponse } } },
      async () => ({ ok: true as const }),
    );
    app.get(
      '/api/health/ready',
      {
        schema: {
          tags,
          summary: 'Readiness: the database and Redis answer (503 otherwise)',
          response: { 200: ReadinessResponse },
        },
      },
      async () => {
        try {
          await database.db.execute(sql`select 1`);
          if (redis) await redis.ping();
        } catch (error) {
          throw notReady(error);
        }
        return { ok: true as const, db: database.kind, redis: redis ? ('up' as const) : ('none' as const) };
      },
    );
  };
}
