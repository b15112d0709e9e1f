import { z } from './zod.js';

export const HealthResponse = z.object({
  ok: z.literal(true),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const LivenessResponse = z.object({ ok: z.literal(true) });

/** `redis`: `up` when REDIS_URL is set (and answered), `none` without it. */
export const ReadinessResponse = z.extend(HealthResponse, { redis: z.enum(['up', 'none']) });
