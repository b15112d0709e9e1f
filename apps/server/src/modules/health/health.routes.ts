import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { Api } from '@tarab/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { pingDatabase } from './health.repo.js';

const notReady = (cause: unknown) =>
  new AppError(503, 'service_unavailable', undefined, { headers: { 'Retry-After': '5' }, cause });

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
    route(app, Api.health.health, async () => {
      await pingDatabase(database.db);
      return { ok: true as const, db: database.kind };
    });
    route(app, Api.health.live, async () => ({ ok: true as const }));
    route(app, Api.health.ready, async () => {
      try {
        await pingDatabase(database.db);
        if (redis) await redis.ping();
      } catch (error) {
        throw notReady(error);
      }
      return { ok: true as const, db: database.kind, redis: redis ? ('up' as const) : ('none' as const) };
    });
  };
}
