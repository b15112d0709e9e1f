import { z } from 'zod';

export const HealthResponse = z.object({
  ok: z.literal(true),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
