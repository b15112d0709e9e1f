import { z } from 'zod';

/** The one JSON error shape of every 4xx/5xx answer: `{ message, errors? }` (errors: field -> messages). */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
