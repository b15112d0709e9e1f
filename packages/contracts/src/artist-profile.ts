import { z } from 'zod';
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
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** Optional Arabic text: trimmed, as long as its Latin twin may be; empty (or null) clears it. */
const arabicText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** `PATCH /api/artist/profile`: what is left out stays as it is. */
export const ArtistProfilePatch = z.strictObject({
  name: requiredText('name', ArtistProfileLimits.nameMax).optional(),
  bio: z
    .string({ error: ServerErrors.bio_not_text })
    .trim()
    .max(ArtistProfileLimits.bioMax, `The bio may not be greater than ${ArtistProfileLimits.bioMax} characters.`)
    .optional(),
  name_ar: arabicText('Arabic name', ArtistProfileLimits.nameMax),
  bio_ar: arabicText('Arabic bio', ArtistProfileLimits.bioMax),
});
export type ArtistProfilePatch = z.input<typeof ArtistProfilePatch>;

export const ArtistProfileDto = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string().nullable(),
  bio: z.string(),
  bio_ar: z.string().nullable(),
  image: ImageRef,
});
export type ArtistProfileDto = z.infer<typeof ArtistProfileDto>;

export const ArtistProfileResponse = z.object({ data: ArtistProfileDto });
