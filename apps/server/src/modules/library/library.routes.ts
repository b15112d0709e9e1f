import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, LibraryMessages, Messages } from '@tarab/contracts';
import { routeRateLimit } from '../../lib/rate-limit.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as library from './library.service.js';
import { route } from '../../lib/route.js';

export function libraryRoutes(database: Database): FastifyPluginAsyncZod {
  const db = database.db;
  return async (app) => {
    route(app, Api.library.createPlaylist, async (request) => {
      const playlist = await library.createPlaylist(db, currentUser(request).id, request.body.name);
      return { message: Messages.playlistCreated, data: playlist, playlist: { ...playlist, musics: [], loops: [] } };
    });
    route(app, Api.library.addMusic, async (request) =>
      library.addToPlaylist(db, currentUser(request).id, request.body.playlist_id, request.body.music_id, 'music'),
    );
    route(app, Api.library.addLoop, async (request) =>
      library.addToPlaylist(db, currentUser(request).id, request.body.playlist_id, request.body.loop_id, 'loop'),
    );
    route(app, Api.library.playlists, async (request) => ({
      playlists: await library.listPlaylists(db, currentUser(request).id),
    }));
    route(app, Api.library.playlist, async (request) => ({
      data: await library.getPlaylist(db, currentUser(request).id, request.params.id),
    }));
    route(app, Api.library.share, async (request) => ({
      message: LibraryMessages.shareCreated,
      data: { share_path: await library.sharePlaylist(db, currentUser(request).id, request.params.id) },
    }));
    route(app, Api.library.unshare, async (request) => {
      await library.unsharePlaylist(db, currentUser(request).id, request.params.id);
      return { message: LibraryMessages.shareRevoked };
    });
    route(app, Api.library.deletePlaylist, async (request) => {
      await library.deletePlaylist(db, currentUser(request).id, request.params.id);
      return { message: LibraryMessages.playlistDeleted };
    });
    route(app, Api.library.favouriteMusic, async (request) =>
      library.toggleFavourite(db, currentUser(request).id, request.body.music_id, 'music'),
    );
    route(app, Api.library.favouriteLoop, async (request) =>
      library.toggleFavourite(db, currentUser(request).id, request.body.loop_id, 'loop'),
    );
    route(app, Api.library.favourites, async (request) => {
      const favourites = await library.listFavourites(db, currentUser(request).id);
      return { data: favourites, playlists: favourites };
    });
  };
}

/** Shared playlists: public (anyone with the link), read-only, limited per address. */
export function sharedPlaylistRoutes(database: Database, perMinute = 60): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      Api.library.shared,
      { config: routeRateLimit(perMinute, 60, { byIp: true }) },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        reply.header('X-Robots-Tag', 'noindex');
        return {
          data: await library.getSharedPlaylist(database.db, request.params.token, {
            loggedIn: request.user !== null,
          }),
        };
      },
    );
  };
}
