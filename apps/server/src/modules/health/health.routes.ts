import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@tarab/contracts';
import type { Database } from '../../db/client.js';

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthResponse } } },
      async () => {
        await database.db.execute(sql`select 1`);
        return { ok: true as const, db: database.kind };
      },
    );
  };
}
