import { type ArtistProfileDto, type ArtistProfilePatch } from '@tarab/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { mediaUrl } from './catalog.mapper.js';
import { refreshTrackSearch } from './catalog-search.repo.js';
import * as repo from './artist-profile.repo.js';

const toProfileDto = (row: repo.ArtistProfileRow): ArtistProfileDto => ({
  id: row.id,
  name: row.name,
  name_ar: row.nameAr,
  bio: row.bio,
  bio_ar: row.bioAr,
  image: { url: mediaUrl(row.image) },
});

/** The caller's own artist profile; 403 when the account is not linked to one. */
export async function getOwnArtistProfile(db: DbOrTx, userId: number): Promise<ArtistProfileDto> {
  const row = await repo.findArtistProfileOfUser(db, userId);
  if (!row) throw forbidden('artist_profile_missing');
  return toProfileDto(row);
}

/**
 * The artist edits their own name and bio and their Arabic forms (decision 061). The profile is the
 * one linked to the caller's account: there is no artist id to pass, so no other artist's can be
 * reached. A changed name (either form) rebuilds the search documents of the artist's tracks, in the
 * same transaction, so search finds the artist by the name the store shows.
 */
export async function editOwnArtistProfile(
  db: DbOrTx,
  userId: number,
  patch: z.output<typeof ArtistProfilePatch>,
): Promise<ArtistProfileDto> {
  return db.transaction(async (tx) => {
    const current = await repo.findArtistProfileOfUser(tx, userId);
    if (!current) throw forbidden('artist_profile_missing');
    const fields: Parameters<typeof repo.updateArtistProfile>[2] = {};
    if (patch.name !== undefined) fields.name = patch.name;
    if (patch.bio !== undefined) fields.bio = patch.bio;
    if (patch.name_ar !== undefined) fields.nameAr = patch.name_ar;
    if (patch.bio_ar !== undefined) fields.bioAr = patch.bio_ar;
    const updated = (await repo.updateArtistProfile(tx, current.id, fields)) ?? current;
    if (updated.name !== current.name || updated.nameAr !== current.nameAr) {
      const trackIds = await repo.findTrackIdsOfArtist(tx, current.id);
      if (trackIds.length > 0) await refreshTrackSearch(tx, trackIds);
    }
    return toProfileDto(updated);
  });
}
