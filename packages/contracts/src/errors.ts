import { z } from './zod.js';
import { ERROR_CODES } from './error-codes.js';

export * from './error-codes.js';

/** A code of the error list (`ServerErrors` in error-codes.ts). */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * The one JSON error shape of every 4xx/5xx answer (decision 062):
 * - `code`: stable, from the closed list in error-codes.ts — what a client translates by;
 * - `message`: the English text of the code (spec texts, unchanged);
 * - `params`: the values of a message that has some (`file_too_large` → `{ max_mb: 50 }`);
 * - `errors`: field → English messages (validation, 422/400/402);
 * - `field_codes`: field → codes, for the fields whose messages have a code.
 */
export const ErrorBody = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  field_codes: z.optional(z.record(z.string(), z.array(ErrorCodeSchema))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
