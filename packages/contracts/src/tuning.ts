import { z } from './zod.js';
import { TrackKind } from './catalog.js';

/** Tuning files (issue 18): `GET /api/tuning/{kind}/{id}.scl` and `.kbm`. */
export const TuningMessages = {
  notFound: ServerErrors.tuning_not_found,
} as const;

export { TUNING_FORMATS, tuningFileUrl, type TuningFormat } from './facets.js';
import type { TuningFormat } from './facets.js';
import { ServerErrors } from './error-codes.js';

/** Scala files are plain text (ASCII); served as text so a browser shows them and synths read them. */
export const TUNING_CONTENT_TYPE = 'text/plain; charset=utf-8';

const MAX_ID = 2_147_483_647;

/** `{id}.scl` or `{id}.kbm`: a positive id (at most 2^31 − 1) and the format. */
export const TuningFile = z
  .pipe(
    z.string().check(z.regex(/^[1-9]\d{0,9}\.(scl|kbm)$/, ServerErrors.tuning_file_name_invalid)),
    z.transform((file) => {
      const [id, format] = file.split('.') as [string, TuningFormat];
      return { id: Number(id), format };
    }),
  )
  .check(z.refine((file) => file.id <= MAX_ID, `the id must be at most ${MAX_ID}`));

export const TuningParams = z.object({ kind: TrackKind, file: TuningFile });
export type TuningParams = z.infer<typeof TuningParams>;
