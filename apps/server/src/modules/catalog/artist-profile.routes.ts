import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as profiles from './artist-profile.service.js';

/**
 * The artist's own public profile: read and edit (decision 061). `access: 'artist'` in the route
 * table. An edit clears the catalog's micro-cache (here and, through `events`, on other instances),
 * so the store shows the new name at once.
 */
export function artistProfileRoutes(db: DbOrTx, events?: CatalogEvents): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, Api.ingest.profile, async (request) => ({
      data: await profiles.getOwnArtistProfile(db, currentUser(request).id),
    }));
    route(app, Api.ingest.editProfile, async (request) => {
      const data = await profiles.editOwnArtistProfile(db, currentUser(request).id, request.body);
      events?.changed();
      return { data };
    });
  };
}
