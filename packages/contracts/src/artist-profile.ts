import { z } from './zod.js';
import { ImageRef } from './catalog.js';
import { ServerErrors } from './error-codes.js';

/**
 * The artist's public profile, which the artist edits (issue 32 item 8, decision 061): the name and
 * bio shown on the store, and their Arabic forms shown on Arabic pages (`artists.name_ar`/`bio_ar`).
 */
export const ArtistProfileLimits = {
  nameMax: 80,
  bioMax: 1000,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field is required.` })
    .check(z.trim())
    .check(z.minLength(1, `The ${label} field is required.`))
    .check(z.maxLength(max, `The ${label} may not be greater than ${max} characters.`));

/** Optional Arabic text: trimmed, as long as its Latin twin may be; empty (or null) clears it. */
const arabicText = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z.pipe(
        z
          .string({ error: `The ${label} must be a string.` })
          .check(z.trim())
          .check(z.maxLength(max, `The ${label} may not be greater than ${max} characters.`)),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  );

/** `PATCH /api/artist/profile`: what is left out stays as it is. */
export const ArtistProfilePatch = z.strictObject({
  name: z.optional(requiredText('name', ArtistProfileLimits.nameMax)),
  bio: z.optional(
    z
      .string({ error: ServerErrors.bio_not_text })
      .check(z.trim())
      .check(
        z.maxLength(
          ArtistProfileLimits.bioMax,
          `The bio may not be greater than ${ArtistProfileLimits.bioMax} characters.`,
        ),
      ),
  ),
  name_ar: arabicText('Arabic name', ArtistProfileLimits.nameMax),
  bio_ar: arabicText('Arabic bio', ArtistProfileLimits.bioMax),
});
export type ArtistProfilePatch = z.input<typeof ArtistProfilePatch>;

export const ArtistProfileDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  name_ar: z.nullable(z.string()),
  bio: z.string(),
  bio_ar: z.nullable(z.string()),
  image: ImageRef,
});
export type ArtistProfileDto = z.infer<typeof ArtistProfileDto>;

export const ArtistProfileResponse = z.object({ data: ArtistProfileDto });
